#include "fuzz/psd_reader_check.hpp"

#include <cstdint>
#include <span>

#include "core/image/image_decode.hpp"
#include "core/io/psd/psd_import.hpp"
#include "core/io/psd/psd_layer_tree.hpp"
#include "core/io/psd/psd_reader.hpp"
#include "fuzz/rig_loader_check.hpp"

namespace marionette::fuzzing {

namespace {

Violation check_psd_layers(const std::vector<psd::PsdLayer>& layers, std::size_t depth) {
    if (depth > psd::kMaxPsdGroupDepth) return "groups nested past the reader's limit";
    for (const psd::PsdLayer& l : layers) {
        const std::size_t pixels = l.rect.empty() ? 0 : std::size_t(l.rect.width()) * std::size_t(l.rect.height());
        if (!l.is_group() && l.rgba.size() != 4 * pixels)
            return psd::psd_layer_place(l.record, l.name) + ": pixels not covering its rectangle";
        if (l.is_group() && !l.rgba.empty() && l.rgba.size() != 4 * pixels)
            return psd::psd_layer_place(l.record, l.name) + ": a group's pixels";
        if (!(l.opacity >= 0.0f && l.opacity <= 1.0f) || !(l.fill_opacity >= 0.0f && l.fill_opacity <= 1.0f))
            return psd::psd_layer_place(l.record, l.name) + ": an opacity outside 0 to 1";
        if (!l.is_group() && !l.children.empty()) return psd::psd_layer_place(l.record, l.name) + ": a layer with children";
        if (Violation v = check_psd_layers(l.children, depth + 1)) return v;
    }
    return {};
}

}  // namespace

Violation check_psd_bytes(std::string_view bytes) {
    const std::span<const std::uint8_t> data(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ReadBudget read_budget;
    Result<psd::PsdDocument> doc = psd::read_psd(data, read_budget);
    if (!doc) return doc.message().empty() ? Violation("reading failed without a message") : Violation();
    if (Violation v = check_psd_layers(doc.value().layers, 0)) return "the document read: " + *v;
    ReadBudget import_budget;
    Result<ImportedRig> imported = psd::import_psd(data, "puppet", import_budget);
    if (!imported) return imported.message().empty() ? Violation("the import failed without a message") : Violation();
    for (const std::string& w : imported.value().warnings) {
        if (w.empty()) return "an empty warning";
    }
    for (const ImportedPicture& p : imported.value().pictures) {
        const Result<glm::ivec2> size = image_size({reinterpret_cast<const std::uint8_t*>(p.png.data()), p.png.size()});
        if (p.width <= kMaxImageSide && p.height <= kMaxImageSide && (!size || size.value() != glm::ivec2(p.width, p.height)))
            return p.image + ": its PNG file does not give its size";
    }
    if (Violation v = check_loaded_rig(imported.value().rig)) return "an imported rig: " + *v;
    return {};
}

}  // namespace marionette::fuzzing
