#pragma once
// PSD in (docs/psd.md): a layered Photoshop file's canvas and layer tree, with every layer's
// pixels, from version 1 files in RGB at 8 or 16 bits a channel, raw or RLE. Every length in
// the file is checked against what is left of its section before it is used, and the decoded
// pixels are charged to the file's read budget (read_budget.hpp) before they are allocated, so
// no file makes the reader crash, hang or hold more than the budget; a refusal names the place
// ("layers[3] \"arm\": channel 2 (id 2): row 7: its RLE data ends before the row's 40 bytes are
// filled"). Layer masks, effects and adjustment layers are not applied.

#include <cstdint>
#include <filesystem>
#include <span>

#include "core/base/read_budget.hpp"
#include "core/base/result.hpp"
#include "core/io/psd/psd_document.hpp"

namespace marionette::psd {

// Whether `path` names a PSD file by its extension (.psd, any case).
bool is_psd_path(const std::filesystem::path& path);

// The bytes of a PSD file; their own size is charged to `budget` too.
Result<PsdDocument> read_psd(std::span<const std::uint8_t> bytes, ReadBudget& budget);

// A file on disk, at most kMaxFileBytes; messages start with its path.
Result<PsdDocument> read_psd_file(const std::filesystem::path& path, ReadBudget& budget);

}  // namespace marionette::psd
