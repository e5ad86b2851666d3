#include "core/io/spine_import/spine_rig_job.hpp"

#include <cmath>
#include <map>

#include "core/base/extents.hpp"
#include "core/base/job_validated.hpp"
#include "core/io/import/unique_names.hpp"
#include "core/io/spine_import/spine_animation_states.hpp"
#include "core/io/spine_import/spine_attachment_mesh.hpp"
#include "core/io/spine_import/spine_name_list.hpp"
#include "core/io/spine_import/spine_region_picture.hpp"
#include "core/io/spine_import/spine_setup_world.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

constexpr double kTurn = 2.0 * 3.14159265358979323846;
// Below this a scale is taken as none: nothing can be divided by it.
constexpr double kNoScale = kSpineNoScale;
// The skew, in degrees, below which a frame counts as square (a writer's rounding).
constexpr double kSkewTolerance = 0.01;

std::string in_quotes(const std::string& s) { return "\"" + s + "\""; }

std::string two_decimals(double d) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", d);
    return text;
}

class Builder {
public:
    Builder(const SpineRigJob& job, SpineRigOutput& out) : job_(job), data_(*job.skeleton), out_(out) {}

    void bones() {
        const std::vector<SpineWorld> world = spine_setup_world(data_.bones);
        std::vector<SpineRigidFrame> frames(data_.bones.size());
        std::vector<Bone> bones(data_.bones.size());
        Pose& pose = out_.rig.pose;
        pose = Pose::rest(bones.size());
        for (std::size_t i = 0; i < bones.size(); ++i) {
            const SpineBoneData& b = data_.bones[i];
            const double parent_angle = b.parent < 0 ? 0.0 : frames[std::size_t(b.parent)].angle;
            frames[i] = spine_rigid_frame(world[i], parent_angle + b.rotation * kSpineRadiansPerDegree);
            const SpineRigidFrame& f = frames[i];
            Bone& bone = bones[i];
            bone.name = b.name;
            bone.parent = b.parent;
            bone.length = float(b.length);
            if (b.color) bone.color = glm::vec3(*b.color);
            glm::dvec2 local = f.position;
            double turn = f.angle;
            if (b.parent >= 0) {
                const SpineRigidFrame& p = frames[std::size_t(b.parent)];
                turn = f.angle - p.angle;
                // The offset in the parent's frame, before its scale stretches it.
                const glm::dvec2 d = f.position - p.position;
                const double c = std::cos(p.angle), s = std::sin(p.angle);
                const glm::dvec2 in_parent(c * d.x + s * d.y, -s * d.x + c * d.y);
                local.x = p.scale.x > kNoScale ? in_parent.x / p.scale.x : b.x;
                local.y = p.scale.y > kNoScale ? in_parent.y / p.scale.y : b.y;
            }
            local = glm::clamp(local, glm::dvec2(-kMaxCoordinate), glm::dvec2(kMaxCoordinate));
            bone.rest.translation = glm::vec3(float(local.x), float(local.y), 0.0f);
            bone.rest.rotation = rotation_2d(float(std::remainder(turn, kTurn)));
            glm::dvec2 scale = glm::min(f.scale, glm::dvec2(kMaxPoseScale));
            if (scale != f.scale) warn_bone(i, "its scale in the world passes " + std::to_string(int(kMaxPoseScale)) + "; held there");
            pose.scales[i] = glm::vec3(float(scale.x), float(scale.y), 1.0f);
            if (f.skew > kSkewTolerance)
                warn_bone(i, "skewed " + two_decimals(f.skew) + " degrees (a shear, or a parent's uneven scale); drawn square");
            if (f.mirrored) warn_bone(i, "mirrored (a negative scale); drawn unmirrored");
        }
        out_.rig.dimensions = Dimensions::Two;
        out_.rig.skeleton = Skeleton(std::move(bones));
        Result<std::vector<Transform>> rest = compute_world(out_.rig.skeleton, Pose::rest(out_.rig.skeleton.size()));
        if (rest) rest_world_ = std::move(rest).value();
    }

    void slots() {
        std::map<std::string, std::vector<std::string>> blended;  // blend mode: slots
        std::vector<std::string> dark;
        std::vector<std::string> unshown;  // "slot/attachment" shown in the setup, not imported
        int dressing = -1;                 // the first skin holding a setup attachment the default skin lacks
        // The default skin's attachments are the rig's own; every other skin becomes one of the rig's.
        std::vector<int> skin_of(data_.skins.size(), -1);
        for (std::size_t k = 0; k < data_.skins.size(); ++k) {
            if (data_.skins[k].name == "default") continue;
            skin_of[k] = int(out_.rig.skins.size());
            out_.rig.skins.push_back(Skin{data_.skins[k].name});
        }
        for (std::size_t i = 0; i < data_.slots.size(); ++i) {
            const SpineSlotData& s = data_.slots[i];
            Slot slot;
            slot.name = s.name;
            slot.bone = s.bone;
            slot.color = glm::clamp(s.color, glm::vec4(0.0f), glm::vec4(1.0f));
            if (s.blend != "normal") blended[s.blend].push_back(s.name);
            if (s.dark) dark.push_back(s.name);
            for (std::size_t k = 0; k < data_.skins.size(); ++k) {
                for (const SpineSkinEntry& e : data_.skins[k].attachments) {
                    if (e.slot != int(i)) continue;
                    if (std::optional<Attachment> a = attachment(e.attachment, s.bone, int(i))) {
                        a->skin = skin_of[k];
                        slot.attachments.push_back(std::move(*a));
                    }
                }
            }
            if (!s.attachment.empty()) {
                for (std::size_t k = 0; k < slot.attachments.size() && slot.shown < 0; ++k)
                    if (slot.attachments[k].name == s.attachment) slot.shown = int(k);
                if (slot.shown < 0) unshown.push_back(s.name + "/" + s.attachment);
                else if (drawn_attachment(slot, slot.shown, -1) < 0 && dressing < 0)
                    dressing = slot.attachments[std::size_t(slot.shown)].skin;
            }
            out_.rig.slots.push_back(std::move(slot));
        }
        out_.rig.skin = dressing;
        for (const auto& [mode, names] : blended)
            warn(std::to_string(names.size()) + (names.size() == 1 ? " slot blending " : " slots blending ") + in_quotes(mode) +
                 " drawn as normal: " + spine_name_list(names));
        if (!dark.empty())
            warn(std::to_string(dark.size()) + (dark.size() == 1 ? " slot's" : " slots'") +
                 " dark colour (two-colour tint) dropped: " + spine_name_list(dark));
        for (const auto& [type, names] : left_out_) warn_list(type + " attachment", names);
        if (!unshown.empty())
            warn(std::to_string(unshown.size()) + (unshown.size() == 1 ? " slot shows" : " slots show") +
                 " nothing in the setup pose, their attachment not among the skins' imported (" + spine_name_list(unshown) + ")");
    }

    void constraints() {
        for (const SpineIkData& ik : data_.ik) {
            IkChain chain;
            chain.name = ik.name;
            chain.root = ik.bones.front();
            chain.effector = ik.bones.back();
            chain.mix = float(std::clamp(ik.mix, 0.0, 1.0));
            if (ik.bones.size() == 2) {
                chain.solver = SolverKind::TwoBone;
                chain.two_bone.bend = ik.bend_positive ? 1 : -1;
                // Spine's softness is a distance below full reach; Marionette's that distance as
                // a fraction of the reach's range, twice the shorter bone.
                const Skeleton& sk = out_.rig.skeleton;
                const double upper = glm::length(glm::vec2(sk[std::size_t(chain.effector)].rest.translation));
                const double lower = sk[std::size_t(chain.effector)].length;
                const double range = 2.0 * std::min(upper, lower);
                chain.two_bone.softness = range > 0.0 ? float(std::clamp(ik.softness / range, 0.0, 1.0)) : 0.0f;
            } else {
                chain.solver = SolverKind::Ccd;
            }
            if (ik.compress || ik.stretch)
                warn("ik " + in_quotes(ik.name) +
                     ": compress and stretch act in the animations' keys; the chain keeps its bones' lengths when dragged");
            out_.rig.chains.push_back(std::move(chain));
        }
        if (!data_.ik.empty())
            warn(std::to_string(data_.ik.size()) + " IK constraint" + (data_.ik.size() == 1 ? " is a chain" : "s are chains") +
                 " solved when the end is dragged; the target bones stay plain bones");
        warn_list("transform constraint", data_.transform_constraints);
        warn_list("path constraint", data_.path_constraints);
        warn_list("physics constraint", data_.physics_constraints);
        warn_list("event", data_.events);
        std::vector<std::string> binding;
        for (const SpineSkinData& s : data_.skins)
            if (s.bound > 0) binding.push_back(s.name);
        if (!binding.empty())
            warn(std::to_string(binding.size()) + (binding.size() == 1 ? " skin lists" : " skins list") +
                 " bones and constraints of its own; they act whatever the skin: " + spine_name_list(binding));
    }

private:
    void warn(std::string w) { out_.warnings.push_back(std::move(w)); }

    void warn_bone(std::size_t i, const std::string& what) {
        warn("bones[" + std::to_string(i) + "] " + in_quotes(data_.bones[i].name) + ": " + what);
    }

    void warn_list(const std::string& what, const std::vector<std::string>& names) {
        if (names.empty()) return;
        warn(std::to_string(names.size()) + " " + what + (names.size() == 1 ? "" : "s") + " left out: " + spine_name_list(names));
    }

    // The mesh a linked mesh takes its vertices from, or nullptr when it is not one read.
    const SpineAttachmentData* linked_parent(const SpineAttachmentData& d, int slot) const {
        for (const SpineSkinData& skin : data_.skins) {
            if (skin.name != d.parent_skin) continue;
            for (const SpineSkinEntry& e : skin.attachments)
                if (e.slot == slot && e.attachment.name == d.parent && e.attachment.type == SpineAttachmentType::Mesh) return &e.attachment;
        }
        return nullptr;
    }

    std::optional<Attachment> attachment(const SpineAttachmentData& linked, int bone, int slot) {
        // A linked mesh is its parent's mesh showing a picture of its own.
        SpineAttachmentData copy;
        const SpineAttachmentData* source = &linked;
        if (linked.type == SpineAttachmentType::LinkedMesh) {
            if (const SpineAttachmentData* parent = linked_parent(linked, slot)) {
                copy = *parent;
                copy.place = linked.place;
                copy.name = linked.name;
                copy.path = linked.path;
                copy.color = linked.color;
                copy.sequence = linked.sequence;
                source = &copy;
            }
        }
        const SpineAttachmentData& d = *source;
        if (d.type != SpineAttachmentType::Region && d.type != SpineAttachmentType::Mesh) {
            left_out_[spine_attachment_type_name(d.type)].push_back(d.name);
            return std::nullopt;
        }
        Attachment a;
        a.name = d.name;
        a.image = picture(d);
        a.tint = glm::clamp(d.color, glm::vec4(0.0f), glm::vec4(1.0f));
        if (d.sequence) warn(d.place + ": a sequence of pictures; its first is shown");
        if (d.type == SpineAttachmentType::Region) {
            a.size = glm::vec2(float(d.width), float(d.height));
            a.offset = glm::vec2(float(d.x), float(d.y));
            a.rotation = float(d.rotation * kSpineRadiansPerDegree);
            a.scale = glm::vec2(float(d.scale_x), float(d.scale_y));
            return a;
        }
        std::vector<std::string> notes;
        if (std::optional<std::string> problem = spine_attachment_mesh(d, bone, rest_world_, a, notes)) {
            warn(d.place + ": the mesh is left out (" + *problem + ")");
            return std::nullopt;
        }
        for (const std::string& n : notes) warn(d.place + ": " + n);
        return a;
    }

    // The picture file of the atlas region `d` shows, cut out the first time it is asked for.
    std::string picture(const SpineAttachmentData& d) {
        const auto known = files_.find(d.path);
        if (known != files_.end()) return known->second;
        const std::string file = job_.picture_folder + "/" + file_names_.take(picture_file_stem(d.path), "-") + ".png";
        files_.emplace(d.path, file);
        const SpineAtlasRegion* region = job_.atlas ? job_.atlas->find(d.path) : nullptr;
        if (!job_.atlas) {
            missing_.push_back(d.path);
        } else if (!region) {
            warn(d.place + ": region " + in_quotes(d.path) + " is not in the atlas; its picture shows as missing");
        } else {
            const DecodedImage& page = job_.pages[std::size_t(region->page)];
            if (page.width == 0) {
                missing_.push_back(d.path);
            } else if (!region_fits_page(*region, {page.width, page.height})) {
                warn(d.place + ": region " + in_quotes(d.path) + " lies outside its page's picture; its picture shows as missing");
            } else {
                DecodedImage cut = cut_atlas_region(page, *region, job_.atlas->pages[std::size_t(region->page)].premultiplied);
                out_.pictures.push_back(RigPicture{file, cut.width, cut.height, std::move(cut.rgba)});
            }
        }
        return file;
    }

public:
    void finish() {
        if (missing_.empty()) return;
        warn(std::to_string(missing_.size()) + " picture" + (missing_.size() == 1 ? "" : "s") +
             (job_.atlas ? " on atlas pages that did not load" : " with no atlas to cut them from") +
             " show as missing: " + spine_name_list(missing_));
    }

private:
    const SpineRigJob& job_;
    const SpineSkeletonData& data_;
    SpineRigOutput& out_;
    std::vector<Transform> rest_world_;
    std::map<std::string, std::vector<std::string>> left_out_;  // attachment type: names
    std::map<std::string, std::string> files_;                  // region: picture file
    UniqueNames file_names_{true};
    std::vector<std::string> missing_;
};

}  // namespace

Status SpineRigJob::validate() const {
    if (!skeleton || !output) return Error{"SpineRigJob: no skeleton or no output"};
    if (skeleton->bones.empty()) return Error{"SpineRigJob: a skeleton needs a bone"};
    for (std::size_t i = 0; i < skeleton->bones.size(); ++i) {
        const int parent = skeleton->bones[i].parent;
        if (parent >= int(i) || (parent < 0 && i > 0)) return Error{"SpineRigJob: bones must list parents first, one root"};
    }
    for (const SpineSlotData& s : skeleton->slots)
        if (s.bone < 0 || std::size_t(s.bone) >= skeleton->bones.size()) return Error{"SpineRigJob: a slot's bone is not in the skeleton"};
    for (const SpineIkData& ik : skeleton->ik) {
        if (ik.bones.empty() || ik.bones.size() > 2) return Error{"SpineRigJob: an IK constraint needs one or two bones"};
        for (int b : ik.bones)
            if (b < 0 || std::size_t(b) >= skeleton->bones.size())
                return Error{"SpineRigJob: an IK constraint's bone is not in the skeleton"};
        if (ik.bones.size() == 2 && skeleton->bones[std::size_t(ik.bones[1])].parent != ik.bones[0])
            return Error{"SpineRigJob: a two-bone IK constraint's second bone must be the first's child"};
    }
    for (const SpineSkinData& skin : skeleton->skins)
        for (const SpineSkinEntry& e : skin.attachments)
            if (e.slot < 0 || std::size_t(e.slot) >= skeleton->slots.size())
                return Error{"SpineRigJob: a skin names a slot that is not there"};
    if (atlas) {
        if (pages.size() != atlas->pages.size()) return Error{"SpineRigJob: one decoded picture per atlas page"};
        for (const SpineAtlasRegion& r : atlas->regions)
            if (r.page < 0 || std::size_t(r.page) >= pages.size()) return Error{"SpineRigJob: a region's page is not in the atlas"};
        for (const DecodedImage& p : pages)
            if (p.rgba.size() != std::size_t(p.width) * std::size_t(p.height) * 4)
                return Error{"SpineRigJob: a page's pixels do not cover its size"};
    }
    if (!is_picture_folder(picture_folder)) return Error{"SpineRigJob: the picture folder must be a relative path with '/' between parts"};
    return {};
}

void SpineRigJob::run() const {
    assert_validated(*this, "SpineRigJob");
    *output = SpineRigOutput{};
    Builder builder(*this, *output);
    builder.bones();
    builder.slots();
    builder.constraints();
    builder.finish();
    add_spine_states(*skeleton, output->rig, output->warnings);
}

}  // namespace marionette
