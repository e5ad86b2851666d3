#include "core/io/psd/psd_rig_job.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/job_validated.hpp"
#include "core/image/image_decode.hpp"
#include "core/io/import/unique_names.hpp"
#include "core/io/psd/psd_layer_tree.hpp"
#include "core/io/psd/psd_name_tags.hpp"
#include "core/io/psd/psd_trim.hpp"

namespace marionette::psd {

namespace {

// Where a layer's walk stands: the bone its slots hang on, what its groups pass down.
struct WalkContext {
    int bone = 0;
    float opacity = 1.0f;
    bool mesh = false;
    int slot_group = -1;  // the [slot] group's slot being filled, or -1
    bool shown = true;    // inside a [slot] group: every group on the way is visible
};

// A picture's rectangle in rig units (y up): its bounds' lower and upper corners.
struct Box {
    glm::dvec2 lo{0.0};
    glm::dvec2 hi{0.0};
    bool set = false;
    void add(const Box& b) {
        if (!b.set) return;
        lo = set ? glm::min(lo, b.lo) : b.lo;
        hi = set ? glm::max(hi, b.hi) : b.hi;
        set = true;
    }
    glm::dvec2 centre() const { return (lo + hi) * 0.5; }
};

struct Placed {
    std::size_t slot = 0;
    std::size_t attachment = 0;
    Box box;
};

class RigBuilder {
public:
    RigBuilder(const PsdDocument& doc, const std::string& folder, PsdRigOutput& out) : doc_(doc), folder_(folder), out_(out) {
        add_bone("root", -1);
    }

    void walk(const std::vector<PsdLayer>& layers, const WalkContext& ctx) {
        for (const PsdLayer& l : layers) visit(l, ctx);
    }

    void finish() {
        // A bone stands at the centre of the pictures on it and below it (the root at the
        // origin); one with none, where its parent stands. Parents come before children.
        for (std::size_t b = bones_.size(); b-- > 1;) boxes_[static_cast<std::size_t>(bones_[b].parent)].add(boxes_[b]);
        std::vector<glm::dvec2> world(bones_.size(), glm::dvec2(0.0));
        for (std::size_t b = 1; b < bones_.size(); ++b) {
            const std::size_t parent = static_cast<std::size_t>(bones_[b].parent);
            world[b] = boxes_[b].set ? boxes_[b].centre() : world[parent];
            const glm::dvec2 local = world[b] - world[parent];
            bones_[b].rest.translation = glm::vec3(static_cast<float>(local.x), static_cast<float>(local.y), 0.0f);
        }
        for (const Placed& p : placed_) {
            Slot& slot = slots_[p.slot];
            const glm::dvec2 offset = p.box.centre() - world[static_cast<std::size_t>(slot.bone)];
            slot.attachments[p.attachment].offset = glm::vec2(static_cast<float>(offset.x), static_cast<float>(offset.y));
        }
        Rig& rig = out_.rig;
        rig.dimensions = Dimensions::Two;
        rig.skeleton = Skeleton(std::move(bones_));
        rig.pose = Pose::rest(rig.skeleton.size());
        rig.slots = std::move(slots_);
    }

private:
    void warn(const PsdLayer& l, const std::string& what) { out_.warnings.push_back(psd_layer_place(l.record, l.name) + ": " + what); }

    void check_blending(const PsdLayer& l) {
        const bool plain = l.blend_mode == "norm" || (l.is_group() && l.blend_mode == "pass");
        if (!plain) warn(l, "blend mode \"" + l.blend_mode + "\" is drawn as normal");
        if (l.clipping) warn(l, "its clipping to the layer below is not applied");
        if (l.has_mask) warn(l, "its layer mask is not applied");
    }

    void visit(const PsdLayer& l, const WalkContext& ctx) {
        const PsdNameTags tags = read_name_tags(l.name);
        for (const std::string& t : tags.unread)
            warn(l, t + " is a tag of Spine's script this import does not act on; it stays in the name");
        if (tags.ignore) return;
        const std::string name = !tags.name.empty() ? tags.name : (l.is_group() ? "group " : "layer ") + std::to_string(l.record);
        WalkContext inner = ctx;
        inner.mesh = ctx.mesh || tags.mesh;
        if (ctx.slot_group < 0 && !l.visible) {
            warn(l, std::string("hidden; left out") + (l.is_group() ? " with the layers in it" : ""));
            return;
        }
        if (l.is_group()) {
            check_blending(l);
            inner.opacity = ctx.opacity * l.opacity * l.fill_opacity;
            inner.shown = ctx.shown && l.visible;
            if (tags.bone && ctx.slot_group >= 0) warn(l, "[bone] inside a [slot] group is not acted on");
            if (ctx.slot_group >= 0) {
                walk(l.children, inner);
            } else if (tags.slot) {
                inner.slot_group = static_cast<int>(slots_.size());
                add_slot(name, ctx.bone, -1);
                walk(l.children, inner);
                if (slots_.back().attachments.empty()) {
                    warn(l, "a [slot] group with no picture; left out");
                    slots_.pop_back();
                    attachment_names_.pop_back();
                }
            } else {
                inner.bone = add_bone(name, ctx.bone);
                walk(l.children, inner);
            }
            return;
        }
        add_picture(l, tags, name, inner);
    }

    int add_bone(const std::string& name, int parent) {
        Bone bone;
        bone.name = bone_names_.take(name);
        bone.parent = parent;
        bones_.push_back(std::move(bone));
        boxes_.emplace_back();
        return static_cast<int>(bones_.size()) - 1;
    }

    void add_slot(const std::string& name, int bone, int shown) {
        Slot slot;
        slot.name = slot_names_.take(name);
        slot.bone = bone;
        slot.shown = shown;
        slots_.push_back(std::move(slot));
        attachment_names_.emplace_back();
    }

    void add_picture(const PsdLayer& l, const PsdNameTags& tags, const std::string& name, const WalkContext& ctx) {
        const PsdRect bounds = visible_bounds(l);
        if (bounds.empty()) {
            warn(l, "no pixel of it shows; left out");
            return;
        }
        check_blending(l);
        if (bounds.width() > kMaxImageSide || bounds.height() > kMaxImageSide) {
            warn(l, "its picture, " + std::to_string(bounds.width()) + " x " + std::to_string(bounds.height()) + ", is larger than the " +
                        std::to_string(kMaxImageSide) + " pixels a side the editor shows; it is written, and shown as missing");
        }
        Box box;
        box.lo = glm::dvec2(bounds.left, double(doc_.height) - bounds.bottom);
        box.hi = glm::dvec2(bounds.right, double(doc_.height) - bounds.top);
        box.set = true;
        Attachment a;
        a.size = glm::vec2(static_cast<float>(bounds.width()), static_cast<float>(bounds.height()));
        a.tint = glm::vec4(1.0f, 1.0f, 1.0f, std::clamp(ctx.opacity * l.opacity * l.fill_opacity, 0.0f, 1.0f));
        if (ctx.mesh || tags.mesh) {
            const auto cells = [](float side) {
                return std::clamp(static_cast<int>(std::lround(side / kPsdMeshCellPixels)), 1, kPsdMeshMaxCells);
            };
            a.mesh = grid_mesh(a.size, cells(a.size.x), cells(a.size.y));
        }
        std::size_t slot_index = 0;
        std::string file_stem;
        if (ctx.slot_group >= 0) {
            if (tags.bone) warn(l, "[bone] inside a [slot] group is not acted on");
            slot_index = static_cast<std::size_t>(ctx.slot_group);
            Slot& slot = slots_[slot_index];
            a.name = attachment_names_[slot_index].take(name);
            file_stem = picture_file_stem(slot.name) + "-" + picture_file_stem(a.name);
            // The topmost visible layer is the one shown: later layers lie above.
            if (ctx.shown && l.visible) slot.shown = static_cast<int>(slot.attachments.size());
        } else {
            const int bone = tags.bone ? add_bone(name, ctx.bone) : ctx.bone;
            slot_index = slots_.size();
            add_slot(name, bone, 0);
            a.name = attachment_names_.back().take(name);
            file_stem = picture_file_stem(slots_.back().name);
        }
        a.image = folder_ + "/" + file_names_.take(file_stem, "-") + ".png";
        Slot& slot = slots_[slot_index];
        placed_.push_back(Placed{slot_index, slot.attachments.size(), box});
        boxes_[static_cast<std::size_t>(slot.bone)].add(box);
        out_.pictures.push_back(RigPicture{a.image, bounds.width(), bounds.height(), crop_pixels(l, bounds)});
        slot.attachments.push_back(std::move(a));
    }

    const PsdDocument& doc_;
    const std::string& folder_;
    PsdRigOutput& out_;
    std::vector<Bone> bones_;
    std::vector<Box> boxes_;  // each bone's pictures' bounds, its own and then its children's
    std::vector<Slot> slots_;
    std::vector<UniqueNames> attachment_names_;  // one per slot
    std::vector<Placed> placed_;
    UniqueNames bone_names_;
    UniqueNames slot_names_;
    UniqueNames file_names_{true};
};

std::optional<std::string> layers_problem(const std::vector<PsdLayer>& layers, std::size_t depth) {
    if (depth > kMaxPsdGroupDepth) return "groups nest deeper than " + std::to_string(kMaxPsdGroupDepth) + " levels";
    for (const PsdLayer& l : layers) {
        const std::size_t pixels = l.rect.empty() ? 0 : std::size_t(l.rect.width()) * std::size_t(l.rect.height());
        if (!l.is_group() && l.rgba.size() != 4 * pixels)
            return psd_layer_place(l.record, l.name) + ": its pixels do not cover its rectangle";
        if (!(l.opacity >= 0.0f && l.opacity <= 1.0f && l.fill_opacity >= 0.0f && l.fill_opacity <= 1.0f))
            return psd_layer_place(l.record, l.name) + ": an opacity outside 0 to 1";
        if (std::optional<std::string> p = layers_problem(l.children, depth + 1)) return p;
    }
    return std::nullopt;
}

}  // namespace

Status PsdRigJob::validate() const {
    if (!document || !output) return Error{"PsdRigJob: no document or no output"};
    if (document->width < 1 || document->height < 1 || document->width > kMaxPsdSide || document->height > kMaxPsdSide)
        return Error{"PsdRigJob: the canvas is not 1 to " + std::to_string(kMaxPsdSide) + " pixels a side"};
    if (!is_picture_folder(picture_folder))
        return Error{"PsdRigJob: the picture folder must be a relative path with '/' between parts, none empty, \".\" or \"..\""};
    if (std::optional<std::string> p = layers_problem(document->layers, 0)) return Error{"PsdRigJob: " + *p};
    return {};
}

void PsdRigJob::run() const {
    assert_validated(*this, "PsdRigJob");
    *output = PsdRigOutput{};
    RigBuilder builder(*document, picture_folder, *output);
    builder.walk(document->layers, WalkContext{});
    builder.finish();
}

}  // namespace marionette::psd
