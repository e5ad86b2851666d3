#include "core/io/psd/psd_layer_tree.hpp"

#include <string>

namespace marionette::psd {

namespace {

PsdLayer layer_of(PsdLayerRecord& r, std::size_t index, std::vector<std::uint8_t>& rgba) {
    PsdLayer l;
    l.kind = r.section == PsdSection::Layer ? PsdLayerKind::Pixels : PsdLayerKind::Group;
    l.name = std::move(r.name);
    l.record = index;
    l.rect = r.rect;
    l.opacity = static_cast<float>(r.opacity) / 255.0f;
    l.fill_opacity = static_cast<float>(r.fill_opacity) / 255.0f;
    l.visible = !r.hidden;
    l.blend_mode = l.is_group() && !r.section_blend_mode.empty() ? r.section_blend_mode : r.blend_mode;
    l.clipping = r.clipping;
    l.has_mask = r.has_mask;
    l.rgba = std::move(rgba);
    return l;
}

struct OpenGroup {
    std::size_t end_record = 0;  // the marker that opened it, from below
    std::vector<PsdLayer> children;
};

}  // namespace

Result<std::vector<PsdLayer>> build_psd_layer_tree(std::vector<PsdLayerRecord> records, std::vector<std::vector<std::uint8_t>> pixels) {
    std::vector<PsdLayer> top;
    std::vector<OpenGroup> open;
    for (std::size_t i = 0; i < records.size(); ++i) {
        PsdLayerRecord& r = records[i];
        std::vector<PsdLayer>& here = open.empty() ? top : open.back().children;
        switch (r.section) {
            case PsdSection::Layer: here.push_back(layer_of(r, i, pixels[i])); break;
            case PsdSection::GroupEnd:
                if (open.size() >= kMaxPsdGroupDepth)
                    return Error{psd_layer_place(i, r.name) + ": groups nest deeper than " + std::to_string(kMaxPsdGroupDepth) + " levels"};
                open.push_back(OpenGroup{i, {}});
                break;
            case PsdSection::OpenGroup:
            case PsdSection::ClosedGroup: {
                if (open.empty())
                    return Error{psd_layer_place(i, r.name) + ": a group's record with no group end marker below it to open the group"};
                PsdLayer group = layer_of(r, i, pixels[i]);
                group.children = std::move(open.back().children);
                open.pop_back();
                (open.empty() ? top : open.back().children).push_back(std::move(group));
                break;
            }
        }
    }
    if (!open.empty()) {
        const std::size_t i = open.back().end_record;
        return Error{psd_layer_place(i, records[i].name) + ": a group end marker with no group's record above it to close the group"};
    }
    return top;
}

}  // namespace marionette::psd
