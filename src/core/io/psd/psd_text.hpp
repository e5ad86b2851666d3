#pragma once
// A PSD file's two kinds of names, as UTF-8 (what a rig's names are): the Pascal name of a layer
// record, in Mac OS Roman (what Photoshop writes, and psd-tools reads it as), and the Unicode
// name ("luni"), UTF-16 big-endian. Nothing here fails: a lone surrogate becomes U+FFFD.

#include <cstdint>
#include <span>
#include <string>

namespace marionette::psd {

std::string mac_roman_to_utf8(std::span<const std::uint8_t> bytes);

// `units` UTF-16 code units, two bytes each, big-endian.
std::string utf16be_to_utf8(std::span<const std::uint8_t> bytes);

}  // namespace marionette::psd
