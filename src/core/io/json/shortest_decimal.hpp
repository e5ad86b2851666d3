#pragma once
// The shortest decimal that reads back as a given float: the digits std::to_chars writes for
// it in scientific form, as an integer and a power of ten, without going through text. (Its
// plain form writes a large whole float's exact value instead where that is no longer:
// 33554448, not 3.355445e+07.) A baked frame writes
// hundreds of thousands of floats (frames_json.cpp), and to_chars plus reading its text back
// for the digits was most of a frame's time.

#include <cstdint>

namespace marionette {

// |v| = digits × 10^exponent, read back exactly; digits has no trailing zero and at most nine
// digits (zero: digits 0, exponent 0). Among the shortest decimals that read back as v, the
// one nearest v (a tie: the even one), as std::to_chars chooses. v is finite; its sign is
// ignored.
struct ShortestDecimal {
    std::uint32_t digits = 0;
    int exponent = 0;
    // How far this decimal lies from the double nearest it, as a fraction of the step between
    // doubles there (0 to 0.5, good to 1e-7), where it came on the way: most floats from about
    // 1e-6 to 1e8 but powers of two. -1 where not. (The JSON writer prints that double with
    // these digits unless the decimal is near a half step from it: json_numbers.cpp.)
    double off_double = -1.0;
};

ShortestDecimal shortest_decimal(float v);

}  // namespace marionette
