// Reading the bones of a rig file. Bones may come in any order; they are stored
// parent-before-child, keeping the file's order whenever it already is.

#include "core/rig/skeleton_reader.hpp"

#include <string>
#include <unordered_map>
#include <vector>

#include "core/base/extents.hpp"
#include "core/io/json/json_document.hpp"
#include "core/math/color.hpp"

namespace marionette {

namespace {

struct BoneEntry {
    Bone bone;
    std::string parent_name;  // empty for a root
    bool has_translation = false;
    int parent_entry = -1;  // file index of the parent
};

JointLimits read_limits(const JsonField& f, int dims) {
    JointLimits limits;
    if (dims == 2) {
        f.allow_only({"min", "max"});
    } else {
        f.allow_only({"hinge", "min", "max", "swing", "twist"});
        if (auto h = f.optional_member("hinge")) limits.hinge = h->direction();
        if (auto sw = f.optional_member("swing")) {
            if (limits.hinge) sw->fail("a hinge turns about its axis only: it takes \"min\" and \"max\", not \"swing\"");
            limits.swing = sw->degrees(0, 180);
        }
        if (auto tw = f.optional_member("twist")) {
            if (limits.hinge) tw->fail("a hinge turns about its axis only: it takes \"min\" and \"max\", not \"twist\"");
            if (!tw->is_array() || tw->array_size() != 2) tw->fail("expected [min, max] in degrees, got " + tw->excerpt());
            limits.twist = TwistRange{tw->element(0).degrees(-180, 180), tw->element(1).degrees(-180, 180)};
            if (limits.twist->min > limits.twist->max) tw->fail("min must not exceed max, got " + tw->excerpt());
        }
        if (limits.is_swing_twist() && (f.optional_member("max") || f.optional_member("min"))) {
            f.fail("a ball joint takes either \"max\" (its largest turn from rest) or \"swing\" and \"twist\", not both");
        }
    }
    if (auto m = f.optional_member("min")) {
        if (dims == 3 && !limits.hinge) m->fail("a 3D joint without a hinge takes only \"max\" (its largest turn from rest)");
        limits.min_angle = m->degrees(-180, 180);
    }
    if (auto m = f.optional_member("max")) {
        limits.max_angle = m->degrees(dims == 3 && !limits.hinge ? 0 : -180, 180);
    }
    if (limits.min_angle && limits.max_angle && *limits.min_angle > *limits.max_angle) {
        f.fail("\"min\" must not exceed \"max\"");
    }
    return limits;
}

glm::vec3 read_color(const JsonField& f) {
    if (!f.is_array() || f.array_size() != 3) f.fail("expected [r, g, b], got " + f.excerpt());
    glm::vec3 c;
    for (int i = 0; i < 3; ++i) {
        const JsonField e = f.element(static_cast<std::size_t>(i));
        c[i] = e.number();
        if (!is_color_component(c[i])) e.fail(std::string("must be ") + kColorRange + ", got " + e.excerpt());
    }
    return c;
}

BoneEntry read_bone(const JsonField& f, int dims) {
    f.allow_only({"name", "parent", "length", "translation", "rotation", "limits", "color"});
    BoneEntry e;
    e.bone.name = f.member("name").non_empty_string();
    if (auto p = f.optional_member("parent"); p && !p->is_null()) {
        if (!p->is_string()) p->fail("expected a bone name or null, got " + p->type_name());
        e.parent_name = p->non_empty_string();
    }
    const JsonField length = f.member("length");
    e.bone.length = length.number();
    if (e.bone.length < 0.0f) length.fail("must be >= 0, got " + length.excerpt());
    if (e.bone.length > kMaxCoordinate) length.fail("must be at most 1e15, got " + length.excerpt());
    if (auto t = f.optional_member("translation")) {
        e.bone.rest.translation = t->position(dims);
        e.has_translation = true;
    }
    if (auto r = f.optional_member("rotation")) e.bone.rest.rotation = r->rotation(dims);
    if (auto l = f.optional_member("limits")) e.bone.limits = read_limits(*l, dims);
    if (auto c = f.optional_member("color")) e.bone.color = read_color(*c);
    return e;
}

// Orders entries parent-before-child, reporting unknown parents and cycles. Each bone is placed
// once, after its unplaced ancestors, so a file already in order keeps its order.
std::vector<int> order_bones(std::vector<BoneEntry>& entries, const JsonField& bones_field) {
    std::unordered_map<std::string, int> by_name;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        auto [it, inserted] = by_name.emplace(entries[i].bone.name, static_cast<int>(i));
        if (!inserted) {
            bones_field.element(i).member("name").fail("duplicate name \"" + entries[i].bone.name + "\" (also bones[" +
                                                       std::to_string(it->second) + "])");
        }
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].parent_name.empty()) continue;
        auto it = by_name.find(entries[i].parent_name);
        if (it == by_name.end()) {
            bones_field.element(i).member("parent").fail("\"" + entries[i].parent_name + "\" is not a bone");
        }
        entries[i].parent_entry = it->second;
    }

    enum class Mark { Unplaced, OnWalk, Placed };
    std::vector<Mark> mark(entries.size(), Mark::Unplaced);
    std::vector<int> order;
    order.reserve(entries.size());
    std::vector<int> walk;
    for (std::size_t start = 0; start < entries.size(); ++start) {
        walk.clear();
        for (int b = static_cast<int>(start); b >= 0 && mark[static_cast<std::size_t>(b)] != Mark::Placed;
             b = entries[static_cast<std::size_t>(b)].parent_entry) {
            if (mark[static_cast<std::size_t>(b)] == Mark::OnWalk) {
                std::string cycle = entries[static_cast<std::size_t>(b)].bone.name;
                for (int c = entries[static_cast<std::size_t>(b)].parent_entry;; c = entries[static_cast<std::size_t>(c)].parent_entry) {
                    cycle += " -> " + entries[static_cast<std::size_t>(c)].bone.name;
                    if (c == b) break;
                }
                bones_field.element(static_cast<std::size_t>(b)).member("parent").fail("cycle: " + cycle);
            }
            mark[static_cast<std::size_t>(b)] = Mark::OnWalk;
            walk.push_back(b);
        }
        for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
            mark[static_cast<std::size_t>(*it)] = Mark::Placed;
            order.push_back(*it);
        }
    }
    return order;
}

}  // namespace

Skeleton read_skeleton(const JsonField& bones_field, int dims) {
    const std::size_t n = bones_field.array_size();
    if (n == 0) bones_field.fail("a rig needs at least one bone");
    std::vector<BoneEntry> entries;
    entries.reserve(n);
    for (std::size_t i = 0; i < n; ++i) entries.push_back(read_bone(bones_field.element(i), dims));

    const std::vector<int> order = order_bones(entries, bones_field);
    std::vector<int> index_of_entry(n);
    for (std::size_t i = 0; i < n; ++i) index_of_entry[static_cast<std::size_t>(order[i])] = static_cast<int>(i);

    std::vector<Bone> bones;
    bones.reserve(n);
    for (int e : order) {
        BoneEntry& entry = entries[static_cast<std::size_t>(e)];
        Bone bone = std::move(entry.bone);
        if (entry.parent_entry >= 0) {
            bone.parent = index_of_entry[static_cast<std::size_t>(entry.parent_entry)];
            if (!entry.has_translation) {
                bone.rest.translation = bone_axis() * bones[static_cast<std::size_t>(bone.parent)].length;
            }
        }
        bones.push_back(std::move(bone));
    }
    return Skeleton(std::move(bones));
}

}  // namespace marionette
