#pragma once
// A small PSD writer for the tests and the benchmark: 8-bit RGB files with layers, groups and
// raw or RLE channels, from straight-alpha RGBA pixels. What it writes is checked against
// psd-tools through the files scripts/make_test_psds.py writes the same way (synthetic_*.psd);
// here it makes what the tests need in memory: broken files, large ones, odd ones. Each layer's
// channel data may be given as bytes, to say what a broken file says.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marionette::testing {

struct PsdTestLayer {
    PsdTestLayer(std::string name_ = {}, int top_ = 0, int left_ = 0, int bottom_ = 0, int right_ = 0)
        : name(std::move(name_)), top(top_), left(left_), bottom(bottom_), right(right_) {}

    std::string name;
    int top = 0, left = 0, bottom = 0, right = 0;
    std::vector<std::uint8_t> rgba;  // (right - left) * (bottom - top) * 4; empty: transparent black
    int section = 0;                 // "lsct": 0 a layer, 1 a group's record, 3 the group's end
    bool hidden = false;
    std::uint8_t opacity = 255;
    std::string blend = "norm";
    // Instead of the encoded channels: the bytes of each of the four (red, green, blue,
    // transparency), each from its compression field on.
    std::optional<std::vector<std::string>> channel_data;
};

inline void psd_put16(std::string& s, std::uint32_t v) {
    s += static_cast<char>((v >> 8) & 0xFF);
    s += static_cast<char>(v & 0xFF);
}
inline void psd_put32(std::string& s, std::uint32_t v) {
    psd_put16(s, v >> 16);
    psd_put16(s, v & 0xFFFF);
}

inline std::string psd_packbits(const std::uint8_t* row, std::size_t n) {
    std::string out;
    std::size_t i = 0;
    while (i < n) {
        std::size_t run = 1;
        while (i + run < n && run < 128 && row[i + run] == row[i]) ++run;
        if (run >= 2) {
            out += static_cast<char>(static_cast<std::int8_t>(1 - static_cast<int>(run)));
            out += static_cast<char>(row[i]);
            i += run;
            continue;
        }
        const std::size_t start = i;
        while (i < n && i - start < 128 && !(i + 1 < n && row[i + 1] == row[i])) ++i;
        if (i == start) ++i;
        out += static_cast<char>(i - start - 1);
        out.append(reinterpret_cast<const char*>(row + start), i - start);
    }
    return out;
}

// One channel (component 0 to 3 of the RGBA pixels), raw or RLE.
inline std::string psd_channel(const PsdTestLayer& l, int component, bool rle) {
    const std::size_t w = static_cast<std::size_t>(l.right - l.left), h = static_cast<std::size_t>(l.bottom - l.top);
    std::vector<std::uint8_t> plane(w * h, 0);
    for (std::size_t i = 0; i < w * h && !l.rgba.empty(); ++i) plane[i] = l.rgba[4 * i + static_cast<std::size_t>(component)];
    std::string s;
    psd_put16(s, rle ? 1 : 0);
    if (!rle) {
        s.append(plane.begin(), plane.end());
        return s;
    }
    std::vector<std::string> rows;
    for (std::size_t y = 0; y < h; ++y) rows.push_back(psd_packbits(plane.data() + y * w, w));
    for (const std::string& r : rows) psd_put16(s, static_cast<std::uint32_t>(r.size()));
    for (const std::string& r : rows) s += r;
    return s;
}

// The whole file: layers bottom first, as a PSD lists them.
inline std::string make_test_psd(int width, int height, const std::vector<PsdTestLayer>& layers, bool rle = true) {
    std::string records, data;
    for (const PsdTestLayer& l : layers) {
        std::vector<std::string> channels;
        if (l.channel_data) channels = *l.channel_data;
        else
            for (int c = 0; c < 4; ++c) channels.push_back(psd_channel(l, c, rle));
        psd_put32(records, static_cast<std::uint32_t>(l.top));
        psd_put32(records, static_cast<std::uint32_t>(l.left));
        psd_put32(records, static_cast<std::uint32_t>(l.bottom));
        psd_put32(records, static_cast<std::uint32_t>(l.right));
        psd_put16(records, static_cast<std::uint32_t>(channels.size()));
        const int ids[4] = {0, 1, 2, -1};
        for (std::size_t c = 0; c < channels.size(); ++c) {
            psd_put16(records, static_cast<std::uint16_t>(ids[c % 4]));
            psd_put32(records, static_cast<std::uint32_t>(channels[c].size()));
            data += channels[c];
        }
        records += "8BIM" + l.blend;
        records += static_cast<char>(l.opacity);
        records += '\0';                                       // clipping: none
        records += static_cast<char>(l.hidden ? 0x0A : 0x08);  // flags
        records += '\0';
        std::string extra;
        psd_put32(extra, 0);  // no mask
        psd_put32(extra, 0);  // no blending ranges
        std::string pascal(1, static_cast<char>(l.name.size()));
        pascal += l.name;
        while (pascal.size() % 4 != 0) pascal += '\0';
        extra += pascal;
        if (l.section != 0) {
            extra += "8BIMlsct";
            psd_put32(extra, 4);
            psd_put32(extra, static_cast<std::uint32_t>(l.section));
        }
        psd_put32(records, static_cast<std::uint32_t>(extra.size()));
        records += extra;
    }
    std::string info;
    psd_put16(info, static_cast<std::uint32_t>(layers.size()));
    info += records + data;
    if (info.size() % 2 != 0) info += '\0';
    std::string section;
    psd_put32(section, static_cast<std::uint32_t>(info.size()));
    section += info;
    psd_put32(section, 0);  // no global layer mask
    std::string file = "8BPS";
    psd_put16(file, 1);
    file += std::string(6, '\0');
    psd_put16(file, 3);
    psd_put32(file, static_cast<std::uint32_t>(height));
    psd_put32(file, static_cast<std::uint32_t>(width));
    psd_put16(file, 8);
    psd_put16(file, 3);
    psd_put32(file, 0);  // colour mode data
    psd_put32(file, 0);  // image resources
    psd_put32(file, static_cast<std::uint32_t>(section.size()));
    file += section;
    psd_put16(file, 0);  // the merged image, raw: left black
    file += std::string(3ull * static_cast<std::size_t>(width) * static_cast<std::size_t>(height), '\0');
    return file;
}

// A filled layer: an opaque colour over its whole rectangle.
inline PsdTestLayer filled_test_layer(std::string name, int top, int left, int bottom, int right, std::uint8_t r, std::uint8_t g,
                                      std::uint8_t b, std::uint8_t a = 255) {
    PsdTestLayer l(std::move(name), top, left, bottom, right);
    const std::size_t n = static_cast<std::size_t>(right - left) * static_cast<std::size_t>(bottom - top);
    for (std::size_t i = 0; i < n; ++i) l.rgba.insert(l.rgba.end(), {r, g, b, a});
    return l;
}

}  // namespace marionette::testing
