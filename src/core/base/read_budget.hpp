#pragma once
// What one file may make the program hold, counted over the whole file. A file's size says
// little about what it expands to: sixty nodes may share one mesh of sixteen million vertices,
// a cubic spline over an hour is sampled into a key every frame, forty meshes may all read the
// same bytes, and a picture of a few kilobytes may decode to 256 MB. Each reader counts what it
// is about to make, before it allocates, against these limits for the file as a whole, and
// refuses the file with the place that went over (docs/reliability.md, "Budgets").

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/result.hpp"

namespace marionette {

enum class Budgeted {
    Vertices,           // of every mesh, each time one is made
    Triangles,          // likewise
    Keys,               // of every animation track, sampled keys included
    DecodedImageBytes,  // the pictures' pixels once decoded, four bytes a pixel
    FileBytes,          // the bytes of the file and of the files it names (a glTF's buffers and images)
};

inline constexpr std::uint64_t kMaxFileVertices = 16'000'000;
inline constexpr std::uint64_t kMaxFileTriangles = 48'000'000;
inline constexpr std::uint64_t kMaxFileKeys = 10'000'000;
inline constexpr std::uint64_t kMaxFileDecodedImageBytes = 1ull << 30;  // four pictures of 8192 x 8192
inline constexpr std::uint64_t kMaxFileBytes = 512ull * 1024 * 1024;

// The limit of each kind, and the word a message counts it in ("keys").
std::uint64_t budget_limit(Budgeted what);
std::string_view budget_unit(Budgeted what);

// "108,000,000": numbers in messages, readable at a glance.
std::string with_thousands(std::uint64_t n);

class ReadBudget {
public:
    // Counts `amount` more of `what`, or refuses: "<place>: <doing> would make 108,000,000 keys;
    // the limit is 10,000,000", with "(M in the file)" after the count when the file already
    // holds some. Nothing is counted when it refuses.
    Status take(Budgeted what, std::uint64_t amount, std::string_view place, std::string_view doing);
    // What is left of `what`'s limit.
    std::uint64_t left(Budgeted what) const;
    std::uint64_t used(Budgeted what) const { return used_[static_cast<std::size_t>(what)]; }

private:
    std::array<std::uint64_t, 5> used_{};
};

}  // namespace marionette
