#include "core/io/spine_import/spine_atlas_reader.hpp"

#include <charconv>
#include <cstddef>
#include <optional>

namespace marionette {

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// A `name: a, b, c` line's name and its comma-separated values, trimmed.
struct Entry {
    std::string_view name;
    std::vector<std::string_view> values;
};

std::optional<Entry> entry_of(std::string_view line) {
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    Entry e{trimmed(line.substr(0, colon)), {}};
    std::string_view rest = line.substr(colon + 1);
    while (true) {
        const std::size_t comma = rest.find(',');
        e.values.push_back(trimmed(rest.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return e;
}

std::string quoted(std::string_view s) {
    constexpr std::size_t kShown = 40;
    return "\"" + std::string(s.substr(0, kShown)) + (s.size() > kShown ? "...\"" : "\"");
}

class Lines {
public:
    explicit Lines(std::string_view text) : text_(text) {}
    // The next line (without its end), or nullopt at the end of the text.
    std::optional<std::string_view> next() {
        if (at_ > text_.size() || (at_ == text_.size() && !text_.empty() && text_.back() == '\n')) return std::nullopt;
        const std::size_t end = text_.find('\n', at_);
        const std::string_view line = text_.substr(at_, end == std::string_view::npos ? std::string_view::npos : end - at_);
        at_ = end == std::string_view::npos ? text_.size() + 1 : end + 1;
        ++number_;
        return line;
    }
    std::string place() const { return "line " + std::to_string(number_); }

private:
    std::string_view text_;
    std::size_t at_ = 0;
    int number_ = 0;
};

// `count` whole numbers from `e`, each within [lo, kMaxAtlasSide].
Result<std::vector<int>> numbers(const Entry& e, std::size_t count, int lo, const std::string& place) {
    const auto fail = [&] {
        return Error{place + ": " + quoted(e.name) + " needs " + std::to_string(count) + " whole numbers from " + std::to_string(lo) +
                     " to " + std::to_string(kMaxAtlasSide)};
    };
    if (e.values.size() != count) return fail();
    std::vector<int> out;
    for (const std::string_view v : e.values) {
        int n = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc() || end != v.data() + v.size() || n < lo || n > kMaxAtlasSide) return fail();
        out.push_back(n);
    }
    return out;
}

Status page_field(SpineAtlasPage& page, const Entry& e, const std::string& place, std::vector<std::string>& passed_over) {
    if (e.name == "size") {
        Result<std::vector<int>> n = numbers(e, 2, 0, place);
        if (!n) return Error{n.message()};
        page.size = {n.value()[0], n.value()[1]};
    } else if (e.name == "pma") {
        if (e.values.size() != 1 || (e.values[0] != "true" && e.values[0] != "false")) {
            return Error{place + ": \"pma\" is true or false"};
        }
        page.premultiplied = e.values[0] == "true";
    } else if (e.name != "format" && e.name != "filter" && e.name != "repeat" && e.name != "scale") {
        // format, filter and repeat say how to keep and sample the texture, which the editor
        // decides; scale how much smaller the packer drew the pictures, which changes nothing:
        // an attachment keeps the size its skeleton gives it. Anything else is said.
        passed_over.push_back(place + ": " + quoted(e.name));
    }
    return {};
}

Status region_field(SpineAtlasRegion& r, const Entry& e, const std::string& place, std::vector<std::string>& passed_over,
                    bool& original_given) {
    const auto take = [&](std::size_t count, int lo) -> Result<std::vector<int>> { return numbers(e, count, lo, place); };
    if (e.name == "bounds") {
        Result<std::vector<int>> n = take(4, 0);
        if (!n) return Error{n.message()};
        r.position = {n.value()[0], n.value()[1]};
        r.size = {n.value()[2], n.value()[3]};
    } else if (e.name == "offsets") {
        // The packed part lies inside the original picture: no offset is negative.
        Result<std::vector<int>> n = take(4, 0);
        if (!n) return Error{n.message()};
        r.offset = {n.value()[0], n.value()[1]};
        r.original_size = {n.value()[2], n.value()[3]};
        original_given = true;
    } else if (glm::ivec2* pair = e.name == "xy"       ? &r.position
                                  : e.name == "size"   ? &r.size
                                  : e.name == "orig"   ? &r.original_size
                                  : e.name == "offset" ? &r.offset
                                                       : nullptr) {
        // Spine 3's fields, a pair each.
        Result<std::vector<int>> n = take(2, 0);
        if (!n) return Error{n.message()};
        *pair = {n.value()[0], n.value()[1]};
        original_given = original_given || e.name == "orig";
    } else if (e.name == "rotate") {
        const std::string_view v = e.values.size() == 1 ? e.values[0] : std::string_view();
        int degrees = -1;
        if (v == "true") {
            degrees = 90;
        } else if (v == "false") {
            degrees = 0;
        } else {
            const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), degrees);
            if (ec != std::errc() || end != v.data() + v.size()) degrees = -1;
        }
        if (degrees != 0 && degrees != 90 && degrees != 180 && degrees != 270) {
            return Error{place + ": \"rotate\" is true, false, 0, 90, 180 or 270, not " + quoted(v)};
        }
        r.degrees = degrees;
    } else if (e.name == "index") {
        Result<std::vector<int>> n = numbers(e, 1, -1, place);
        if (!n) return Error{n.message()};
        r.index = n.value()[0];
    } else {
        passed_over.push_back(place + ": " + quoted(e.name));
    }
    return {};
}

Status check_region(const SpineAtlasRegion& r, const SpineAtlasPage& page, const std::string& place) {
    const bool turned = r.degrees == 90 || r.degrees == 270;
    const glm::ivec2 packed = turned ? glm::ivec2(r.size.y, r.size.x) : r.size;
    if (page.size.x > 0 && page.size.y > 0 && (r.position.x + packed.x > page.size.x || r.position.y + packed.y > page.size.y)) {
        return Error{place + ": region \"" + r.name + "\" reaches past its page's " + std::to_string(page.size.x) + " x " +
                     std::to_string(page.size.y) + " pixels"};
    }
    if (r.offset.x + r.size.x > r.original_size.x || r.offset.y + r.size.y > r.original_size.y) {
        return Error{place + ": region \"" + r.name + "\" is larger than its original picture with its offsets"};
    }
    return {};
}

}  // namespace

const SpineAtlasRegion* SpineAtlas::find(std::string_view name, int index) const {
    for (const SpineAtlasRegion& r : regions) {
        if (r.name == name && (index < 0 || r.index == index)) return &r;
    }
    return nullptr;
}

Result<SpineAtlas> read_spine_atlas(std::string_view text) {
    SpineAtlas atlas;
    Lines lines(text);
    enum class Expect { Page, PageField, RegionField } expect = Expect::Page;
    SpineAtlasRegion* region = nullptr;
    bool original_given = false;
    std::string region_place;
    // A region's defaults come from its size once its fields are read: checked when the next
    // region, page or the end comes.
    const auto close_region = [&]() -> Status {
        if (!region) return {};
        if (!original_given) region->original_size = region->size;
        Status s = check_region(*region, atlas.pages[static_cast<std::size_t>(region->page)], region_place);
        region = nullptr;
        return s;
    };
    while (const std::optional<std::string_view> raw = lines.next()) {
        const std::string_view line = trimmed(*raw);
        const std::string place = lines.place();
        if (line.empty()) {
            if (Status s = close_region(); !s) return Error{s.message()};
            expect = Expect::Page;
            continue;
        }
        const std::optional<Entry> e = entry_of(line);
        if (expect == Expect::Page) {
            if (e) return Error{place + ": a page's picture file is expected, not the field " + quoted(e->name)};
            atlas.pages.push_back(SpineAtlasPage{std::string(line), {}, false});
            expect = Expect::PageField;
            continue;
        }
        if (!e) {
            if (Status s = close_region(); !s) return Error{s.message()};
            atlas.regions.push_back(SpineAtlasRegion{});
            region = &atlas.regions.back();
            region->name = std::string(line);
            region->page = static_cast<int>(atlas.pages.size()) - 1;
            original_given = false;
            region_place = place;
            expect = Expect::RegionField;
            continue;
        }
        if (expect == Expect::PageField) {
            if (Status s = page_field(atlas.pages.back(), *e, place, atlas.passed_over); !s) return Error{s.message()};
        } else if (Status s = region_field(*region, *e, place, atlas.passed_over, original_given); !s) {
            return Error{s.message()};
        }
    }
    if (Status s = close_region(); !s) return Error{s.message()};
    return atlas;
}

}  // namespace marionette
