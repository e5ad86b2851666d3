#pragma once
// The layer tree from a PSD file's flat list of records, bottom first. A group is written as a
// marker ending it from below ("lsct" 3, "</Layer group>"), its children, then the group's own
// record (1 or 2) carrying its name, opacity, visibility and blend mode. Markers that do not
// pair up are refused, naming the record; groups nest at most kMaxPsdGroupDepth deep.

#include <cstdint>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/psd/psd_document.hpp"
#include "core/io/psd/psd_layer_record.hpp"

namespace marionette::psd {

// Photoshop nests groups ten deep; this bounds the recursion of whatever walks the tree.
inline constexpr std::size_t kMaxPsdGroupDepth = 64;

// `pixels[i]` are record i's; both lists are taken.
Result<std::vector<PsdLayer>> build_psd_layer_tree(std::vector<PsdLayerRecord> records, std::vector<std::vector<std::uint8_t>> pixels);

}  // namespace marionette::psd
