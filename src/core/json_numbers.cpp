#include "core/json_numbers.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace marionette {

namespace {

// The double nearest the shortest decimal that reads back as `v`: JSON's writer prints it back
// as the same short text, where `v` widened to a double would print as 0.10000000149011612.
double shortest_double(float v) {
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
    (void)ec;  // 32 characters hold any float
    // from_chars rounds to nearest as strtod does, for the same double, several times faster
    // (it skips the locale); "nan" and "inf" read too.
    double d = 0.0;
    std::from_chars(buf, end, d);
    return d;
}

bool is_whole_integer(double d) {
    // Below 2^53 every whole double is exact as a long long; 1e15 keeps well inside that.
    return d == std::floor(d) && std::fabs(d) < 1e15;
}

}  // namespace

Json json_number(double d) {
    if (is_whole_integer(d)) return static_cast<long long>(d);
    return d;
}

Json json_float(float v) { return json_number(shortest_double(v)); }

namespace {

// 10^i for i in 0..22: the powers of ten a double holds exactly.
constexpr int kExactPowers = 23;
constexpr auto kPowersOfTen = [] {
    std::array<double, kExactPowers> p{};
    p[0] = 1.0;
    for (int i = 1; i < kExactPowers; ++i) p[static_cast<std::size_t>(i)] = p[static_cast<std::size_t>(i - 1)] * 10.0;
    return p;
}();

// Whether the JSON writer prints the double nearest the decimal `digits` × 10^(n - k) (k its
// length) as those very digits. Its Grisu2 finds the shortest digits inside the double's
// rounding interval narrowed by a few units of its 64-bit arithmetic at each end (under 1/100
// of a step between doubles), so a decimal lying at an end comes out longer: the float
// 1.4159775 was written 1.4159774999999999. A decimal within 0.45 of a step of its double is
// well inside, and no shorter decimal is that near it, so those digits are what it prints.
// The digits and the power of ten are exact doubles here, so one division or product rounds
// to that nearest double, and a fused multiply-add gives how far the decimal is from it,
// exactly. Other decimals (beyond 10^±22, below 1e-13 or so) are left to the writer.
bool writer_keeps_digits(std::string_view digits, int n) {
    const int e = n - static_cast<int>(digits.size());
    if (e <= -kExactPowers || e >= kExactPowers) return false;
    std::uint64_t m = 0;
    for (const char c : digits) m = m * 10 + static_cast<std::uint64_t>(c - '0');
    const auto mantissa = static_cast<double>(m);  // nine digits at most: exact
    const double p = kPowersOfTen[static_cast<std::size_t>(e < 0 ? -e : e)];
    // d: the double nearest the decimal; off: decimal - d, scaled by p when dividing.
    const double d = e < 0 ? mantissa / p : mantissa * p;
    const double off = e < 0 ? -std::fma(d, p, -mantissa) : std::fma(mantissa, p, -d);
    const double scale = e < 0 ? p : 1.0;
    const auto bits = std::bit_cast<std::uint64_t>(d);  // d is positive and normal
    const double step = off >= 0 ? std::bit_cast<double>(bits + 1) - d : d - std::bit_cast<double>(bits - 1);
    return std::fabs(off) < 0.45 * step * scale;
}

}  // namespace

void append_json_float(std::string& text, float v) {
    // The same text as json_float(v).dump() with, in all but a few cases, one conversion instead
    // of three (the float's shortest text, that read back as a double, the double's digits by
    // the JSON writer): the writer's digits are the float's, and only its layout is left to
    // follow. json_numbers_test.cpp compares the two texts (a million random floats; by hand, all
    // the positive ones below 2.0, a quarter of every float, with no difference).
    if (!std::isfinite(v)) {
        text += "null";  // as the JSON writer puts NaN and infinities
        return;
    }
    // What json_float reads back: "84.5", "0.001", "240823472" (a whole float, exactly, when
    // that is no longer than "2.4082347e+08"), "1e-05", "1.2345e+20", "-0".
    char shortest[32];
    const char* const end = std::to_chars(shortest, shortest + sizeof shortest, v).ptr;
    const char* p = shortest;
    const bool negative = *p == '-';
    if (negative) ++p;
    // Its significant digits, and n: where the decimal point goes, counted from the first one.
    char digits[48];
    int k = 0;
    int n = 0;
    bool point = false;
    for (; p != end && *p != 'e'; ++p) {
        if (*p == '.') {
            point = true;
        } else if (k == 0 && *p == '0') {
            if (point) --n;  // a leading zero after the point: 0.001
        } else {
            digits[k++] = *p;
            if (!point) ++n;
        }
    }
    if (p != end) {  // "e±XX"
        int exponent = 0;
        std::from_chars(p + (p[1] == '+' ? 2 : 1), end, exponent);
        n += exponent;
    }
    while (k > 0 && digits[k - 1] == '0') --k;  // 1000: one digit, the point four places on
    if (k == 0) {
        text += '0';  // json_number wrote zero, either sign, as the integer 0
        return;
    }
    const std::string_view all(digits, static_cast<std::size_t>(k));
    const bool whole = k <= n && n <= 15;  // and below 1e15, so exact in a double
    if (!whole && !writer_keeps_digits(all, n)) {
        // The writer's own digits for the double json_float reads back (from_chars rounds as
        // stod does). Its routine is in nlohmann's detail namespace, public in the header.
        double d = 0.0;
        std::from_chars(shortest, end, d);
        char buf[64];
        text.append(buf, nlohmann::detail::to_chars(buf, buf + sizeof buf, d));
        return;
    }
    // Laid out in a buffer and appended once: this runs for every number of a frame.
    char out[48];
    char* o = out;
    const auto put = [&o](std::string_view part) { o = std::copy(part.begin(), part.end(), o); };
    const auto zeros = [&o](int count) { o = std::fill_n(o, count, '0'); };
    if (negative) *o++ = '-';
    if (whole) {
        // json_number wrote it as an integer.
        put(all);
        zeros(n - k);
    } else if (n > 0 && n <= 15) {
        // The JSON writer's layout for a double: plain decimals from 1e-4 up to 1e15, else an
        // exponent of at least two digits.
        put(all.substr(0, static_cast<std::size_t>(n)));
        *o++ = '.';
        put(all.substr(static_cast<std::size_t>(n)));
    } else if (n > -4 && n <= 0) {
        put("0.");
        zeros(-n);
        put(all);
    } else {
        *o++ = all[0];
        if (k > 1) {
            *o++ = '.';
            put(all.substr(1));
        }
        const int e = n - 1;
        put(e < 0 ? "e-" : "e+");
        const int magnitude = e < 0 ? -e : e;
        if (magnitude < 10) *o++ = '0';
        o = std::to_chars(o, out + sizeof out, magnitude).ptr;
    }
    text.append(out, o);
}

}  // namespace marionette
