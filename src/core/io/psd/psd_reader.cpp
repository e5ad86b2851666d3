#include "core/io/psd/psd_reader.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/io/psd/psd_header.hpp"
#include "core/io/psd/psd_layer_pixels.hpp"
#include "core/io/psd/psd_layer_record.hpp"
#include "core/io/psd/psd_layer_tree.hpp"
#include "core/io/text_file.hpp"

namespace marionette::psd {

namespace {

// The layer information: a count, the records, then each record's channel data in turn.
Result<std::vector<PsdLayer>> read_layer_info(PsdCursor& info, int depth, ReadBudget& budget) {
    std::int16_t signed_count = 0;
    if (!info.i16(signed_count)) return Error{"layer information: it ends before its layer count"};
    // A negative count says the first alpha channel holds the merged image's transparency.
    const std::size_t count = static_cast<std::size_t>(signed_count < 0 ? -std::int32_t{signed_count} : signed_count);
    std::vector<PsdLayerRecord> records;
    records.reserve(std::min(count, info.remaining() / 18));  // a record takes 18 bytes at least
    for (std::size_t i = 0; i < count; ++i) {
        Result<PsdLayerRecord> r = read_psd_layer_record(info, i);
        if (!r) return Error{r.message()};
        records.push_back(std::move(r).value());
    }
    std::vector<std::vector<std::uint8_t>> pixels(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        Result<std::vector<std::uint8_t>> p = read_psd_layer_pixels(info, records[i], depth, psd_layer_place(i, records[i].name), budget);
        if (!p) return Error{p.message()};
        pixels[i] = std::move(p).value();
    }
    return build_psd_layer_tree(std::move(records), std::move(pixels));
}

// The tagged blocks after the global layer mask: a 16-bit file may keep its layers in "Lr16"
// there, with the layer information's own length left at 0. Nothing is found: an empty cursor.
bool find_layers_block(PsdCursor blocks, PsdCursor& found) {
    while (blocks.remaining() >= 12) {
        std::span<const std::uint8_t> signature, key;
        std::uint32_t length = 0;
        (void)blocks.bytes(4, signature);
        (void)blocks.bytes(4, key);
        (void)blocks.u32(length);
        if (std::memcmp(signature.data(), "8BIM", 4) != 0 && std::memcmp(signature.data(), "8B64", 4) != 0) return false;
        PsdCursor data;
        if (!blocks.sub(length, data)) return false;
        if (std::memcmp(key.data(), "Lr16", 4) == 0) {
            found = data;
            return true;
        }
        (void)blocks.skip(std::min<std::size_t>((4 - length % 4) % 4, blocks.remaining()));  // these blocks are padded to 4 bytes
    }
    return false;
}

}  // namespace

bool is_psd_path(const std::filesystem::path& path) { return lowercase_extension(path) == ".psd"; }

Result<PsdDocument> read_psd(std::span<const std::uint8_t> bytes, ReadBudget& budget) {
    if (Status s = budget.take(Budgeted::FileBytes, bytes.size(), "the file", "reading it"); !s) return Error{s.message()};
    PsdCursor file(bytes);
    Result<PsdHeader> header = read_psd_header(file);
    if (!header) return Error{header.message()};
    PsdDocument doc;
    doc.width = header.value().width;
    doc.height = header.value().height;
    doc.depth = header.value().depth;
    std::uint32_t section_length = 0, info_length = 0;
    PsdCursor section, info;
    if (!file.u32(section_length)) return Error{"layer and mask information: the file ends before its length"};
    if (!file.sub(section_length, section)) {
        return Error{"layer and mask information: its length, " + std::to_string(section_length) +
                     " bytes, runs past the end of the file (" + std::to_string(file.remaining()) + " bytes are left)"};
    }
    if (section_length == 0) return doc;  // a flat image: no layers
    if (!section.u32(info_length)) return Error{"layer information: the section ends before its length"};
    if (!section.sub(info_length, info)) {
        return Error{"layer information: its length, " + std::to_string(info_length) + " bytes, runs past its section (" +
                     std::to_string(section.remaining()) + " bytes are left)"};
    }
    if (info_length == 0) {
        std::uint32_t mask_length = 0;
        if (section.u32(mask_length) && section.skip(mask_length)) (void)find_layers_block(section, info);
        if (info.remaining() == 0) return doc;
    }
    Result<std::vector<PsdLayer>> layers = read_layer_info(info, doc.depth, budget);
    if (!layers) return Error{layers.message()};
    doc.layers = std::move(layers).value();
    return doc;
}

Result<PsdDocument> read_psd_file(const std::filesystem::path& path, ReadBudget& budget) {
    Result<std::vector<unsigned char>> bytes = read_binary_file(path, kMaxFileBytes, "PSD file");
    if (!bytes) return Error{bytes.message()};
    Result<PsdDocument> doc = read_psd(bytes.value(), budget);
    if (!doc) return Error{path.string() + ": " + doc.message()};
    return doc;
}

}  // namespace marionette::psd
