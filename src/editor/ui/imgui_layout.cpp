#include "editor/ui/imgui_layout.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

#include "core/base/terminal_text.hpp"

namespace marionette {

namespace {

using LayoutRules = ImGuiLayoutRules;

// How much of a bad line a message quotes: enough to find it in the file.
constexpr std::size_t kQuotedBytes = 60;

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex_digit(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool all_digits(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), is_digit); }

// A whole number as ImGui's %d writes it: an optional minus, digits, no leading zero (ImGui reads
// window positions with %i, which takes "010" for eight). A number too long for long long reads
// as one beyond every range here, so the message can still quote it.
std::optional<long long> whole_number(std::string_view s) {
    const bool negative = !s.empty() && s.front() == '-';
    const std::string_view digits = s.substr(negative ? 1 : 0);
    if (!all_digits(digits) || (digits.size() > 1 && digits.front() == '0')) return std::nullopt;
    if (digits.size() > 18) return negative ? -1'000'000'000'000'000'000LL : 1'000'000'000'000'000'000LL;
    long long value = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return negative ? -value : value;
}

std::optional<long long> whole_number_in(std::string_view s, long long lo, long long hi) {
    const std::optional<long long> v = whole_number(s);
    return v && *v >= lo && *v <= hi ? v : std::nullopt;
}

// Digits with an optional fraction, as ImGui's %g and %.4f write the numbers read here: no sign,
// exponent, "inf" or "nan" gets through.
std::optional<double> plain_decimal(std::string_view s) {
    const std::size_t dot = s.find('.');
    const std::string_view whole = s.substr(0, dot);
    if (!all_digits(whole)) return std::nullopt;
    if (dot != std::string_view::npos && !all_digits(s.substr(dot + 1))) return std::nullopt;
    double value = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value, std::chars_format::fixed);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

// A limit of a decimal field, for messages: each is a whole number.
std::string whole(double limit) { return std::to_string(static_cast<long long>(limit)); }

// ImGui's %08X reads at most eight hex digits; a ninth would be left for the next field.
bool is_hex_id(std::string_view s) { return !s.empty() && s.size() <= 8 && std::all_of(s.begin(), s.end(), is_hex_digit); }

// "X,Y", each a whole number in [lo, hi].
bool is_pair(std::string_view s, long long lo, long long hi) {
    const std::size_t comma = s.find(',');
    return comma != std::string_view::npos && whole_number_in(s.substr(0, comma), lo, hi) && whole_number_in(s.substr(comma + 1), lo, hi);
}

// The line as a message quotes it: cut short on a character's first byte, control characters
// and stray bytes spelled out (the status bar and the terminal show it).
std::string quote_line(std::string_view line) {
    if (line.size() <= kQuotedBytes) return terminal_safe(line);
    std::size_t cut = kQuotedBytes;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    return terminal_safe(line.substr(0, cut)) + "...";
}

// A window's line, or what is wrong with it ("" when it is kept).
std::string window_line_problem(std::string_view line) {
    const std::string short_range = std::to_string(LayoutRules::kMinPosition) + " to " + std::to_string(LayoutRules::kMaxExtent);
    if (line.starts_with("Pos=")) {
        return is_pair(line.substr(4), LayoutRules::kMinPosition, LayoutRules::kMaxExtent)
                   ? ""
                   : "Pos: expected two whole numbers from " + short_range;
    }
    if (line.starts_with("Size=")) {
        return is_pair(line.substr(5), 0, LayoutRules::kMaxExtent)
                   ? ""
                   : "Size: expected two whole numbers from 0 to " + std::to_string(LayoutRules::kMaxExtent);
    }
    if (line.starts_with("Collapsed=")) {
        const std::string_view v = line.substr(10);
        return v == "0" || v == "1" ? "" : "Collapsed: expected 0 or 1";
    }
    return "not a window's line (Pos=X,Y, Size=W,H or Collapsed=0|1)";
}

// One "Key=value" field of a table's Column line, or what is wrong with it.
std::string column_field_problem(std::string_view key, std::string_view value, long long columns) {
    const std::string below = "0 to " + std::to_string(columns - 1);
    if (key == "UserID") {
        return is_hex_id(value.starts_with("0x") ? value.substr(2) : value) ? "" : "UserID: expected up to 8 hex digits";
    }
    if (key == "Width") {
        return whole_number_in(value, 0, LayoutRules::kMaxExtent)
                   ? ""
                   : "Width: expected a whole number from 0 to " + std::to_string(LayoutRules::kMaxExtent);
    }
    if (key == "Weight") {
        const std::optional<double> w = plain_decimal(value);
        return w && *w > 0.0 && *w <= LayoutRules::kMaxWeight
                   ? ""
                   : "Weight: expected a number above 0 and at most " + whole(LayoutRules::kMaxWeight);
    }
    if (key == "Visible") return value == "0" || value == "1" ? "" : "Visible: expected 0 or 1";
    if (key == "Order") return whole_number_in(value, 0, columns - 1) ? "" : "Order: expected " + below;
    if (key == "Sort") {
        const bool direction = !value.empty() && (value.back() == 'v' || value.back() == '^');
        const bool kept = direction && whole_number_in(value.substr(0, value.size() - 1), 0, columns - 1);
        return kept ? "" : "Sort: expected " + below + " followed by v or ^";
    }
    return "unknown field \"" + terminal_safe(key) + "\"";
}

// A table's line, or what is wrong with it. `columns` is its section's column count.
std::string table_line_problem(std::string_view line, long long columns) {
    if (line.starts_with("RefScale=")) {
        const std::optional<double> s = plain_decimal(line.substr(9));
        return s && *s >= LayoutRules::kMinRefScale && *s <= LayoutRules::kMaxRefScale
                   ? ""
                   : "RefScale: expected a number from " + whole(LayoutRules::kMinRefScale) + " to " + whole(LayoutRules::kMaxRefScale);
    }
    if (!line.starts_with("Column ")) return "not a table's line (RefScale=S or Column I ...)";
    std::vector<std::string_view> words;
    for (std::size_t at = 6; at < line.size();) {
        const std::size_t start = line.find_first_not_of(' ', at);
        if (start == std::string_view::npos) break;
        const std::size_t end = std::min(line.find(' ', start), line.size());
        words.push_back(line.substr(start, end - start));
        at = end;
    }
    if (words.empty() || !whole_number(words.front())) return "Column: expected the column's number";
    const long long index = *whole_number(words.front());
    if (index < 0 || index >= columns) {
        return "column " + std::string(words.front()) + "; the table has " + std::to_string(columns) + " (0 to " +
               std::to_string(columns - 1) + ")";
    }
    std::vector<std::string_view> keys;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::size_t eq = words[i].find('=');
        if (eq == std::string_view::npos) return "\"" + terminal_safe(words[i]) + "\" is not a field (Key=value)";
        const std::string_view key = words[i].substr(0, eq);
        if (std::find(keys.begin(), keys.end(), key) != keys.end()) return std::string(key) + " given twice";
        keys.push_back(key);
        if (std::string problem = column_field_problem(key, words[i].substr(eq + 1), columns); !problem.empty()) return problem;
    }
    return "";
}

// What a section header says: its type and name, each in its brackets.
struct SectionHeader {
    std::string_view type;
    std::string_view name;
};

// "[Type][Name]", the name possibly holding brackets itself, as ImGui's loader reads it.
std::optional<SectionHeader> parse_header(std::string_view line) {
    if (line.size() < 4 || line.front() != '[' || line.back() != ']') return std::nullopt;
    const std::size_t close = line.find(']');
    if (close + 1 >= line.size() - 1 || line[close + 1] != '[') return std::nullopt;
    return SectionHeader{line.substr(1, close - 1), line.substr(close + 2, line.size() - close - 3)};
}

// A Table section's name "0xID,N": its column count, or what is wrong with it.
std::string table_name_problem(std::string_view name, long long& columns) {
    const std::size_t comma = name.find(',');
    const std::string_view id = name.substr(0, comma);
    const std::string_view count = comma == std::string_view::npos ? std::string_view() : name.substr(comma + 1);
    const std::optional<long long> n = whole_number(count);
    if (!id.starts_with("0x") || !is_hex_id(id.substr(2)) || !n) {
        return "not a table's name (0x and up to 8 hex digits, a comma, the number of columns)";
    }
    columns = *n;
    const std::string max = std::to_string(LayoutRules::kMaxTableColumns);
    if (columns < 1) return std::string(count) + " columns; a table has at least 1";
    if (columns > LayoutRules::kMaxTableColumns) return std::string(count) + " columns; a table has at most " + max;
    return "";
}

// What a header line opens ("" when kept): a Window or a Table section, whose lines are checked
// by the rules of its type.
enum class Section { None, Window, Table };

std::string header_problem(std::string_view line, Section& section, long long& columns) {
    section = Section::None;
    const std::optional<SectionHeader> h = parse_header(line);
    if (!h || h->type.empty()) return "not a section header ([Type][Name])";
    if (h->name.empty()) return "a section without a name";
    if (h->type == "Window") {
        section = Section::Window;
        return "";
    }
    if (h->type == "Table") {
        std::string problem = table_name_problem(h->name, columns);
        if (problem.empty()) section = Section::Table;
        return problem;
    }
    return "unknown section type \"" + terminal_safe(h->type) + "\"; ImGui 1.86 reads Window and Table sections";
}

bool is_blank(std::string_view line) { return line.find_first_not_of(" \t") == std::string_view::npos; }

class Report {
public:
    void drop(std::size_t line_number, std::string_view line, const std::string& problem, const char* what) {
        if (described_.size() < LayoutRules::kProblemsDescribed) {
            described_.push_back("imgui_layout line " + std::to_string(line_number) + ": " + quote_line(line) + ": " + problem + "; " +
                                 what);
        } else {
            ++more_;
        }
    }
    std::string warning() const {
        std::string out;
        for (const std::string& d : described_) out += (out.empty() ? "" : "; ") + d;
        if (more_ > 0) out += "; and " + std::to_string(more_) + " more parts of imgui_layout dropped";
        return out;
    }

private:
    std::vector<std::string> described_;
    std::size_t more_ = 0;
};

}  // namespace

CheckedImGuiLayout check_imgui_layout(std::string_view layout) {
    CheckedImGuiLayout out;
    Report report;
    Section section = Section::None;
    bool keeping = true;  // false inside a dropped section: its lines go with it, unreported
    long long columns = 0;
    std::size_t sections = 0;
    std::size_t line_number = 0;
    for (std::size_t at = 0; at < layout.size();) {
        const std::size_t end = std::min(layout.find_first_of("\r\n", at), layout.size());
        const std::string_view line = layout.substr(at, end - at);
        at = end + (layout.compare(end, 2, "\r\n") == 0 ? 2 : 1);
        ++line_number;

        if (!line.empty() && line.front() == '[') {
            std::string problem;
            if (line.find('\0') != std::string_view::npos) {
                problem = "a NUL byte";
            } else if (sections == LayoutRules::kMaxSections) {
                report.drop(line_number, line, "more than " + std::to_string(LayoutRules::kMaxSections) + " sections",
                            "it and the rest dropped");
                break;
            } else {
                problem = header_problem(line, section, columns);
            }
            keeping = problem.empty();
            if (!keeping) {
                report.drop(line_number, line, problem, "section dropped");
                continue;
            }
            ++sections;
            out.text.append(line).push_back('\n');
            continue;
        }
        if (!keeping) continue;
        if (is_blank(line)) {
            out.text.push_back('\n');
            continue;
        }
        std::string problem;
        if (line.find('\0') != std::string_view::npos) {
            problem = "a NUL byte";
        } else if (section == Section::Window) {
            problem = window_line_problem(line);
        } else if (section == Section::Table) {
            problem = table_line_problem(line, columns);
        } else {
            problem = "a line outside any section";
        }
        if (!problem.empty()) {
            report.drop(line_number, line, problem, "dropped");
            continue;
        }
        out.text.append(line).push_back('\n');
    }
    out.warning = report.warning();
    return out;
}

}  // namespace marionette
