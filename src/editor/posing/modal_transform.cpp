#include "editor/posing/modal_transform.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/base/extents.hpp"
#include "core/ik/joint_limits.hpp"
#include "core/ik/pins.hpp"
#include "core/math/rotation_math.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

// The pointer closer than this to the pivot on screen gives no bearing to turn by.
constexpr float kPivotPixels = 2.0f;
constexpr const char* kAxisNames[] = {"X", "Y", "Z"};

// The pointer's bearing round `pivot` on screen, counter-clockwise as the user sees it (pixels
// run down).
float bearing(glm::vec2 pivot, glm::vec2 pixel) { return std::atan2(pivot.y - pixel.y, pixel.x - pivot.x); }

glm::vec3 unit_axis(int axis) {
    glm::vec3 a{0.0f};
    a[axis] = 1.0f;
    return a;
}

}  // namespace

Result<ModalTransform> ModalTransform::start(ModalKind kind, const Rig& rig, std::span<const int> selection, int active, glm::vec2 pointer,
                                             const ViewCamera& camera, const Viewport& viewport, int auto_chain_length) {
    const int n = static_cast<int>(rig.skeleton.size());
    if (active < 0 || active >= n) {
        return Error{kind == ModalKind::Rotate ? "R rotates the selected bones: select a bone first"
                                               : "G moves the selected bone: select a bone first"};
    }
    if (!rig.pose.fits(rig.skeleton.size())) return Error{"the pose does not match the skeleton"};
    Result<std::vector<Transform>> world = compute_world(rig.skeleton, rig.pose);
    if (!world) return Error{world.message()};
    ModalTransform m;
    m.kind_ = kind;
    m.is_2d_ = rig.is_2d();
    m.camera_ = camera;
    m.viewport_ = viewport;
    m.active_ = active;
    const auto a = static_cast<std::size_t>(active);
    m.active_frame_ = world.value()[a].rotation;
    m.start_pixel_ = m.pixel_ = pointer;
    if (kind == ModalKind::Rotate) {
        std::vector<int> bones(selection.begin(), selection.end());
        bones.push_back(active);
        std::sort(bones.begin(), bones.end());
        bones.erase(std::unique(bones.begin(), bones.end()), bones.end());
        for (const int b : bones) {
            if (b < 0 || b >= n) return Error{"rotate: no such bone"};
            m.turning_.push_back({b, rig.pose.rotations[static_cast<std::size_t>(b)]});
            m.frames_.push_back(world.value()[static_cast<std::size_t>(b)].rotation);
        }
        m.anchor_ = world.value()[a].translation;
    } else if (rig.skeleton[a].parent < 0 && rig.chain_ending_at(active) < 0) {
        m.anchor_ = world.value()[a].translation;
        Result<RootDrag> root = RootDrag::start(rig, active, m.anchor_);
        if (!root) return Error{root.message()};
        m.grab_ = std::move(root).value();
    } else {
        if (const int c = rig.chain_ending_at(active); c >= 0 && rig.chains[static_cast<std::size_t>(c)].mix == 0.0f) {
            return Error{"chain \"" + rig.chains[static_cast<std::size_t>(c)].name + "\" is at an FK / IK mix of 0: R turns its bones"};
        }
        m.anchor_ = bone_tip(world.value()[a], posed_length(rig.skeleton, rig.pose, a));
        Result<IkDrag> ik = IkDrag::start(rig, rig.pose, drag_chain_for(rig, active, auto_chain_length), m.anchor_);
        if (!ik) return Error{ik.message()};
        m.grab_ = std::move(ik).value();
    }
    m.anchor_pixel_ = camera.project(m.anchor_, viewport).pixel;
    m.last_bearing_ = bearing(m.anchor_pixel_, pointer);
    return m;
}

void ModalTransform::pointer(glm::vec2 pixel) {
    pixel_ = pixel;
    if (kind_ != ModalKind::Rotate || glm::length(pixel - anchor_pixel_) < kPivotPixels) return;
    // Summed step by step, so that going round the joint twice turns twice.
    const float now = bearing(anchor_pixel_, pixel);
    pointer_angle_ += wrap_angle(now - last_bearing_);
    last_bearing_ = now;
}

bool ModalTransform::lock(int axis) {
    if (axis < 0 || axis > 2) return false;
    if (is_2d_ && (kind_ == ModalKind::Rotate) != (axis == 2)) return false;
    if (axis != axis_ || space_ == AxisSpace::Free) {
        axis_ = axis;
        space_ = AxisSpace::World;
    } else if (space_ == AxisSpace::World && !is_2d_) {
        space_ = AxisSpace::Local;
    } else {
        space_ = AxisSpace::Free;
        axis_ = 2;
    }
    return true;
}

bool ModalTransform::type(char c) {
    if (c == '-') {
        typed_ = !typed_.empty() && typed_[0] == '-' ? typed_.substr(1) : "-" + typed_;
        return true;
    }
    if (c == '.' && typed_.find('.') != std::string::npos) return true;
    if (!(c == '.' || (c >= '0' && c <= '9'))) return false;
    if (typed_.size() < 16) typed_ += c;
    return true;
}

void ModalTransform::erase() {
    if (!typed_.empty()) typed_.pop_back();
    if (typed_ == "-") typed_.clear();
}

std::optional<float> ModalTransform::typed_value() const {
    if (typed_.empty() || typed_ == "-" || typed_ == "." || typed_ == "-.") return std::nullopt;
    const float v = std::strtof(typed_.c_str(), nullptr);
    return std::isfinite(v) ? std::optional<float>(v) : std::nullopt;
}

glm::vec3 ModalTransform::world_axis(const glm::quat& frame) const {
    if (space_ == AxisSpace::Free) return -camera_.view_direction();
    const glm::vec3 axis = unit_axis(axis_);
    return space_ == AxisSpace::Local ? frame * axis : axis;
}

float ModalTransform::angle() const {
    if (const std::optional<float> typed = typed_value()) return *typed / kDegreesPerRadian;
    if (turned_) return *turned_;
    if (space_ == AxisSpace::Free || is_2d_) return pointer_angle_;
    // The pointer's turn on screen is about the axis toward the viewer: about a locked axis
    // it turns the way the user sees it when that axis points toward them.
    const float facing = glm::dot(world_axis(active_frame_), -camera_.view_direction());
    return facing < 0.0f ? -pointer_angle_ : pointer_angle_;
}

glm::vec3 ModalTransform::offset() const {
    const glm::vec3 axis = space_ == AxisSpace::Free ? unit_axis(0) : world_axis(active_frame_);
    if (const std::optional<float> typed = typed_value()) return *typed * axis;
    const glm::vec3 normal = camera_.view_direction();
    const std::optional<glm::vec3> from = camera_.point_on_plane(start_pixel_, viewport_, anchor_, normal);
    const std::optional<glm::vec3> to = camera_.point_on_plane(pixel_, viewport_, anchor_, normal);
    if (!from || !to) return glm::vec3{0.0f};
    glm::vec3 moved = *to - *from;
    if (is_2d_) moved.z = 0.0f;
    if (space_ == AxisSpace::Free) return moved;
    // Along a locked axis, by how far the pointer went along the axis as the screen shows it
    // (Blender's way: an axis pointing nearly at the viewer still moves, quickly).
    const glm::vec2 along = camera_.project(anchor_ + axis, viewport_).pixel - anchor_pixel_;
    const float pixels_per_unit = glm::dot(along, along);
    if (!(pixels_per_unit > 1e-6f)) return glm::vec3{0.0f};
    return glm::dot(pixel_ - start_pixel_, along) / pixels_per_unit * axis;
}

void ModalTransform::apply(Rig& rig, const Rig& start) {
    if (kind_ == ModalKind::Rotate) {
        rig.pose = start.pose;
        const float a = angle();
        if (space_ == AxisSpace::Local) {
            // Each bone about its own axis, whatever its parents do.
            for (const TurningBone& t : turning_) {
                const auto b = static_cast<std::size_t>(t.bone);
                glm::quat rotation = normalized(t.start * glm::angleAxis(a, unit_axis(axis_)));
                if (rig.skeleton[b].limits) rotation = constrain_rotation(rotation, *rig.skeleton[b].limits, rig.is_2d());
                rig.pose.rotations[b] = rotation;
            }
        } else {
            const glm::quat turn = is_2d_ ? rotation_2d(a) : glm::angleAxis(a, glm::normalize(world_axis(active_frame_)));
            turn_bones_in_world(rig, rig.pose, turning_, turn);
        }
        std::vector<int> bones;
        for (const TurningBone& t : turning_) bones.push_back(t.bone);
        hold_pins(rig, rig.pose, bones);
        return;
    }
    const glm::vec3 to = anchor_ + offset();
    // A typed distance may send the point past what a rig file holds: the pose stays as it
    // began until the number is brought back in range.
    out_of_range_ = !(glm::all(glm::lessThanEqual(glm::abs(to), glm::vec3(kMaxCoordinate))));
    if (out_of_range_) {
        rig.pose = start.pose;
        for (std::size_t c = 0; c < rig.chains.size() && c < start.chains.size(); ++c) rig.chains[c].pin = start.chains[c].pin;
        return;
    }
    if (const auto* root = std::get_if<RootDrag>(&grab_)) {
        rig.pose = start.pose;
        root->drag(rig, to);
    } else if (auto* ik = std::get_if<IkDrag>(&grab_)) {
        if (ik->drag(rig, to)) ik->finish(rig);
    }
}

std::string ModalTransform::describe(bool with_keys) const {
    char amount[48];
    if (kind_ == ModalKind::Rotate) {
        std::snprintf(amount, sizeof amount, "%.1f°", static_cast<double>(angle() * kDegreesPerRadian));
    } else {
        const glm::vec3 d = offset();
        if (is_2d_) {
            std::snprintf(amount, sizeof amount, "by %.3g, %.3g", static_cast<double>(d.x), static_cast<double>(d.y));
        } else {
            std::snprintf(amount, sizeof amount, "by %.3g, %.3g, %.3g", static_cast<double>(d.x), static_cast<double>(d.y),
                          static_cast<double>(d.z));
        }
    }
    std::string text = std::string(kind_ == ModalKind::Rotate ? "Rotate " : "Move ") + amount;
    if (space_ != AxisSpace::Free) {
        text += std::string(kind_ == ModalKind::Rotate ? " about " : " along ") + (space_ == AxisSpace::World ? "global " : "local ") +
                kAxisNames[axis_];
    }
    if (!typed_.empty()) text += " [" + typed_ + "]";
    if (kind_ == ModalKind::Grab && out_of_range_) text += std::string(" too far: a position must lie ") + kCoordinateRange;
    return with_keys ? text + " (X/Y/Z lock, type a number; Enter or click confirms, Escape or right-click cancels)" : text;
}

std::string ModalTransform::label(const Rig& rig) const {
    if (kind_ == ModalKind::Rotate) {
        std::vector<int> bones;
        for (const TurningBone& t : turning_) bones.push_back(t.bone);
        return rotate_label(rig, bones);
    }
    const std::string& name = rig.skeleton[static_cast<std::size_t>(active_)].name;
    return std::holds_alternative<RootDrag>(grab_) ? "Move " + name : "Drag " + name;
}

}  // namespace marionette
