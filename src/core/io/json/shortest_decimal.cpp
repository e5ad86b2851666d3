#include "core/io/json/shortest_decimal.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>

namespace marionette {

namespace {

// GCC's and Clang's 128-bit integer: one multiply gives the exact product this needs.
__extension__ typedef unsigned __int128 u128;

// 5^0 .. 5^27, the powers a 64-bit integer holds.
constexpr int kMaxPowerOfFive = 27;
constexpr auto kPowersOfFive = [] {
    std::array<std::uint64_t, kMaxPowerOfFive + 1> p{};
    p[0] = 1;
    for (std::size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 5;
    return p;
}();

// 5^14 · 2^26 < 2^59: the products the common case takes in 64 bits.
constexpr int kMaxPowerOfFiveIn64Bits = 14;

// 2^27 / 5^i: a unit of the scaled values below, in steps between doubles (see its use).
constexpr auto kDoubleStepsPerUnit = [] {
    std::array<double, kMaxPowerOfFiveIn64Bits + 1> r{};
    for (std::size_t i = 0; i < r.size(); ++i) r[i] = 134217728.0 / static_cast<double>(kPowersOfFive[i]);
    return r;
}();

// A non-negative rational as a whole part and remainder / denominator (denominator < 2^64).
struct Fraction {
    std::uint64_t whole = 0;
    std::uint64_t remainder = 0;
    std::uint64_t denominator = 1;
};

// x · 2^t · 10^-k exactly, for the k this file picks (|k| ≤ 27): with k ≤ 0 the denominator is
// a power of two, with k > 0 the power of five (and then t ≥ 0: see shortest_decimal). False
// when a part would not fit in 64 bits (never, for the floats that reach here; kept as a
// guard rather than an assumption).
bool scale(std::uint64_t x, int t, int k, Fraction& out) {
    if (k <= 0) {
        const u128 n = static_cast<u128>(x) * kPowersOfFive[static_cast<std::size_t>(-k)];
        if (t >= 0) {
            if (t >= 64 || (n >> (64 - t)) != 0) return false;
            out = {static_cast<std::uint64_t>(n << t), 0, 1};
            return true;
        }
        const int s = -t;
        if (s >= 64 || (n >> s) >> 64 != 0) return false;
        const std::uint64_t denominator = std::uint64_t{1} << s;
        out = {static_cast<std::uint64_t>(n >> s), static_cast<std::uint64_t>(n) & (denominator - 1), denominator};
        return true;
    }
    if (t < 0 || t >= 64) return false;
    const u128 n = static_cast<u128>(x) << t;
    const std::uint64_t d = kPowersOfFive[static_cast<std::size_t>(k)];
    if (n / d >> 64 != 0) return false;
    out = {static_cast<std::uint64_t>(n / d), static_cast<std::uint64_t>(n % d), d};
    return true;
}

// Subnormals and magnitudes beyond about 1e±19: to_chars's own shortest scientific text, read
// for its digits.
ShortestDecimal from_text(float v) {
    char text[32];
    const char* const end = std::to_chars(text, text + sizeof text, std::fabs(v), std::chars_format::scientific).ptr;
    ShortestDecimal d;
    bool point = false;
    const char* p = text;
    for (; p != end && *p != 'e'; ++p) {
        if (*p == '.') {
            point = true;
        } else {
            d.digits = d.digits * 10 + static_cast<std::uint32_t>(*p - '0');
            if (point) --d.exponent;
        }
    }
    if (p != end) {
        int e = 0;
        std::from_chars(p + (p[1] == '+' ? 2 : 1), end, e);
        d.exponent += e;
    }
    if (d.digits == 0) return {};
    while (d.digits % 10 == 0) {
        d.digits /= 10;
        ++d.exponent;
    }
    return d;
}

}  // namespace

// v = m · 2^e. The decimals that read back as v are those strictly inside the interval half a
// float step either side of it (the lower step is half as wide at a power of two), and its ends
// too when m is even (reading rounds a tie to the even float). Scaled by 10^-k so that v is
// between 10^8 and 10^10, the interval holds several integers: the shortest decimal is the
// multiple of the highest power of ten it holds, and of those the one nearest v. All of it in
// exact integer arithmetic, checked against to_chars on every float
// (shortest_decimal_test.cpp).
ShortestDecimal shortest_decimal(float v) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(v) & 0x7FFFFFFFu;
    if (bits == 0) return {};
    const int biased = static_cast<int>(bits >> 23);
    if (biased == 0 || biased == 255) return from_text(v);
    const std::uint32_t fraction = bits & 0x7FFFFFu;
    const std::uint64_t m = fraction | 0x800000u;
    const int e = biased - 150;
    if (fraction != 0) {
        // Scaled instead by the step's own power of ten, so the interval (one step wide) is
        // between 10 and 100 wide: it holds at most one multiple of 100, and at least one of 10.
        // If it holds the one, that (less its trailing zeros) is the shortest; if not, the
        // nearest multiple of 10 is. No search over powers of ten. Magnitudes from about 1e-6
        // to 1e8, where 4m · 5^-k / 2^s takes one 64-bit product; a power of two (a narrower
        // step below) and the rest go the general way.
        const int step_k = ((e * 78913) >> 18) - 1;
        const int step_s = step_k + 2 - e;
        if (step_k <= 0 && step_k >= -kMaxPowerOfFiveIn64Bits && step_s > 0 && step_s < 64) {
            const std::uint64_t five = kPowersOfFive[static_cast<std::size_t>(-step_k)];
            const std::uint64_t n = 4 * m * five;
            const std::uint64_t included = m % 2 == 0 ? 1 : 0;
            const std::uint64_t a = (((n - 2 * five) - included) >> step_s) + 1;
            const std::uint64_t b = ((n + 2 * five) - (1 - included)) >> step_s;
            // The nearest multiple of 10 (a tie to even), inside the interval; both outcomes are
            // computed and one chosen, as which it is depends on the digits, and a mispredicted
            // branch would cost more than the other's few products.
            const std::uint64_t whole = n >> step_s;
            const std::uint64_t more = (n & ((std::uint64_t{1} << step_s) - 1)) != 0 ? 1 : 0;
            std::uint64_t c = whole / 10;
            const std::uint64_t dropped = whole - 10 * c;
            // Up when the dropped digit is over 5, or 5 with more after it or an odd c before it.
            c += 2 * dropped + (more | (c & 1)) > 10 ? 1 : 0;
            const std::uint64_t a10 = (a + 9) / 10;
            const std::uint64_t b10 = b / 10;
            c = c < a10 ? a10 : c;
            c = c > b10 ? b10 : c;
            const std::uint64_t b100 = b / 100;
            const bool hundred = (a + 99) / 100 <= b100;
            const std::uint64_t pick = 0 - static_cast<std::uint64_t>(hundred);  // all ones or none
            c = (b100 & pick) | (c & ~pick);
            int j = 1 + static_cast<int>(hundred);
            // How far the decimal (C in these units) lies from the double nearest it, in steps
            // between doubles near v, 2^(e-29): (C · 2^s - n) · 2^27 / 5^-k, under 2^28 in size,
            // its fraction good to 2^-24 here.
            const std::uint64_t scaled_decimal = hundred ? 100 * c : 10 * c;
            const auto delta = static_cast<std::int64_t>(scaled_decimal << step_s) - static_cast<std::int64_t>(n);
            const double steps = static_cast<double>(delta) * kDoubleStepsPerUnit[static_cast<std::size_t>(-step_k)];
            const double fraction_of_step = std::fabs(steps - static_cast<double>(static_cast<std::int64_t>(steps)));
            const double off = std::min(fraction_of_step, 1.0 - fraction_of_step);
            // c ends in 0 only as the multiple of 100 (a c · 10 that ends in 00 is one the
            // interval holds): a round number, 0.5 or 1000, loses its zeros.
            if (c % 10 == 0) {
                do {
                    c /= 10;
                    ++j;
                } while (c % 10 == 0);
            }
            return {static_cast<std::uint32_t>(c), step_k + j, off};
        }
    }
    // floor(log10(2^E)) for v in [2^E, 2^(E+1)), exact for the floats' exponents.
    const int binary_exponent = biased - 127;
    const int k = ((binary_exponent * 78913) >> 18) - 8;
    if (k < -kMaxPowerOfFive || k > kMaxPowerOfFive) return from_text(v);
    // Four times m, and the interval's ends in the same units, times 2^(e-2) · 10^-k: the
    // smallest integer a and the largest b the interval holds, and v as a fraction.
    const bool narrower_below = fraction == 0 && biased > 1;
    const bool ends_included = m % 2 == 0;
    const int t = e - 2 - k;
    Fraction value;
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    if (k <= 0 && k >= -kMaxPowerOfFiveIn64Bits && t < 0 && t > -64) {
        // Magnitudes from about 1e-6 to 1e8, most numbers a rig holds: v · 10^-k is
        // 4m · 5^-k / 2^s, under 2^59 on top, so one 64-bit product and shifts give it all.
        const std::uint64_t five = kPowersOfFive[static_cast<std::size_t>(-k)];
        const std::uint64_t n = 4 * m * five;
        const int s = -t;
        const std::uint64_t low = n - (narrower_below ? 1 : 2) * five;
        const std::uint64_t high = n + 2 * five;
        const std::uint64_t included = ends_included ? 1 : 0;
        a = ((low - included) >> s) + 1;
        b = (high - (1 - included)) >> s;
        value = {n >> s, n & ((std::uint64_t{1} << s) - 1), std::uint64_t{1} << s};
    } else {
        const std::uint64_t lower = 4 * m - (narrower_below ? 1 : 2);
        const std::uint64_t upper = 4 * m + 2;
        Fraction low;
        Fraction high;
        if (!scale(4 * m, t, k, value) || !scale(lower, t, k, low) || !scale(upper, t, k, high)) return from_text(v);
        a = low.whole + ((low.remainder != 0 || !ends_included) ? 1 : 0);
        b = high.whole - ((high.remainder == 0 && !ends_included) ? 1 : 0);
    }
    // ceil(ceil(x/10^j)/10) = ceil(x/10^(j+1)), and the same for floor. Alongside, v / 10^j as
    // c, the last digit dropped from it, and whether any after that was not zero.
    int j = 0;
    std::uint64_t c = value.whole;
    std::uint64_t dropped = 0;
    bool more = value.remainder != 0;
    for (;;) {
        const std::uint64_t a10 = (a + 9) / 10;
        const std::uint64_t b10 = b / 10;
        if (a10 > b10) break;
        a = a10;
        b = b10;
        more = more || dropped != 0;
        dropped = c % 10;
        c /= 10;
        ++j;
    }
    // Rounded to nearest, a tie to even, then kept inside the interval.
    bool up = false;
    if (j == 0) {
        const std::uint64_t twice = 2 * value.remainder;  // remainder < 2^63
        up = twice > value.denominator || (twice == value.denominator && c % 2 == 1);
    } else {
        up = dropped > 5 || (dropped == 5 && (more || c % 2 == 1));
    }
    if (up) ++c;
    if (c < a) c = a;
    if (c > b) c = b;
    ShortestDecimal d{static_cast<std::uint32_t>(c), k + j};
    return d;
}

}  // namespace marionette
