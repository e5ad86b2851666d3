#include "core/base/read_budget.hpp"

namespace marionette {

std::uint64_t budget_limit(Budgeted what) {
    switch (what) {
        case Budgeted::Vertices: return kMaxFileVertices;
        case Budgeted::Triangles: return kMaxFileTriangles;
        case Budgeted::Keys: return kMaxFileKeys;
        case Budgeted::DecodedImageBytes: return kMaxFileDecodedImageBytes;
        case Budgeted::FileBytes: return kMaxFileBytes;
    }
    return 0;
}

std::string_view budget_unit(Budgeted what) {
    switch (what) {
        case Budgeted::Vertices: return "vertices";
        case Budgeted::Triangles: return "triangles";
        case Budgeted::Keys: return "keys";
        case Budgeted::DecodedImageBytes: return "bytes of decoded pictures";
        case Budgeted::FileBytes: return "bytes of files read";
    }
    return "";
}

std::string with_thousands(std::uint64_t n) {
    std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

Status ReadBudget::take(Budgeted what, std::uint64_t amount, std::string_view place, std::string_view doing) {
    std::uint64_t& used = used_[static_cast<std::size_t>(what)];
    const std::uint64_t limit = budget_limit(what);
    if (amount <= limit - used) {
        used += amount;
        return {};
    }
    // Past the limit the sum is only for the message; it saturates rather than wrap.
    const std::uint64_t total = amount > UINT64_MAX - used ? UINT64_MAX : used + amount;
    std::string message =
        std::string(place) + ": " + std::string(doing) + " would make " + with_thousands(amount) + " " + std::string(budget_unit(what));
    if (used > 0) message += " (" + with_thousands(total) + " in the file)";
    return Error{message + "; the limit is " + with_thousands(limit)};
}

std::uint64_t ReadBudget::left(Budgeted what) const { return budget_limit(what) - used_[static_cast<std::size_t>(what)]; }

}  // namespace marionette
