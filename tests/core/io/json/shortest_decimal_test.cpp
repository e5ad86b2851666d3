// shortest_decimal gives the digits std::to_chars writes for a float in scientific form, in
// integer arithmetic: checked here on chosen and random floats, and by hand on every float.

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <thread>

#include "core/io/json/shortest_decimal.hpp"

using namespace marionette;

namespace {

// to_chars's shortest scientific text for |v|: "1.4159775e+00".
std::string to_chars_text(float v) {
    char text[32];
    const char* const end = std::to_chars(text, text + sizeof text, std::fabs(v), std::chars_format::scientific).ptr;
    return std::string(text, static_cast<std::size_t>(end - text));
}

// The decimal laid out as that text is: a digit, the point and the others if any, the exponent
// signed and of two digits at least.
std::string scientific_text(const ShortestDecimal& d) {
    const std::string digits = std::to_string(d.digits);
    const int exponent = d.exponent + static_cast<int>(digits.size()) - 1;
    std::string text = digits.substr(0, 1);
    if (digits.size() > 1) text += "." + digits.substr(1);
    text += exponent < 0 ? "e-" : "e+";
    const int magnitude = exponent < 0 ? -exponent : exponent;
    if (magnitude < 10) text += '0';
    text += std::to_string(magnitude);
    return text;
}

bool agrees(float v) { return scientific_text(shortest_decimal(v)) == to_chars_text(v); }

bool same(const ShortestDecimal& a, const ShortestDecimal& b) { return a.digits == b.digits && a.exponent == b.exponent; }

// Floats from `first` to `last` (bit patterns, positive) that disagree with to_chars, on two threads.
std::uint64_t disagreements(std::uint32_t first, std::uint32_t last) {
    std::atomic<std::uint64_t> differ{0};
    const auto check = [&differ](std::uint64_t from, std::uint64_t to) {
        for (std::uint64_t bits = from; bits < to; ++bits) {
            const float v = std::bit_cast<float>(static_cast<std::uint32_t>(bits));
            if (!agrees(v) && ++differ <= 5) {
                ADD_FAILURE() << std::hexfloat << v << ": " << shortest_decimal(v).digits << "e" << shortest_decimal(v).exponent;
            }
        }
    };
    const std::uint64_t middle = first + (static_cast<std::uint64_t>(last) - first) / 2;
    std::thread other(check, std::uint64_t{first}, middle);
    check(middle, std::uint64_t{last} + 1);
    other.join();
    return differ;
}

}  // namespace

TEST(ShortestDecimal, ChosenFloats) {
    EXPECT_TRUE(same(shortest_decimal(0.1f), {1, -1}));
    EXPECT_TRUE(same(shortest_decimal(-84.5f), {845, -1}));
    EXPECT_TRUE(same(shortest_decimal(1000.0f), {1, 3}));
    EXPECT_TRUE(same(shortest_decimal(33554448.0f), {3355445, 1}));  // the plain form's 33554448 is longer
    EXPECT_TRUE(same(shortest_decimal(1.4159775f), {14159775, -7}));
    EXPECT_TRUE(same(shortest_decimal(0.0f), {0, 0}));
    EXPECT_TRUE(same(shortest_decimal(-0.0f), {0, 0}));
    EXPECT_TRUE(same(shortest_decimal(std::numeric_limits<float>::max()), {34028235, 31}));
    EXPECT_TRUE(same(shortest_decimal(std::numeric_limits<float>::min()), {11754944, -45}));
    EXPECT_TRUE(same(shortest_decimal(std::numeric_limits<float>::denorm_min()), {1, -45}));
}

TEST(ShortestDecimal, AgreesWithToCharsAtEveryPowerOfTwoAndItsNeighbours) {
    // Powers of two have the narrower interval below; their neighbours, the widest digit runs.
    for (int biased = 1; biased < 255; ++biased) {
        const auto power = static_cast<std::uint32_t>(biased) << 23;
        for (std::uint32_t bits = power - (biased > 1 ? 3 : 0); bits <= power + 3; ++bits) {
            const float v = std::bit_cast<float>(bits);
            EXPECT_TRUE(agrees(v)) << std::hexfloat << v << ": " << to_chars_text(v);
        }
    }
}

TEST(ShortestDecimal, AgreesWithToCharsOnRandomFloatsAndARangeOfEachKind) {
    std::mt19937 rng(20261124);
    std::uniform_real_distribution<float> coordinate(-500.0f, 500.0f);
    int differ = 0;
    for (int i = 0; i < 1000000; ++i) {
        const float any = std::bit_cast<float>(static_cast<std::uint32_t>(rng()));
        const float near = coordinate(rng);
        for (const float v : {any, near}) {
            if (std::isfinite(v) && !agrees(v) && ++differ <= 5) ADD_FAILURE() << std::hexfloat << v;
        }
    }
    EXPECT_EQ(differ, 0);
    // Every float of a few ranges: subnormals, around one, and large whole numbers.
    EXPECT_EQ(disagreements(0x00000001u, 0x00040000u), 0u);
    EXPECT_EQ(disagreements(0x3F7C0000u, 0x3F840000u), 0u);
    EXPECT_EQ(disagreements(0x4BFC0000u, 0x4C040000u), 0u);
}

// Every finite positive float (the sign is ignored), about 2.1 billion: run by hand after a
// change (--gtest_also_run_disabled_tests --gtest_filter='*EveryFloat'; about 100 s on two cores).
TEST(ShortestDecimal, DISABLED_AgreesWithToCharsOnEveryFloat) { EXPECT_EQ(disagreements(0x00000001u, 0x7F7FFFFFu), 0u); }

// off_double, where given, is how far the decimal lies from its nearest double in steps between
// doubles: checked against the same distance worked out in long double (64-bit significand: good
// to about 2^-11 of a step), on random floats of a rig's magnitudes.
TEST(ShortestDecimal, OffDoubleIsTheDecimalsDistanceFromItsDouble) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> magnitude(-6.0f, 8.0f);
    int given = 0;
    for (int i = 0; i < 200000; ++i) {
        const float v = std::pow(10.0f, magnitude(rng)) * (i % 2 ? -1.0f : 1.0f);
        const ShortestDecimal d = shortest_decimal(v);
        if (d.off_double < 0.0) continue;
        ++given;
        char text[40];
        const auto written = std::to_chars(text, text + sizeof text, d.digits);
        const std::string decimal = std::string(text, written.ptr) + "e" + std::to_string(d.exponent);
        const long double exact = std::strtold(decimal.c_str(), nullptr);
        const double nearest = std::strtod(decimal.c_str(), nullptr);
        const double step = std::nextafter(nearest, 2.0 * nearest) - nearest;
        const long double reference = std::fabs(exact - static_cast<long double>(nearest)) / step;
        ASSERT_NEAR(d.off_double, static_cast<double>(reference), 1e-3) << decimal;
    }
    EXPECT_GT(given, 180000) << "most floats of these magnitudes get it (94% when written)";
    // The float the JSON writer printed with more digits: its decimal lies about half a step off.
    EXPECT_GT(shortest_decimal(1.4159775f).off_double, 0.49);
    EXPECT_EQ(shortest_decimal(0.5f).off_double, -1.0) << "a power of two goes the general way";
}
