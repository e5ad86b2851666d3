// Mesh mode's input (mesh_mode.hpp): selecting, moving, adding and deleting a mesh's vertices,
// keying its shape with auto-key, and painting its weights.

#include <algorithm>
#include <cstdio>

#include "core/meshing/mesh_place.hpp"
#include "editor/edits/edits.hpp"
#include "editor/edits/mesh_vertex_edits.hpp"
#include "editor/ui/shortcuts.hpp"
#include "editor/viewport/viewport_controller.hpp"

namespace marionette {

namespace {

// The drawing slot `slot` shows: a state's at the playhead, or the slot's own.
int shown_drawing(const Rig& rig, const SlotPose* shown, int slot) {
    if (shown && shown->fits(rig.slots.size())) return drawn_index(rig.slots, *shown, static_cast<std::size_t>(slot));
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    return drawn_attachment(s, s.shown, rig.skin);
}

bool shows_mesh(const Rig& rig, const SlotPose* shown, int slot) {
    const int drawing = shown_drawing(rig, shown, slot);
    return drawing >= 0 && rig.slots[static_cast<std::size_t>(slot)].attachments[static_cast<std::size_t>(drawing)].mesh.has_value();
}

// Whether the mesh slot `slot` shows moves with `bone`: on it, or weighted on it.
bool mesh_follows(const Rig& rig, const SlotPose* shown, int slot, int bone) {
    if (!shows_mesh(rig, shown, slot)) return false;
    const Slot& s = rig.slots[static_cast<std::size_t>(slot)];
    if (s.bone == bone) return true;
    const AttachmentMesh& mesh = *s.attachments[static_cast<std::size_t>(shown_drawing(rig, shown, slot))].mesh;
    for (const VertexWeights& w : mesh.weights) {
        for (std::size_t i = 0; i < w.count; ++i) {
            if (w.bones[i] == bone) return true;
        }
    }
    return false;
}

}  // namespace

bool ViewportController::enter_mesh_mode(int slot) {
    const Rig& rig = document_.rig();
    const auto count = static_cast<int>(rig.slots.size());
    // No picture picked (a click on a picture where a bone lies picks the bone): the topmost
    // mesh the selected bone moves, on it or weighted on it (a worm's body from any of its bones).
    if (slot < 0 || slot >= count) {
        slot = -1;
        for (int s = count - 1; s >= 0 && selection_.active() >= 0; --s) {
            if (mesh_follows(rig, shown_slots_, s, selection_.active())) {
                slot = s;
                break;
            }
        }
    }
    if (slot < 0 || !shows_mesh(rig, shown_slots_, slot)) {
        message_ = slot < 0 ? "M edits a picture's mesh: click a picture first (Trace mesh in the inspector makes one)"
                            : "\"" + rig.slots[static_cast<std::size_t>(slot)].name +
                                  "\" shows no mesh: Trace mesh or Grid in the inspector makes one";
        return false;
    }
    picture_tool_.reset();
    MeshMode mode;
    mode.slot = slot;
    mode.attachment = shown_drawing(rig, shown_slots_, slot);
    if (mesh_) {
        mode.tool = mesh_->tool;
        mode.brush = mesh_->brush;
    }
    mesh_ = std::move(mode);
    selected_slot_ = slot;
    if (!selection_.contains(rig.slots[static_cast<std::size_t>(slot)].bone))
        selection_.set(rig.slots[static_cast<std::size_t>(slot)].bone);
    return true;
}

void ViewportController::set_mesh_tool(MeshTool tool) {
    if (mesh_ && !dragging()) mesh_->tool = tool;
}

void ViewportController::set_mesh_brush(const MeshBrush& brush) {
    if (!mesh_) return;
    mesh_->brush = brush;
    mesh_->brush.radius = std::clamp(brush.radius, kMinBrushRadius, kMaxBrushRadius);
    mesh_->brush.strength = std::clamp(brush.strength, 0.0f, 1.0f);
}

void ViewportController::keep_mesh_mode() {
    if (!mesh_) return;
    const Rig& rig = document_.rig();
    const bool exists = mesh_->slot < static_cast<int>(rig.slots.size()) &&
                        mesh_->attachment < static_cast<int>(rig.slots[static_cast<std::size_t>(mesh_->slot)].attachments.size()) &&
                        rig.slots[static_cast<std::size_t>(mesh_->slot)].attachments[static_cast<std::size_t>(mesh_->attachment)].mesh;
    if (!exists) {
        mesh_.reset();  // an undo took the mesh away
        return;
    }
    const std::size_t count =
        rig.slots[static_cast<std::size_t>(mesh_->slot)].attachments[static_cast<std::size_t>(mesh_->attachment)].mesh->vertices.size();
    std::erase_if(mesh_->selected, [&](std::uint32_t v) { return v >= count; });
}

void ViewportController::delete_mesh_vertices() {
    if (!mesh_ || dragging()) return;
    if (mesh_->selected.empty()) {
        message_ = "select the vertices to delete first";
        return;
    }
    const Rig& rig = document_.rig();
    const std::string& name = rig.slots[static_cast<std::size_t>(mesh_->slot)].name;
    const std::size_t n = mesh_->selected.size();
    const Status s = apply_edit(document_, history_, "Delete " + std::to_string(n) + (n == 1 ? " vertex of " : " vertices of ") + name,
                                marionette::delete_mesh_vertices(rig, mesh_->slot, mesh_->attachment, mesh_->selected));
    if (!s) {
        message_ = s.message();
        return;
    }
    mesh_->selected.clear();
}

bool ViewportController::mesh_key(ViewKey key, Modifiers mods) {
    const std::optional<Command> command = command_for(ShortcutContext::Meshing, key, mods);
    if (!command) return false;
    switch (*command) {
        case Command::MeshVertices: mesh_->tool = MeshTool::Vertices; break;
        case Command::MeshWeights: mesh_->tool = MeshTool::Weights; break;
        case Command::SelectAllVertices: {
            const Rig& rig = document_.rig();
            const std::size_t count = rig.slots[static_cast<std::size_t>(mesh_->slot)]
                                          .attachments[static_cast<std::size_t>(mesh_->attachment)]
                                          .mesh->vertices.size();
            mesh_->selected.resize(count);
            for (std::size_t i = 0; i < count; ++i) mesh_->selected[i] = static_cast<std::uint32_t>(i);
            break;
        }
        case Command::SelectNoVertices: mesh_->selected.clear(); break;
        case Command::DeleteVertices: delete_mesh_vertices(); break;
        default: return false;
    }
    return true;
}

void ViewportController::mesh_press(glm::vec2 pixel, Modifiers mods, const Viewport& viewport, const Pose& pose,
                                    const std::vector<Transform>& world) {
    const Rig& rig = document_.rig();
    const std::optional<ShownMesh> shown = shown_mesh(rig, *mesh_, pose, world, shown_slots_);
    if (!shown) return;
    if (mesh_->tool == MeshTool::Weights) {
        const int bone = selection_.active();
        if (bone < 0 || bone >= static_cast<int>(rig.skeleton.size())) {
            message_ = "the brush paints the selected bone's weight: pick a bone in the mesh panel or Alt+click one";
            return;
        }
        rig_before_drag_ = rig;
        drag_ = WeightStroke{bone, mods.ctrl ? WeightBrushMode::subtract : mesh_->brush.mode, pixel};
        paint_dab(pixel, viewport, pose, world);
        return;
    }
    const std::optional<std::uint32_t> hit = vertex_under(shown->positions, camera_, viewport, pixel, kPickTolerance);
    if (hit && (mods.shift || mods.ctrl)) {
        mesh_->toggle(*hit);
        return;
    }
    if (!hit) {
        if (mods.ctrl) {
            add_vertex_at(pixel, viewport, *shown);
        } else {
            drag_ = BoxSelect{pixel, pixel, mods.shift, true};
        }
        return;
    }
    if (!mesh_->is_selected(*hit)) mesh_->select(std::span<const std::uint32_t>(&*hit, 1), false);
    const auto grab = on_view_plane(pixel, viewport, shown->positions[*hit]);
    if (!grab) return;
    const std::vector<glm::mat2> moves = picture_moves(rig, *mesh_, pose, world, *shown);
    VertexDrag d;
    d.grab = *grab;
    d.key = auto_key_;
    d.shown = shown->deform;
    const AttachmentMesh& mesh = *shown->attachment->mesh;
    for (const std::uint32_t v : mesh_->selected) {
        if (moves[v] == glm::mat2(0.0f)) {
            message_ = "a vertex on a bone scaled to nothing cannot move";
            return;
        }
        d.vertices.push_back(v);
        d.start.push_back(d.key ? shown->deform[v] : mesh.vertices[v]);
        d.moves.push_back(moves[v]);
    }
    rig_before_drag_ = rig;
    drag_ = std::move(d);
}

void ViewportController::add_vertex_at(glm::vec2 pixel, const Viewport& viewport, const ShownMesh& shown) {
    const Rig& rig = document_.rig();
    const AttachmentMesh& mesh = *shown.attachment->mesh;
    // Where the pointer is in the picture's space: on an outline side within the pick tolerance
    // on screen, else in the shown triangle under it, each mapped back by its own shares.
    std::optional<glm::vec2> at;
    std::vector<glm::vec2> outline(mesh.hull);
    for (std::size_t i = 0; i < mesh.hull; ++i) outline[i] = camera_.project(shown.positions[i], viewport).pixel;
    if (const auto side = nearest_outline_side(outline, pixel, kPickTolerance)) {
        at = glm::mix(mesh.vertices[side->side], mesh.vertices[(side->side + 1) % mesh.hull], side->t);
    } else if (const auto point = on_view_plane(pixel, viewport, shown.positions.empty() ? glm::vec3(0.0f) : shown.positions[0])) {
        for (const auto& tri : mesh.triangles) {
            const auto shares = triangle_shares(glm::vec2(shown.positions[tri[0]]), glm::vec2(shown.positions[tri[1]]),
                                                glm::vec2(shown.positions[tri[2]]), glm::vec2(*point));
            if (shares) {
                at = shares->x * mesh.vertices[tri[0]] + shares->y * mesh.vertices[tri[1]] + shares->z * mesh.vertices[tri[2]];
                break;
            }
        }
    }
    if (!at) {
        message_ = "Ctrl+click adds a vertex on the mesh or on its outline";
        return;
    }
    // On a side already: a hair's snap keeps it there against rounding.
    const float snap =
        1e-4f *
        std::max(1.0f, glm::length(
                           rig.slots[static_cast<std::size_t>(mesh_->slot)].attachments[static_cast<std::size_t>(mesh_->attachment)].size));
    Result<AddedVertex> added = add_mesh_vertex(rig, mesh_->slot, mesh_->attachment, *at, snap);
    if (!added) {
        message_ = added.message();
        return;
    }
    const std::uint32_t vertex = added.value().vertex;
    const std::string label = "Add a vertex to " + rig.slots[static_cast<std::size_t>(mesh_->slot)].name;
    if (Status s = apply_edit(document_, history_, label, Result<Rig>(std::move(added.value().rig))); !s) {
        message_ = s.message();
        return;
    }
    mesh_->select(std::span<const std::uint32_t>(&vertex, 1), false);
}

void ViewportController::paint_dab(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    const auto* stroke = std::get_if<WeightStroke>(&drag_);
    if (!stroke) return;
    const std::optional<ShownMesh> shown = shown_mesh(document_.rig(), *mesh_, pose, world, shown_slots_);
    if (!shown) return;
    const auto centre = on_view_plane(pixel, viewport, shown->positions.empty() ? glm::vec3(0.0f) : shown->positions[0]);
    if (!centre) return;
    std::vector<glm::vec2> seen;
    seen.reserve(shown->positions.size());
    for (const glm::vec3& p : shown->positions) seen.emplace_back(p);
    WeightBrush brush;
    brush.mode = stroke->mode;
    brush.bone = static_cast<std::uint16_t>(stroke->bone);
    brush.centre = glm::vec2(*centre);
    brush.radius = mesh_->brush.radius * camera_.world_per_pixel_at(*centre, viewport);
    brush.strength = mesh_->brush.strength;
    Result<Rig> painted = paint_mesh_weights(document_.rig(), mesh_->slot, mesh_->attachment, brush, seen);
    if (!painted) {
        message_ = painted.message();
        return;
    }
    document_.edit([&](Rig& rig) { rig = std::move(painted).value(); });
}

bool ViewportController::mesh_motion(glm::vec2 pixel, const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    if (auto* stroke = std::get_if<WeightStroke>(&drag_)) {
        if (glm::length(pixel - stroke->last) >= 0.25f * mesh_->brush.radius) {
            stroke->last = pixel;
            paint_dab(pixel, viewport, pose, world);
        }
        return true;
    }
    const auto* d = std::get_if<VertexDrag>(&drag_);
    if (!d) return false;
    const auto cursor = on_view_plane(pixel, viewport, d->grab);
    if (!cursor) return true;
    const glm::vec2 moved(*cursor - d->grab);
    std::vector<glm::vec2> places(d->vertices.size());
    for (std::size_t i = 0; i < d->vertices.size(); ++i) places[i] = d->start[i] + d->moves[i] * moved;
    Result<Rig> changed = Error{""};
    if (d->key) {
        std::vector<glm::vec2> offsets = d->shown;
        for (std::size_t i = 0; i < d->vertices.size(); ++i) offsets[d->vertices[i]] = places[i];
        changed = key_mesh_deform(rig_before_drag_, d->key->state, mesh_->slot, mesh_->attachment, d->key->time, std::move(offsets));
    } else {
        changed = move_mesh_vertices(rig_before_drag_, mesh_->slot, mesh_->attachment, d->vertices, places);
    }
    // A move that would turn a triangle over is held where it last was valid.
    if (changed) document_.edit([&](Rig& rig) { rig = std::move(changed).value(); });
    return true;
}

bool ViewportController::mesh_release(const Viewport& viewport, const Pose& pose, const std::vector<Transform>& world) {
    if (const auto* box = std::get_if<BoxSelect>(&drag_); box && box->vertices) {
        if (glm::length(box->to - box->from) <= kClickSlop) {
            if (!box->add) mesh_->selected.clear();  // a click on empty space selects no vertex
        } else if (const std::optional<ShownMesh> shown = shown_mesh(document_.rig(), *mesh_, pose, world, shown_slots_)) {
            const std::vector<std::uint32_t> inside = vertices_in_box(shown->positions, camera_, viewport, box->from, box->to);
            mesh_->select(inside, box->add);
        }
        drag_ = std::monostate{};
        return true;
    }
    const std::string name = rig_before_drag_.slots.size() > static_cast<std::size_t>(mesh_->slot)
                                 ? rig_before_drag_.slots[static_cast<std::size_t>(mesh_->slot)].name
                                 : std::string();
    if (std::holds_alternative<WeightStroke>(drag_)) {
        history_.record("Paint weights of " + name, std::move(rig_before_drag_), document_);
        drag_ = std::monostate{};
        return true;
    }
    if (const auto* d = std::get_if<VertexDrag>(&drag_)) {
        std::string label = "Move vertices of " + name;
        if (d->key) {
            char at[32];
            std::snprintf(at, sizeof at, "%.2f s", static_cast<double>(d->key->time));
            label = "Key shape of " + name + " at " + at + " in " + rig_before_drag_.states[static_cast<std::size_t>(d->key->state)].name;
        }
        history_.record(label, std::move(rig_before_drag_), document_);
        drag_ = std::monostate{};
        return true;
    }
    return false;
}

}  // namespace marionette
