#include "core/io/json/json_numbers.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "core/io/json/shortest_decimal.hpp"
#include "core/math/angles.hpp"
#include "core/math/rotation_math.hpp"

namespace marionette {

namespace {

// The double nearest the shortest decimal that reads back as `v`: JSON's writer prints it back
// as the same short text, where `v` widened to a double would print as 0.10000000149011612.
double shortest_double(float v) {
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);  // shortest round-trip form
    (void)ec;                                                        // 32 characters hold any float
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

// A decimal this near its double, in steps between doubles, is printed with its own digits by
// the JSON writer (see writer_keeps_digits).
constexpr double kWriterKeepsDigitsWithin = 0.49;

// a · b minus its rounded double, exactly. Where the machine has a fused multiply-add this is
// one instruction; elsewhere std::fma is a library call costing more than the rest of a number's
// text, and Dekker's product (each factor split into halves whose products are exact) gives
// the same error inline. No contraction into an FMA can happen there: the target has none.
inline double product_error(double a, double b) {
#ifdef __FMA__
    return std::fma(a, b, -(a * b));
#else
    constexpr double kSplitter = 134217729.0;  // 2^27 + 1
    const double product = a * b;
    const double ca = kSplitter * a;
    const double a_high = ca - (ca - a);
    const double a_low = a - a_high;
    const double cb = kSplitter * b;
    const double b_high = cb - (cb - b);
    const double b_low = b - b_high;
    return ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low;
#endif
}

// Whether the JSON writer prints the double nearest `decimal` as those very digits. Its Grisu2
// finds the shortest digits inside the double's rounding interval, each end moved in by at most
// two units of its 64-bit products (each under 2^-61 of the value, where the distance to the
// next double is at least 2^-53 of it: under 0.004 of that distance), so a decimal lying at an
// end comes out longer: the float 1.4159775 was written 1.4159774999999999. A decimal within
// 0.49 of a step of its double is inside, and it is the only one of nine digits or fewer that
// near (they are 10^-9 of the value apart, doubles 2^-52), so those digits are what it prints.
// The digits and the power of ten are exact doubles here, so one division or product rounds
// to that nearest double, and the product's exact error gives how far the decimal is from
// it. Other decimals (beyond 10^±22, below 1e-13 or so) are left to the writer.
// `nearest` is set to that double (0 where the decimal is out of this routine's range).
bool writer_keeps_digits(const ShortestDecimal& decimal, double& nearest) {
    nearest = 0.0;
    const int e = decimal.exponent;
    if (e <= -kExactPowers || e >= kExactPowers) return false;
    const auto mantissa = static_cast<double>(decimal.digits);  // nine digits at most: exact
    const double p = kPowersOfTen[static_cast<std::size_t>(e < 0 ? -e : e)];
    // d: the double nearest the decimal; off: decimal - d, scaled by p when dividing.
    const double d = e < 0 ? mantissa / p : mantissa * p;
    const double off = e < 0 ? mantissa - d * p - product_error(d, p) : product_error(mantissa, p);
    const double scale = e < 0 ? p : 1.0;
    const auto bits = std::bit_cast<std::uint64_t>(d);  // d is positive and normal
    nearest = d;
    // The distance to the nearer neighbour: the one on off's side but for a power of two, where
    // the lower one is nearer and the test only stricter. No branch on off's sign, which the
    // digits decide.
    const double step = std::min(std::bit_cast<double>(bits + 1) - d, d - std::bit_cast<double>(bits - 1));
    return std::fabs(off) < kWriterKeepsDigitsWithin * step * scale;
}

// The writer's own digits for the double json_float reads back: `nearest` when
// writer_keeps_digits found it (the double nearest the float's shortest decimal, as from_chars
// and stod read it), else read back from the float's shortest text. The writer's routine is in
// nlohmann's detail namespace, public in the header.
char* write_as_the_writer_does(char* out, float v, double nearest) {
    const double d = nearest != 0.0 ? std::copysign(nearest, v) : shortest_double(v);
    return nlohmann::detail::to_chars(out, out + kMaxJsonFloatChars, d);
}

// How many decimal digits d has (at least one), without a branch.
int digit_count(std::uint32_t d) {
    return 1 + (d >= 10) + (d >= 100) + (d >= 1000) + (d >= 10000) + (d >= 100000) + (d >= 1000000) + (d >= 10000000) + (d >= 100000000) +
           (d >= 1000000000);
}

// "00".."99", two characters each.
constexpr auto kDigitPairs = [] {
    std::array<char, 200> pairs{};
    for (std::size_t i = 0; i < 100; ++i) {
        pairs[2 * i] = static_cast<char>('0' + i / 10);
        pairs[2 * i + 1] = static_cast<char>('0' + i % 10);
    }
    return pairs;
}();

// d (below 10^9) as exactly nine digits, leading zeros included, at out[0..9).
void write_nine_digits(char* out, std::uint32_t d) {
    out[0] = static_cast<char>('0' + d / 100000000);
    const std::uint32_t eight = d % 100000000;
    const std::uint32_t high = eight / 10000;
    const std::uint32_t low = eight % 10000;
    std::memcpy(out + 1, &kDigitPairs[2 * (high / 100)], 2);
    std::memcpy(out + 3, &kDigitPairs[2 * (high % 100)], 2);
    std::memcpy(out + 5, &kDigitPairs[2 * (low / 100)], 2);
    std::memcpy(out + 7, &kDigitPairs[2 * (low % 100)], 2);
}

}  // namespace

char* write_json_float(char* out, float v) {
    // The same text as json_float(v).dump() with, in all but a few cases, one conversion instead
    // of three (the float's shortest text, that read back as a double, the double's digits by
    // the JSON writer): the writer's digits are the float's (shortest_decimal, in integers), and
    // only its layout is left to follow. json_numbers_test.cpp compares the two texts (a million
    // random floats; by hand, every float, with no difference).
    if (!std::isfinite(v)) {
        return std::copy_n("null", 4, out);  // as the JSON writer puts NaN and infinities
    }
    // What json_float reads back: "84.5", "0.001", "240823472" (a whole float, exactly, when
    // that is no longer than "2.4082347e+08"), "1e-05", "1.2345e+20", "-0". Its significant
    // digits, and n: where the decimal point goes, counted from the first one.
    const ShortestDecimal shortest = shortest_decimal(v);
    if (shortest.digits == 0) {
        *out = '0';  // json_number wrote zero, either sign, as the integer 0
        return out + 1;
    }
    const bool negative = std::signbit(v);
    int k = digit_count(shortest.digits);
    int n = k + shortest.exponent;
    if (n < k && n > -4) {
        // A plain decimal, most numbers a rig holds: 84.5, 0.001. Laid out with copies of a fixed
        // size and no branch on the digits (a third of a number's time went to mispredicted
        // branches): the digits after up to four zeros, the point put in, the rest copied after it.
        double nearest = 0.0;
        const bool kept =
            shortest.off_double >= 0.0 ? shortest.off_double < kWriterKeepsDigitsWithin : writer_keeps_digits(shortest, nearest);
        if (!kept) return write_as_the_writer_does(out, v, nearest);
        char padded[32] = "0000";
        write_nine_digits(padded + 4, shortest.digits);
        const int zeros = std::max(0, 1 - n);  // "0.001": a zero before the point, two after it
        const char* const from = padded + 13 - k - zeros;
        const int point = n + zeros;
        char* o = out;
        *o = '-';
        o += negative ? 1 : 0;
        std::memcpy(o, from, 16);
        o[point] = '.';
        std::memcpy(o + point + 1, from + point, 16);
        return o + zeros + k + 1;
    }
    char digits[24];
    std::to_chars(digits, digits + sizeof digits, shortest.digits);
    // A whole number: to_chars writes it plain where that is no longer than its exponent form
    // ("1.2345e+08": the digits, a point when there are two or more, four for the exponent),
    // and then with the float's exact digits, 33554448 where the shortest are 3.355445e+07.
    if (shortest.exponent > 0 && n <= k + (k > 1 ? 1 : 0) + 4) {
        const auto exact = static_cast<std::uint64_t>(std::fabs(v));  // under 10^14 here
        n = static_cast<int>(std::to_chars(digits, digits + sizeof digits, exact).ptr - digits);
        k = n;
        while (digits[k - 1] == '0') --k;
    }
    const std::string_view all(digits, static_cast<std::size_t>(k));
    const bool whole = k <= n && n <= 15;  // and below 1e15, so exact in a double
    double nearest = 0.0;
    if (!whole && !writer_keeps_digits(shortest, nearest)) return write_as_the_writer_does(out, v, nearest);
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
        o = std::to_chars(o, out + kMaxJsonFloatChars, magnitude).ptr;
    }
    return o;
}

void append_json_float(std::string& text, float v) {
    char out[kMaxJsonFloatChars];
    text.append(out, static_cast<std::size_t>(write_json_float(out, v) - out));  // (a pointer pair goes through replace())
}


Json json_vector(const glm::vec3& v, bool is_2d) {
    Json a = Json::array({json_float(v.x), json_float(v.y)});
    if (!is_2d) a.push_back(json_float(v.z));
    return a;
}

Json json_rotation(const glm::quat& q, bool is_2d) {
    // A 2D angle to 1e-4 degree (far below anything visible). The rotation is a quaternion, and
    // angle -> quaternion -> angle can come back an ulp away, so the shortest exact form would
    // change each time a file is reopened and saved. Read back, a number on this grid comes out
    // within 1e-6 degree of itself and rounds to itself: save, reopen, save writes the same file.
    if (is_2d) return json_number(std::round(static_cast<double>(angle_2d(q)) * (180.0 / kPiDouble) * 1e4) / 1e4);
    return Json::array({json_float(q.x), json_float(q.y), json_float(q.z), json_float(q.w)});
}

}  // namespace marionette
