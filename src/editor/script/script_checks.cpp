#include "editor/script/script_checks.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/mesh/attachment_skinning.hpp"
#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

std::string format_point(glm::vec3 p, bool three) {
    std::ostringstream s;
    s.precision(6);
    s << '(' << p.x << ", " << p.y;
    if (three) s << ", " << p.z;
    s << ')';
    return s.str();
}

const char* point_name(BonePoint at) {
    switch (at) {
        case BonePoint::Joint: return "joint";
        case BonePoint::Middle: return "middle";
        case BonePoint::Tip: return "tip";
    }
    return "tip";
}

}  // namespace

Result<glm::vec3> bone_point_world(const ScriptView& view, const std::string& bone, BonePoint at) {
    const int index = view.rig->skeleton.find(bone);
    const auto b = static_cast<std::size_t>(index);
    if (index < 0 || !view.pose || b >= view.world.size() || b >= view.pose->scales.size())
        return Error{"\"" + bone + "\" is not a bone of this rig"};
    const Transform& frame = view.world[b];
    const float length = posed_length(view.rig->skeleton, *view.pose, b);
    switch (at) {
        case BonePoint::Joint: return frame.translation;
        case BonePoint::Middle: return bone_tip(frame, 0.5f * length);
        case BonePoint::Tip: return bone_tip(frame, length);
    }
    return frame.translation;
}

Result<glm::vec3> handle_point_world(const ScriptView& view, const std::string& chain, HandlePoint at) {
    const int index = view.rig->find_chain(chain);
    if (index < 0) return Error{"\"" + chain + "\" is not a chain of this rig"};
    const IkChain& c = view.rig->chains[static_cast<std::size_t>(index)];
    switch (at) {
        case HandlePoint::Pin:
            if (!c.pin) return Error{"chain \"" + chain + "\" is not pinned"};
            return *c.pin;
        case HandlePoint::Pole:
            if (!c.two_bone.pole || c.solver != SolverKind::TwoBone) return Error{"chain \"" + chain + "\" has no pole"};
            return *c.two_bone.pole;
        case HandlePoint::Target:
            if (c.pin) return *c.pin;
            return bone_point_world(view, view.rig->skeleton[static_cast<std::size_t>(c.effector)].name, BonePoint::Tip);
    }
    return Error{"no such handle"};
}

Result<glm::vec3> slot_point_world(const ScriptView& view, const std::string& name) {
    for (const Slot& slot : view.rig->slots) {
        if (slot.name != name) continue;
        const auto b = static_cast<std::size_t>(slot.bone);
        const int drawn = drawn_attachment(slot, slot.shown, view.rig->skin);
        if (drawn < 0) return Error{"slot \"" + name + "\" shows no picture"};
        if (!view.pose || b >= view.world.size() || b >= view.pose->scales.size()) return Error{"slot \"" + name + "\" is not drawn"};
        // The middle of its outline's box: a plain picture's centre.
        std::vector<glm::vec3> placed;
        attachment_world_vertices(slot.attachments[static_cast<std::size_t>(drawn)], slot.bone, view.world, *view.pose,
                                  attachment_skinning(view.rig->skeleton, view.rig->slots, *view.pose, view.world), placed);
        if (placed.empty()) return Error{"slot \"" + name + "\" is not drawn"};
        glm::vec3 lo = placed[0], hi = placed[0];
        for (const glm::vec3& p : placed) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
        return 0.5f * (lo + hi);
    }
    return Error{"\"" + name + "\" is not a slot of this rig"};
}

Result<glm::vec2> resolve_point(const ScriptView& view, const ScriptPoint& point) {
    if (point.pixel) return *point.pixel;
    if (!point.ui.empty()) {
        for (const UiMark& m : view.ui) {
            if (m.name == point.ui) return (m.min + m.max) * 0.5f + point.offset;
        }
        std::string drawn;
        for (const UiMark& m : view.ui) drawn += (drawn.empty() ? "" : ", ") + m.name;
        return Error{"no widget \"" + point.ui + "\" is drawn now" + (drawn.empty() ? std::string() : " (drawn: " + drawn + ")")};
    }
    const bool is_handle = !point.chain.empty();
    Result<glm::vec3> world = !point.slot.empty() ? slot_point_world(view, point.slot)
                              : is_handle         ? handle_point_world(view, point.chain, point.handle)
                                                  : bone_point_world(view, point.bone, point.at);
    if (!world) return Error{world.message()};
    const ScreenPoint screen = view.camera->project(world.value(), view.viewport);
    if (!screen.in_front) {
        const std::string what = is_handle ? "a handle of chain \"" + point.chain + "\""
                                           : "the " + std::string(point_name(point.at)) + " of \"" + point.bone + "\"";
        return Error{what + " is behind the camera"};
    }
    const glm::vec2 pixel = screen.pixel + point.offset;
    if (!(std::fabs(pixel.x) <= kMaxScriptPixel && std::fabs(pixel.y) <= kMaxScriptPixel)) {
        return Error{"the point lands at pixel (" + std::to_string(pixel.x) + ", " + std::to_string(pixel.y) +
                     "), beyond the +-1e6 a script may name"};
    }
    return pixel;
}

namespace {
std::string state_text(const std::string& state) { return state == kRigPoseName ? "the rig's pose" : "\"" + state + "\""; }

Status check_state(const ScriptView& view, const ExpectState& e) {
    if (view.state != e.state) return Error{"the state shown is " + state_text(view.state) + ", expected " + state_text(e.state)};
    if (e.from) {
        if (e.from->empty() && view.blending_from)
            return Error{"a transition from " + state_text(*view.blending_from) + " is in progress, expected none"};
        if (!e.from->empty() && (!view.blending_from || *view.blending_from != *e.from)) {
            return Error{view.blending_from
                             ? "the transition blends from " + state_text(*view.blending_from) + ", expected from " + state_text(*e.from)
                             : "no transition is in progress, expected one from " + state_text(*e.from)};
        }
    }
    if (e.weight && !(view.blend_weight >= e.weight->x && view.blend_weight <= e.weight->y)) {
        return Error{"the blend weight is " + std::to_string(view.blend_weight) + ", expected within [" + std::to_string(e.weight->x) +
                     ", " + std::to_string(e.weight->y) + "]"};
    }
    return {};
}
}  // namespace

Status check_expectation(const ScriptView& view, const Expectation& expectation) {
    if (const auto* e = std::get_if<ExpectBonePoint>(&expectation)) {
        Result<glm::vec3> world = bone_point_world(view, e->bone, e->at);
        if (!world) return Error{world.message()};
        const std::string what = "the " + std::string(point_name(e->at)) + " of \"" + e->bone + "\"";
        if (e->world) {
            const float off = glm::length(world.value() - *e->world);
            if (off <= e->within) return {};
            const bool three = !view.rig->is_2d();
            return Error{what + " is at " + format_point(world.value(), three) + ", " + std::to_string(off) + " from " +
                         format_point(*e->world, three) + " (allowed " + std::to_string(e->within) + ")"};
        }
        const ScreenPoint screen = view.camera->project(world.value(), view.viewport);
        if (!screen.in_front) return Error{what + " is behind the camera"};
        const float off = glm::length(screen.pixel - *e->pixel);
        if (off <= e->within) return {};
        return Error{what + " is drawn at pixel " + format_point({screen.pixel, 0.0f}, false) + ", " + std::to_string(off) + " px from " +
                     format_point({*e->pixel, 0.0f}, false) + " (allowed " + std::to_string(e->within) + ")"};
    }
    if (const auto* e = std::get_if<ExpectMode>(&expectation)) {
        if (view.mode == e->mode) return {};
        return Error{"the mode is " + std::string(view.mode) + ", expected " + e->mode};
    }
    if (const auto* e = std::get_if<ExpectSelected>(&expectation); e && e->bones) {
        std::vector<std::string> got;
        for (const int b : view.selection) {
            if (b >= 0 && static_cast<std::size_t>(b) < view.rig->skeleton.size())
                got.push_back(view.rig->skeleton[static_cast<std::size_t>(b)].name);
        }
        std::vector<std::string> expected = *e->bones;
        std::sort(got.begin(), got.end());
        std::sort(expected.begin(), expected.end());
        if (got == expected) return {};
        const auto listed = [](const std::vector<std::string>& names) {
            std::string text;
            for (const std::string& n : names) text += (text.empty() ? "\"" : ", \"") + n + "\"";
            return text.empty() ? std::string("nothing") : "[" + text + "]";
        };
        return Error{listed(got) + " selected, expected " + listed(expected)};
    }
    if (const auto* e = std::get_if<ExpectSelected>(&expectation)) {
        const std::string selected = view.selected >= 0 && static_cast<std::size_t>(view.selected) < view.rig->skeleton.size()
                                         ? view.rig->skeleton[static_cast<std::size_t>(view.selected)].name
                                         : std::string();
        if (selected == e->bone) return {};
        auto quoted = [](const std::string& s) { return s.empty() ? std::string("nothing") : "\"" + s + "\""; };
        return Error{quoted(selected) + " is selected, expected " + quoted(e->bone)};
    }
    if (const auto* e = std::get_if<ExpectState>(&expectation)) return check_state(view, *e);
    if (const auto* e = std::get_if<ExpectDialog>(&expectation)) {
        if (view.dialog == e->dialog) return {};
        auto named = [](std::string_view d) { return d.empty() ? std::string("no dialog") : "the \"" + std::string(d) + "\" dialog"; };
        return Error{named(view.dialog) + " is up, expected " + named(e->dialog)};
    }
    if (const auto* e = std::get_if<ExpectStatus>(&expectation)) {
        const bool holds = e->text.empty() ? view.status.empty() : view.status.find(e->text) != std::string_view::npos;
        if (holds) return {};
        const std::string shown = view.status.empty() ? std::string("no message") : "\"" + std::string(view.status) + "\"";
        return Error{"the status bar shows " + shown + ", expected " + (e->text.empty() ? std::string("none") : "\"" + e->text + "\"")};
    }
    const auto& e = std::get<ExpectModified>(expectation);
    if (view.modified == e.modified) return {};
    return Error{std::string("the document is ") + (view.modified ? "modified" : "unmodified") + ", expected " +
                 (e.modified ? "modified" : "unmodified")};
}

}  // namespace marionette
