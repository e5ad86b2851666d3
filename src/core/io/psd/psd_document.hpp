#pragma once
// What the PSD reader gives (docs/psd.md): the canvas's size and the layer tree, each group with
// its children, in the file's stacking order, bottom first (the order of the rig's slots). A
// layer's pixels are straight-alpha RGBA, 8 bits a channel (16-bit files rounded), rows from the
// top, covering its rectangle.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace marionette::psd {

// PSD's own limits: a canvas of at most 30,000 pixels a side, a layer of at most 56 channels.
inline constexpr int kMaxPsdSide = 30'000;
inline constexpr int kMaxPsdChannels = 56;

// A rectangle in canvas pixels, y down; right and bottom lie just past the last pixel.
struct PsdRect {
    int top = 0;
    int left = 0;
    int bottom = 0;
    int right = 0;

    int width() const { return right - left; }
    int height() const { return bottom - top; }
    bool empty() const { return width() <= 0 || height() <= 0; }
    bool operator==(const PsdRect&) const = default;
};

enum class PsdLayerKind { Pixels, Group };

struct PsdLayer {
    PsdLayerKind kind = PsdLayerKind::Pixels;
    std::string name;  // UTF-8: the Unicode name ("luni") when the file has one, else the Pascal name
    // The record's index in the file's layer list, counted from the bottom, a group's end
    // marker included (a group's own record comes after its children): what messages call
    // "layers[3]".
    std::size_t record = 0;
    PsdRect rect;               // the record's; a group's is usually empty
    float opacity = 1.0f;       // 0 to 1
    float fill_opacity = 1.0f;  // 0 to 1: the fill's own opacity ("iOpa"), under `opacity`
    bool visible = true;
    std::string blend_mode = "norm";  // the four-letter key: "norm", "mul ", a group's "pass", ...
    bool clipping = false;            // clipped to the layer below it
    bool has_mask = false;            // carries a layer mask (not applied to the pixels)
    std::vector<std::uint8_t> rgba;   // width * height * 4 bytes; empty for a group or an empty rectangle
    std::vector<PsdLayer> children;   // a group's, bottom first

    bool is_group() const { return kind == PsdLayerKind::Group; }
};

struct PsdDocument {
    int width = 0;
    int height = 0;
    int depth = 8;                 // bits a channel: 8 or 16
    std::vector<PsdLayer> layers;  // the top level, bottom first
};

// `layers[3] "arm"`: a layer's place in messages, its name with control characters written out.
std::string psd_layer_place(std::size_t record, std::string_view name);

}  // namespace marionette::psd
