#include "core/io/spine_import/spine_skeleton_reader.hpp"

#include <charconv>
#include <unordered_map>

#include "core/base/extents.hpp"
#include "core/io/json/json_document.hpp"
#include "core/io/spine_import/spine_animation_reader.hpp"
#include "core/io/spine_import/spine_json_values.hpp"

namespace marionette {

namespace {

// A coordinate or length as the rig format holds it.
double coordinate_or(const JsonField& object, const char* key, double fallback) {
    const std::optional<JsonField> f = object.optional_member(key);
    if (!f) return fallback;
    const double v = f->number();
    if (!(std::abs(v) <= double(kMaxCoordinate))) f->fail("must lie within +-1e15");
    return v;
}

double scale_or(const JsonField& object, const char* key) {
    const std::optional<JsonField> f = object.optional_member(key);
    if (!f) return 1.0;
    const double v = f->number();
    if (!(std::abs(v) <= double(kMaxPoseScale))) f->fail("a scale must lie within +-1000");
    return v;
}

SpineVersion read_version(const JsonField& skeleton, std::vector<std::string>& warnings) {
    const JsonField field = skeleton.member("spine");
    SpineVersion v;
    v.text = field.string();
    const char* p = v.text.data();
    const char* end = p + v.text.size();
    auto [after_major, e1] = std::from_chars(p, end, v.major);
    bool ok = e1 == std::errc() && after_major != end && *after_major == '.';
    if (ok) ok = std::from_chars(after_major + 1, end, v.minor).ec == std::errc();
    if (!ok) field.fail("expected a Spine version such as \"4.2.22\", got \"" + v.text + "\"");
    if (v.major < 3 || (v.major == 3 && v.minor < 8))
        field.fail("Spine " + v.text + " is older than 3.8, the oldest this reads: export it again from Spine 3.8 or later");
    if (v.major > 4 || (v.major == 4 && v.minor > 2))
        warnings.push_back("skeleton.spine: Spine " + v.text + " is newer than 4.2, the newest this knows; read as 4.2");
    return v;
}

SpineInherit read_inherit(const JsonField& bone) {
    // 4.2 names it "inherit"; 3.8 to 4.1 "transform", with the same values.
    std::optional<JsonField> f = bone.optional_member("inherit");
    if (!f) f = bone.optional_member("transform");
    if (!f) return SpineInherit::Normal;
    const std::string s = f->string();
    if (s == "normal") return SpineInherit::Normal;
    if (s == "onlyTranslation") return SpineInherit::OnlyTranslation;
    if (s == "noRotationOrReflection") return SpineInherit::NoRotationOrReflection;
    if (s == "noScale") return SpineInherit::NoScale;
    if (s == "noScaleOrReflection") return SpineInherit::NoScaleOrReflection;
    f->fail("expected normal, onlyTranslation, noRotationOrReflection, noScale or noScaleOrReflection, got \"" + s + "\"");
}

// Names given to the items of one array, each once: their indices.
class NameIndex {
public:
    explicit NameIndex(const char* what) : what_(what) {}
    void add(const JsonField& name_field, const std::string& name) {
        if (!index_.emplace(name, int(index_.size())).second) name_field.fail("\"" + name + "\": two " + what_ + " have this name");
    }
    int find(const std::string& name) const {
        const auto it = index_.find(name);
        return it == index_.end() ? -1 : it->second;
    }
    // The index of the name `f` gives, or an error naming the place.
    int require(const JsonField& f, const char* role) const {
        const std::string name = f.string();
        const int i = find(name);
        if (i < 0) f.fail("\"" + name + "\" is not " + role);
        return i;
    }

private:
    const char* what_;
    std::unordered_map<std::string, int> index_;
};

void read_bones(const JsonField& root, SpineSkeletonData& out, NameIndex& bones) {
    const std::optional<JsonField> list = root.optional_member("bones");
    if (!list) return;
    for (std::size_t i = 0; i < list->array_size(); ++i) {
        const JsonField b = list->element(i);
        b.require_object();
        SpineBoneData bone;
        const JsonField name = b.member("name");
        bone.name = name.non_empty_string();
        if (const std::optional<JsonField> parent = b.optional_member("parent")) {
            // Spine writes a parent before its children; a parent later in the file is refused
            // as one that is missing, which keeps the tree free of cycles.
            bone.parent = bones.require(*parent, "a bone before it");
        } else if (i > 0) {
            b.fail("only the first bone may have no parent");
        }
        bone.length = coordinate_or(b, "length", 0.0);
        if (bone.length < 0.0) b.member("length").fail("a bone's length must not be negative");
        bone.x = coordinate_or(b, "x", 0.0);
        bone.y = coordinate_or(b, "y", 0.0);
        bone.rotation = spine_number_or(b, "rotation", 0.0);
        bone.scale_x = scale_or(b, "scaleX");
        bone.scale_y = scale_or(b, "scaleY");
        bone.shear_x = spine_number_or(b, "shearX", 0.0);
        bone.shear_y = spine_number_or(b, "shearY", 0.0);
        bone.inherit = read_inherit(b);
        if (const std::optional<JsonField> c = b.optional_member("color")) bone.color = glm::vec4(spine_color(*c));
        bones.add(name, bone.name);
        out.bones.push_back(std::move(bone));
    }
}

void read_slots(const JsonField& root, SpineSkeletonData& out, const NameIndex& bones, NameIndex& slots) {
    const std::optional<JsonField> list = root.optional_member("slots");
    if (!list) return;
    for (std::size_t i = 0; i < list->array_size(); ++i) {
        const JsonField s = list->element(i);
        s.require_object();
        SpineSlotData slot;
        const JsonField name = s.member("name");
        slot.name = name.non_empty_string();
        slot.bone = bones.require(s.member("bone"), "a bone");
        if (const std::optional<JsonField> c = s.optional_member("color")) slot.color = glm::vec4(spine_color(*c));
        if (const std::optional<JsonField> d = s.optional_member("dark")) {
            spine_color(*d);  // checked, not kept
            slot.dark = true;
        }
        slot.attachment = spine_string_or(s, "attachment", "");
        slot.blend = spine_string_or(s, "blend", "normal");
        slots.add(name, slot.name);
        out.slots.push_back(std::move(slot));
    }
}

void read_ik(const JsonField& root, SpineSkeletonData& out, const NameIndex& bones) {
    const std::optional<JsonField> list = root.optional_member("ik");
    if (!list) return;
    NameIndex names("IK constraints");
    for (std::size_t i = 0; i < list->array_size(); ++i) {
        const JsonField c = list->element(i);
        c.require_object();
        SpineIkData ik;
        const JsonField name = c.member("name");
        ik.name = name.non_empty_string();
        names.add(name, ik.name);
        const JsonField list_of_bones = c.member("bones");
        const std::size_t n = list_of_bones.array_size();
        if (n < 1 || n > 2) list_of_bones.fail("an IK constraint has one or two bones, not " + std::to_string(n));
        for (std::size_t b = 0; b < n; ++b) ik.bones.push_back(bones.require(list_of_bones.element(b), "a bone"));
        if (n == 2 && out.bones[std::size_t(ik.bones[1])].parent != ik.bones[0])
            list_of_bones.element(1).fail("the second bone of an IK constraint must be a child of the first");
        ik.target = bones.require(c.member("target"), "a bone");
        ik.mix = spine_number_or(c, "mix", 1.0);
        ik.softness = spine_number_or(c, "softness", 0.0);
        ik.bend_positive = spine_boolean_or(c, "bendPositive", true);
        ik.compress = spine_boolean_or(c, "compress", false);
        ik.stretch = spine_boolean_or(c, "stretch", false);
        ik.uniform = spine_boolean_or(c, "uniform", false);
        ik.skin_required = spine_boolean_or(c, "skin", false);
        if (const std::optional<JsonField> order = c.optional_member("order")) ik.order = order->integer();
        out.ik.push_back(std::move(ik));
    }
}

std::vector<std::string> constraint_names(const JsonField& root, const char* key) {
    std::vector<std::string> names;
    const std::optional<JsonField> list = root.optional_member(key);
    if (!list) return names;
    for (std::size_t i = 0; i < list->array_size(); ++i) names.push_back(list->element(i).member("name").string());
    return names;
}

std::vector<float> numbers(const JsonField& array) {
    std::vector<float> v(array.array_size());
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = array.element(i).number();
    return v;
}

SpineAttachmentType read_type(const JsonField& a) {
    const std::optional<JsonField> f = a.optional_member("type");
    const std::string t = f ? f->string() : "region";
    if (t == "region") return SpineAttachmentType::Region;
    if (t == "mesh") return SpineAttachmentType::Mesh;
    if (t == "linkedmesh") return SpineAttachmentType::LinkedMesh;
    if (t == "boundingbox") return SpineAttachmentType::BoundingBox;
    if (t == "path") return SpineAttachmentType::Path;
    if (t == "point") return SpineAttachmentType::Point;
    if (t == "clipping") return SpineAttachmentType::Clipping;
    f->fail("expected an attachment type (region, mesh, linkedmesh, boundingbox, path, point, clipping), got \"" + t + "\"");
}

SpineAttachmentData read_attachment(const JsonField& a, const std::string& key) {
    a.require_object();
    SpineAttachmentData d;
    d.place = a.path();
    d.name = key;
    d.type = read_type(a);
    d.path = spine_string_or(a, "path", spine_string_or(a, "name", key));
    d.x = coordinate_or(a, "x", 0.0);
    d.y = coordinate_or(a, "y", 0.0);
    d.rotation = spine_number_or(a, "rotation", 0.0);
    d.scale_x = scale_or(a, "scaleX");
    d.scale_y = scale_or(a, "scaleY");
    d.width = coordinate_or(a, "width", 0.0);
    d.height = coordinate_or(a, "height", 0.0);
    if (d.width < 0.0 || d.height < 0.0) a.fail("an attachment's width and height must not be negative");
    if (const std::optional<JsonField> c = a.optional_member("color")) d.color = glm::vec4(spine_color(*c));
    if (const std::optional<JsonField> sequence = a.optional_member("sequence")) {
        // A sequence's pictures are regions named by its path and a frame number, padded to
        // `digits`; the setup shows frame `start + setup`.
        d.sequence = true;
        const int frame = (sequence->optional_member("start") ? sequence->member("start").integer() : 1) +
                          (sequence->optional_member("setup") ? sequence->member("setup").integer() : 0);
        const int digits = sequence->optional_member("digits") ? sequence->member("digits").integer() : 0;
        std::string number = std::to_string(frame);
        if (digits > int(number.size())) number.insert(0, std::size_t(std::min(digits, 32)) - number.size(), '0');
        d.path += number;
    }
    if (d.type == SpineAttachmentType::Region && d.width * d.height == 0.0 && !d.sequence)
        a.fail("a region attachment needs a width and a height");
    if (d.type == SpineAttachmentType::LinkedMesh) {
        d.parent = a.member("parent").string();
        d.parent_skin = spine_string_or(a, "skin", "default");
        // 4.x calls it "timelines", 3.8 "deform".
        d.parent_timelines = spine_boolean_or(a, "timelines", spine_boolean_or(a, "deform", true));
    }
    if (d.type == SpineAttachmentType::Mesh) {
        d.uvs = numbers(a.member("uvs"));
        d.vertices = numbers(a.member("vertices"));
        const JsonField triangles = a.member("triangles");
        d.triangles.resize(triangles.array_size());
        for (std::size_t i = 0; i < d.triangles.size(); ++i) d.triangles[i] = triangles.element(i).integer();
        d.hull = a.optional_member("hull") ? a.member("hull").integer() : 0;
        if (d.uvs.size() % 2 != 0) a.member("uvs").fail("expected x, y pairs: an even count of numbers");
        if (d.triangles.size() % 3 != 0) triangles.fail("expected three vertices a triangle");
        const int count = int(d.uvs.size() / 2);
        for (std::size_t i = 0; i < d.triangles.size(); ++i) {
            if (d.triangles[i] < 0 || d.triangles[i] >= count)
                triangles.element(i).fail("vertex " + std::to_string(d.triangles[i]) + " is not one of the mesh's " +
                                          std::to_string(count));
        }
        if (d.hull < 0 || d.hull > count) a.member("hull").fail("the hull must be 0 to the mesh's " + std::to_string(count) + " vertices");
    }
    return d;
}

void read_skins(const JsonField& root, SpineSkeletonData& out, const NameIndex& slots) {
    const std::optional<JsonField> list = root.optional_member("skins");
    if (!list) return;
    if (!list->is_array()) list->fail("expected an array of skins (Spine 3.8 and later), got " + list->type_name());
    NameIndex names("skins");
    for (std::size_t i = 0; i < list->array_size(); ++i) {
        const JsonField s = list->element(i);
        s.require_object();
        SpineSkinData skin;
        const JsonField name = s.member("name");
        skin.name = name.non_empty_string();
        names.add(name, skin.name);
        if (const std::optional<JsonField> attachments = s.optional_member("attachments")) {
            attachments->for_each_member([&](const std::string& slot_name, const JsonField& of_slot) {
                const int slot = slots.find(slot_name);
                if (slot < 0) of_slot.fail("\"" + slot_name + "\" is not a slot");
                of_slot.for_each_member([&](const std::string& key, const JsonField& a) {
                    skin.attachments.push_back(SpineSkinEntry{slot, read_attachment(a, key)});
                });
            });
        }
        for (const char* list_name : {"bones", "ik", "transform", "path", "physics"}) {
            if (const std::optional<JsonField> bound = s.optional_member(list_name); bound && bound->is_array())
                skin.bound += bound->array_size();
        }
        // The default skin first: it is the one the setup pose shows.
        if (skin.name == "default") out.skins.insert(out.skins.begin(), std::move(skin));
        else out.skins.push_back(std::move(skin));
    }
}

std::vector<std::string> member_names(const JsonField& root, const char* key) {
    std::vector<std::string> names;
    if (const std::optional<JsonField> f = root.optional_member(key)) {
        f->require_object();
        f->for_each_member([&](const std::string& name, const JsonField&) { names.push_back(name); });
    }
    return names;
}

}  // namespace

const char* spine_attachment_type_name(SpineAttachmentType t) {
    switch (t) {
        case SpineAttachmentType::Region: return "region";
        case SpineAttachmentType::Mesh: return "mesh";
        case SpineAttachmentType::LinkedMesh: return "linkedmesh";
        case SpineAttachmentType::BoundingBox: return "boundingbox";
        case SpineAttachmentType::Path: return "path";
        case SpineAttachmentType::Point: return "point";
        case SpineAttachmentType::Clipping: return "clipping";
    }
    return "region";
}

bool is_spine_skeleton(const Json& root) {
    if (!root.is_object()) return false;
    const auto skeleton = root.find("skeleton");
    if (skeleton == root.end() || !skeleton->is_object()) return false;
    const auto spine = skeleton->find("spine");
    return spine != skeleton->end() && spine->is_string();
}

Result<SpineSkeletonData> read_spine_skeleton_json(const Json& document, std::vector<std::string>& warnings) {
    if (!is_spine_skeleton(document)) return Error{"not a Spine skeleton: no \"skeleton\" object with a \"spine\" version"};
    try {
        const JsonField root(document, "");
        SpineSkeletonData out;
        out.version = read_version(root.member("skeleton"), warnings);
        NameIndex bones("bones");
        NameIndex slots("slots");
        read_bones(root, out, bones);
        if (out.bones.empty()) return Error{"bones: a Spine skeleton needs a bone"};
        read_slots(root, out, bones, slots);
        read_ik(root, out, bones);
        read_skins(root, out, slots);
        out.transform_constraints = constraint_names(root, "transform");
        out.path_constraints = constraint_names(root, "path");
        out.physics_constraints = constraint_names(root, "physics");
        out.events = member_names(root, "events");
        if (const std::optional<JsonField> animations = root.optional_member("animations"))
            out.animations = read_spine_animations(*animations, out);
        return out;
    } catch (const JsonFieldError& e) {
        return Error{e.what()};
    }
}

Result<SpineSkeletonData> read_spine_skeleton(std::string_view text, std::vector<std::string>& warnings) {
    Result<Json> document = parse_json_document(text);
    if (!document) return Error{document.message()};
    return read_spine_skeleton_json(document.value(), warnings);
}

}  // namespace marionette
