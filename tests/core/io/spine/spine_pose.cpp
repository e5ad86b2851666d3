#include "core/io/spine/spine_pose.hpp"
#include "core/math/angles.hpp"

#include <algorithm>
#include <cmath>

namespace marionette::testing {

using JsonValue = nlohmann::json;

namespace {

constexpr double kRadians = kPiDouble / 180.0;

double number_or(const JsonValue& object, const char* key, double fallback) {
    const auto it = object.find(key);
    return it == object.end() ? fallback : it->get<double>();
}

double key_time(const JsonValue& key) { return number_or(key, "time", 0.0); }

// The index of the last key at or before `time`, or -1 before the first (the format: a
// timeline shows nothing before its first key, the setup pose holds).
int key_at(const JsonValue& keys, double time) {
    int at = -1;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (key_time(keys[i]) <= time) at = static_cast<int>(i);
    }
    return at;
}

// A point of the cubic Bézier with the given coordinates at parameter u.
double cubic(double p0, double p1, double p2, double p3, double u) {
    const double v = 1.0 - u;
    return v * v * v * p0 + 3.0 * v * v * u * p1 + 3.0 * v * u * u * p2 + u * u * u * p3;
}

// The value of a key's Bézier curve (value `index` of its key) at `time`: the curve runs from
// (t0, v0) to (t1, v1) through the handles (cx1, cy1), (cx2, cy2); its x never runs back (the
// handles' times lie between the keys'), so the parameter is found by bisection.
double bezier_at(const JsonValue& curve, std::size_t index, double t0, double v0, double t1, double v1, double time) {
    const double cx1 = curve.at(4 * index).get<double>(), cy1 = curve.at(4 * index + 1).get<double>();
    const double cx2 = curve.at(4 * index + 2).get<double>(), cy2 = curve.at(4 * index + 3).get<double>();
    if (cx1 < t0 - 1e-6 || cx1 > t1 + 1e-6 || cx2 < t0 - 1e-6 || cx2 > t1 + 1e-6)
        throw std::runtime_error("a Bézier handle's time lies outside its keys");
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 100; ++i) {
        const double mid = 0.5 * (lo + hi);
        (cubic(t0, cx1, cx2, t1, mid) < time ? lo : hi) = mid;
    }
    return cubic(v0, cy1, cy2, v1, 0.5 * (lo + hi));
}

// The values of a curve timeline at `time`, `read` giving a key's values; nothing before its
// first key.
template <class Read>
std::optional<std::vector<double>> curve_values(const JsonValue& keys, double time, Read read) {
    const int at = key_at(keys, time);
    if (at < 0) return std::nullopt;
    const JsonValue& a = keys[static_cast<std::size_t>(at)];
    const std::vector<double> va = read(a);
    if (static_cast<std::size_t>(at) + 1 == keys.size()) return va;
    const JsonValue& b = keys[static_cast<std::size_t>(at) + 1];
    const std::vector<double> vb = read(b);
    const double ta = key_time(a), tb = key_time(b);
    const auto curve = a.find("curve");
    if (curve != a.end() && curve->is_string()) {
        if (*curve != "stepped") throw std::runtime_error("unknown curve " + curve->dump());
        return va;
    }
    std::vector<double> out(va.size());
    for (std::size_t v = 0; v < va.size(); ++v) {
        if (curve == a.end()) {
            out[v] = tb > ta ? va[v] + (vb[v] - va[v]) * (time - ta) / (tb - ta) : vb[v];
        } else {
            out[v] = bezier_at(*curve, v, ta, va[v], tb, vb[v], time);
        }
    }
    return out;
}

std::vector<double> color_values(const JsonValue& key) {
    const glm::dvec4 c = spine_hex_color(key.at("color").get<std::string>());
    return {c.r, c.g, c.b, c.a};
}

// The world transform of a bone from its parent's (none for the root) and its local transform,
// by its inherit mode: "normal" multiplies the parent's whole matrix in; "noScale" takes from
// the parent its origin for the bone's position (the parent's whole matrix applied to x, y) and
// the direction the parent's matrix gives the bone's rotation, made unit length, with the axis
// square to it (turned a quarter the other way under a mirroring parent), then the bone's own
// scale; "onlyTranslation" keeps only the position.
SpineWorld world_of(const SpineWorld* parent, const SpineLocal& l, const std::string& inherit) {
    const double r = l.rotation * kRadians;
    const double la = std::cos(r) * l.scale_x, lb = -std::sin(r) * l.scale_y, lc = std::sin(r) * l.scale_x, ld = std::cos(r) * l.scale_y;
    SpineWorld w;
    if (!parent) {
        w = SpineWorld{la, lb, lc, ld, l.x, l.y};
        return w;
    }
    const SpineWorld& p = *parent;
    w.x = p.a * l.x + p.b * l.y + p.x;
    w.y = p.c * l.x + p.d * l.y + p.y;
    if (inherit == "normal") {
        w.a = p.a * la + p.b * lc;
        w.b = p.a * lb + p.b * ld;
        w.c = p.c * la + p.d * lc;
        w.d = p.c * lb + p.d * ld;
    } else if (inherit == "onlyTranslation") {
        w.a = la, w.b = lb, w.c = lc, w.d = ld;
    } else if (inherit == "noScale" || inherit == "noScaleOrReflection") {
        double za = p.a * std::cos(r) + p.b * std::sin(r);
        double zc = p.c * std::cos(r) + p.d * std::sin(r);
        const double length = std::sqrt(za * za + zc * zc);
        if (length > 1e-5) {
            za /= length;
            zc /= length;
        }
        double s = std::sqrt(za * za + zc * zc);
        if (inherit == "noScale" && p.a * p.d - p.b * p.c < 0.0) s = -s;
        const double square = std::atan2(zc, za) + kPiDouble / 2.0;
        const double zb = std::cos(square) * s, zd = std::sin(square) * s;
        w.a = za * l.scale_x;
        w.c = zc * l.scale_x;
        w.b = zb * l.scale_y;
        w.d = zd * l.scale_y;
    } else {
        throw std::runtime_error("inherit mode " + inherit + " is not read by this test");
    }
    return w;
}

// The angle of a 2D vector, radians.
double angle_of(glm::dvec2 v) { return std::atan2(v.y, v.x); }

}  // namespace

glm::dvec4 spine_hex_color(const std::string& hex) {
    if (hex.size() != 8) throw std::runtime_error("a colour is not 8 hex digits: " + hex);
    glm::dvec4 out;
    for (int c = 0; c < 4; ++c)
        out[c] = static_cast<double>(std::stoi(hex.substr(2 * static_cast<std::size_t>(c), 2), nullptr, 16)) / 255.0;
    return out;
}

SpineSkeleton::SpineSkeleton(const std::string& json_text) : doc_(JsonValue::parse(json_text)) {
    for (const JsonValue& b : doc_.at("bones")) {
        SpineBoneData bone;
        bone.name = b.at("name").get<std::string>();
        if (this->bone(bone.name) >= 0) throw std::runtime_error("bone " + bone.name + " is listed twice");
        if (b.contains("parent")) {
            bone.parent = this->bone(b.at("parent").get<std::string>());
            if (bone.parent < 0) throw std::runtime_error("bone " + bone.name + ": its parent is not a bone listed before it");
        } else if (!bones_.empty()) {
            throw std::runtime_error("bone " + bone.name + " is a second root");
        }
        bone.length = number_or(b, "length", 0.0);
        bone.setup = SpineLocal{number_or(b, "x", 0.0), number_or(b, "y", 0.0), number_or(b, "rotation", 0.0), number_or(b, "scaleX", 1.0),
                                number_or(b, "scaleY", 1.0)};
        if (b.contains("inherit")) bone.inherit = b.at("inherit").get<std::string>();
        bones_.push_back(bone);
    }
    if (doc_.contains("slots")) {
        for (const JsonValue& s : doc_.at("slots")) {
            if (bone(s.at("bone").get<std::string>()) < 0)
                throw std::runtime_error("slot " + s.at("name").get<std::string>() + ": no such bone");
            slot_names_.push_back(s.at("name").get<std::string>());
        }
    }
}

int SpineSkeleton::bone(const std::string& name) const {
    for (std::size_t i = 0; i < bones_.size(); ++i) {
        if (bones_[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

int SpineSkeleton::slot(const std::string& name) const {
    for (std::size_t i = 0; i < slot_names_.size(); ++i) {
        if (slot_names_[i] == name) return static_cast<int>(i);
    }
    return -1;
}

std::vector<SpineLocal> SpineSkeleton::setup() const {
    std::vector<SpineLocal> out;
    for (const SpineBoneData& b : bones_) out.push_back(b.setup);
    return out;
}

std::vector<SpineLocal> SpineSkeleton::animate(const std::string& animation, double time) const {
    std::vector<SpineLocal> out = setup();
    const JsonValue& anim = doc_.at("animations").at(animation);
    if (!anim.contains("bones")) return out;
    for (const auto& [name, timelines] : anim.at("bones").items()) {
        const int b = bone(name);
        if (b < 0) throw std::runtime_error("animation " + animation + ": no bone " + name);
        SpineLocal& l = out[static_cast<std::size_t>(b)];
        const SpineLocal& s = bones_[static_cast<std::size_t>(b)].setup;
        for (const auto& [kind, keys] : timelines.items()) {
            if (kind == "rotate") {
                // The value is added to the setup rotation.
                if (auto v = curve_values(keys, time, [](const JsonValue& k) { return std::vector<double>{number_or(k, "value", 0.0)}; })) {
                    l.rotation = s.rotation + (*v)[0];
                }
            } else if (kind == "translate") {
                // Added to the setup position.
                if (auto v = curve_values(keys, time, [](const JsonValue& k) {
                        return std::vector<double>{number_or(k, "x", 0.0), number_or(k, "y", 0.0)};
                    })) {
                    l.x = s.x + (*v)[0];
                    l.y = s.y + (*v)[1];
                }
            } else if (kind == "scale") {
                // Multiplying the setup scale.
                if (auto v = curve_values(keys, time, [](const JsonValue& k) {
                        return std::vector<double>{number_or(k, "x", 1.0), number_or(k, "y", 1.0)};
                    })) {
                    l.scale_x = s.scale_x * (*v)[0];
                    l.scale_y = s.scale_y * (*v)[1];
                }
            } else {
                throw std::runtime_error("timeline " + kind + " is not read by this test");
            }
        }
    }
    return out;
}

double SpineSkeleton::ik_mix(const std::string& animation, const std::string& constraint, double time) const {
    double mix = 1.0;
    for (const JsonValue& c : doc_.value("ik", JsonValue::array())) {
        if (c.at("name") == constraint) mix = number_or(c, "mix", 1.0);
    }
    if (animation.empty()) return mix;
    const JsonValue& anim = doc_.at("animations").at(animation);
    if (!anim.contains("ik") || !anim.at("ik").contains(constraint)) return mix;
    const auto v =
        curve_values(anim.at("ik").at(constraint), time, [](const JsonValue& k) { return std::vector<double>{number_or(k, "mix", 1.0)}; });
    return v ? (*v)[0] : mix;
}

std::vector<SpineWorld> SpineSkeleton::world(const std::vector<SpineLocal>& local, const std::string& animation, double time) const {
    std::vector<SpineLocal> posed = local;
    std::vector<SpineWorld> out(bones_.size());
    const auto update = [&] {
        for (std::size_t i = 0; i < bones_.size(); ++i) {
            const int p = bones_[i].parent;
            out[i] = world_of(p < 0 ? nullptr : &out[static_cast<std::size_t>(p)], posed[i], bones_[i].inherit);
        }
    };
    update();
    for (const JsonValue& c : doc_.value("ik", JsonValue::array())) {
        const std::string name = c.at("name").get<std::string>();
        const double mix = ik_mix(animation, name, time);
        if (mix <= 0.0) continue;
        if (c.at("bones").size() != 2) throw std::runtime_error("IK " + name + ": only two-bone constraints are read by this test");
        const auto upper = static_cast<std::size_t>(bone(c.at("bones")[0].get<std::string>()));
        const auto lower = static_cast<std::size_t>(bone(c.at("bones")[1].get<std::string>()));
        const auto target = static_cast<std::size_t>(bone(c.at("target").get<std::string>()));
        if (bones_[upper].inherit != "normal" || bones_[lower].inherit != "normal") continue;  // Spine leaves such bones alone
        if (bones_[lower].parent != static_cast<int>(upper) || bones_[upper].parent < 0)
            throw std::runtime_error("IK " + name + ": not a limb");
        if (number_or(c, "softness", 0.0) != 0.0 || posed[upper].scale_x != posed[upper].scale_y) {
            throw std::runtime_error("IK " + name + ": soft or unevenly scaled limbs are not solved by this test");
        }
        // In the frame of the upper bone's parent (a turn and an even scale, else refused): the
        // limb's triangle by the law of cosines, the lower bone turning off the line from the
        // upper joint to the lower joint by +acos (bendPositive: counter-clockwise) or -acos.
        const SpineWorld& pp = out[static_cast<std::size_t>(bones_[upper].parent)];
        if (std::fabs(pp.a - pp.d) > 1e-9 * std::fabs(pp.a) + 1e-12 || std::fabs(pp.b + pp.c) > 1e-9)
            throw std::runtime_error("IK " + name + ": skewed parent");
        const double det = pp.a * pp.d - pp.b * pp.c;
        const glm::dvec2 to_target = out[target].position() - pp.position();
        const glm::dvec2 in_parent{(pp.d * to_target.x - pp.b * to_target.y) / det - posed[upper].x,
                                   (pp.a * to_target.y - pp.c * to_target.x) / det - posed[upper].y};
        const glm::dvec2 joint{posed[lower].x * posed[upper].scale_x, posed[lower].y * posed[upper].scale_y};
        const double l1 = glm::length(joint), l2 = bones_[lower].length * posed[lower].scale_x * posed[upper].scale_x;
        const double offset = angle_of(joint);
        const double cosine = std::clamp((glm::dot(in_parent, in_parent) - l1 * l1 - l2 * l2) / (2.0 * l1 * l2), -1.0, 1.0);
        const double bend = std::acos(cosine) * (c.value("bendPositive", true) ? 1.0 : -1.0);
        const double line = angle_of(in_parent) - std::atan2(l2 * std::sin(bend), l1 + l2 * std::cos(bend));
        const auto blend = [&](double from, double to) { return from + std::remainder(to - from, 360.0) * mix; };
        posed[upper].rotation = blend(posed[upper].rotation, (line - offset) / kRadians);
        posed[lower].rotation = blend(posed[lower].rotation, (bend + offset) / kRadians);
        update();
    }
    return out;
}

SpineSlotPose SpineSkeleton::setup_slots() const {
    SpineSlotPose out;
    for (std::size_t i = 0; i < slot_names_.size(); ++i) {
        const JsonValue& s = doc_.at("slots")[i];
        out.attachment.push_back(s.contains("attachment") ? std::optional<std::string>(s.at("attachment").get<std::string>())
                                                          : std::nullopt);
        out.color.push_back(s.contains("color") ? spine_hex_color(s.at("color").get<std::string>()) : glm::dvec4(1.0));
        out.order.push_back(static_cast<int>(i));
    }
    return out;
}

std::vector<int> SpineSkeleton::draw_order(const JsonValue& key) const {
    const std::size_t n = slot_names_.size();
    std::vector<int> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<int>(i);
    if (!key.contains("offsets")) return order;  // the setup order
    // Each listed slot (in setup order) moves `offset` places from its setup place; the others
    // keep their order and fill the places left.
    std::vector<int> placed(n, -1);
    std::vector<int> unchanged;
    int original = 0;
    for (const JsonValue& o : key.at("offsets")) {
        const int s = slot(o.at("slot").get<std::string>());
        if (s < original) throw std::runtime_error("draw order offsets are not in setup order");
        while (original != s) unchanged.push_back(original++);
        const int to = original + o.at("offset").get<int>();
        if (to < 0 || to >= static_cast<int>(n) || placed[static_cast<std::size_t>(to)] >= 0)
            throw std::runtime_error("a draw order offset leaves the order");
        placed[static_cast<std::size_t>(to)] = original++;
    }
    while (original < static_cast<int>(n)) unchanged.push_back(original++);
    std::size_t next = 0;
    for (int& p : placed) {
        if (p < 0) p = unchanged.at(next++);
    }
    return placed;
}

SpineSlotPose SpineSkeleton::slots(const std::string& animation, double time) const {
    SpineSlotPose out = setup_slots();
    const JsonValue& anim = doc_.at("animations").at(animation);
    if (anim.contains("slots")) {
        for (const auto& [name, timelines] : anim.at("slots").items()) {
            const int s = slot(name);
            if (s < 0) throw std::runtime_error("animation " + animation + ": no slot " + name);
            for (const auto& [kind, keys] : timelines.items()) {
                if (kind == "attachment") {
                    const int at = key_at(keys, time);
                    if (at < 0) continue;
                    const JsonValue& key = keys[static_cast<std::size_t>(at)];
                    out.attachment[static_cast<std::size_t>(s)] = key.contains("name") && !key.at("name").is_null()
                                                                      ? std::optional<std::string>(key.at("name").get<std::string>())
                                                                      : std::nullopt;
                } else if (kind == "rgba") {
                    if (auto v = curve_values(keys, time, color_values))
                        out.color[static_cast<std::size_t>(s)] = glm::clamp(glm::dvec4((*v)[0], (*v)[1], (*v)[2], (*v)[3]), 0.0, 1.0);
                } else {
                    throw std::runtime_error("slot timeline " + kind + " is not read by this test");
                }
            }
        }
    }
    if (anim.contains("drawOrder")) {
        const int at = key_at(anim.at("drawOrder"), time);
        if (at >= 0) out.order = draw_order(anim.at("drawOrder")[static_cast<std::size_t>(at)]);
    }
    return out;
}

SpineRegionData SpineSkeleton::region(const std::string& slot_name, const std::string& attachment) const {
    for (const JsonValue& skin : doc_.at("skins")) {
        if (skin.at("name") != "default") continue;
        const JsonValue& a = skin.at("attachments").at(slot_name).at(attachment);
        if (a.value("type", "region") != "region") throw std::runtime_error("not a region");
        SpineRegionData r;
        r.path = a.value("path", attachment);
        r.x = number_or(a, "x", 0.0);
        r.y = number_or(a, "y", 0.0);
        r.rotation = number_or(a, "rotation", 0.0);
        r.scale_x = number_or(a, "scaleX", 1.0);
        r.scale_y = number_or(a, "scaleY", 1.0);
        r.width = a.at("width").get<double>();
        r.height = a.at("height").get<double>();
        if (a.contains("color")) r.color = spine_hex_color(a.at("color").get<std::string>());
        return r;
    }
    throw std::runtime_error("no default skin");
}

const nlohmann::json& SpineSkeleton::attachment(const std::string& slot_name, const std::string& attachment) const {
    for (const JsonValue& skin : doc_.at("skins")) {
        if (skin.at("name") == "default") return skin.at("attachments").at(slot_name).at(attachment);
    }
    throw std::runtime_error("no default skin");
}

std::vector<glm::dvec2> SpineSkeleton::mesh_world_vertices(const std::string& slot_name, const std::string& name,
                                                           const std::vector<SpineWorld>& world) const {
    return mesh_world_vertices(slot_name, name, world, {}, 0.0);
}

std::vector<glm::dvec2> SpineSkeleton::mesh_world_vertices(const std::string& slot_name, const std::string& name,
                                                           const std::vector<SpineWorld>& world, const std::string& animation,
                                                           double time) const {
    const JsonValue& a = attachment(slot_name, name);
    // The deform's offsets at `time`: one number per number of the vertices' positions.
    std::vector<double> deform;
    const JsonValue* keys = nullptr;
    if (!animation.empty()) {
        const JsonValue& anim = doc_.at("animations").at(animation);
        const auto skins = anim.find("attachments");
        if (skins != anim.end() && skins->contains("default") && skins->at("default").contains(slot_name) &&
            skins->at("default").at(slot_name).contains(name))
            keys = &skins->at("default").at(slot_name).at(name).at("deform");
    }
    const auto key_offsets = [&](const JsonValue& key, std::size_t count) {
        std::vector<double> out(count, 0.0);
        const auto start = static_cast<std::size_t>(number_or(key, "offset", 0.0));
        if (key.contains("vertices")) {
            for (std::size_t i = 0; i < key.at("vertices").size(); ++i) out.at(start + i) = key.at("vertices")[i].get<double>();
        }
        return out;
    };
    const std::size_t numbers = a.at("uvs").size() == a.at("vertices").size() ? a.at("vertices").size() : [&] {
        std::size_t n = 0;
        for (std::size_t k = 0; k < a.at("vertices").size(); k += 4 * a.at("vertices")[k].get<std::size_t>() + 1)
            n += 2 * a.at("vertices")[k].get<std::size_t>();
        return n;
    }();
    if (keys) {
        const int at = key_at(*keys, time);
        if (at >= 0) {
            const JsonValue& ka = (*keys)[static_cast<std::size_t>(at)];
            deform = key_offsets(ka, numbers);
            if (static_cast<std::size_t>(at) + 1 < keys->size()) {
                const JsonValue& kb = (*keys)[static_cast<std::size_t>(at) + 1];
                const std::vector<double> next = key_offsets(kb, numbers);
                const double ta = key_time(ka), tb = key_time(kb);
                const auto curve = ka.find("curve");
                double f = tb > ta ? (time - ta) / (tb - ta) : 1.0;
                if (curve != ka.end() && curve->is_string()) f = 0.0;
                if (curve != ka.end() && curve->is_array()) f = bezier_at(*curve, 0, ta, 0.0, tb, 1.0, time);
                for (std::size_t i = 0; i < deform.size(); ++i) deform[i] += f * (next[i] - deform[i]);
            }
        }
    }
    if (deform.empty()) deform.assign(numbers, 0.0);
    if (a.value("type", "region") != "mesh") throw std::runtime_error("not a mesh");
    const JsonValue& v = a.at("vertices");
    const std::size_t count = a.at("uvs").size() / 2;
    std::vector<glm::dvec2> out;
    if (v.size() == 2 * count) {
        // Unweighted: x, y pairs in the slot's bone.
        const JsonValue* slot = nullptr;
        for (const JsonValue& s : doc_.at("slots")) {
            if (s.at("name") == slot_name) slot = &s;
        }
        if (!slot) throw std::runtime_error("no slot " + slot_name);
        const int b = bone(slot->at("bone").get<std::string>());
        for (std::size_t i = 0; i < count; ++i) {
            const glm::dvec2 local{v[2 * i].get<double>() + deform[2 * i], v[2 * i + 1].get<double>() + deform[2 * i + 1]};
            out.push_back(world.at(static_cast<std::size_t>(b)).apply(local));
        }
        return out;
    }
    // Weighted: per vertex its bone count, then per bone its index, x, y (in that bone) and weight.
    std::size_t k = 0, d = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const int bones = v.at(k++).get<int>();
        glm::dvec2 p(0.0);
        for (int j = 0; j < bones; ++j, d += 2) {
            const auto b = v.at(k).get<std::size_t>();
            const glm::dvec2 local{v.at(k + 1).get<double>() + deform[d], v.at(k + 2).get<double>() + deform[d + 1]};
            p += v.at(k + 3).get<double>() * world.at(b).apply(local);
            k += 4;
        }
        out.push_back(p);
    }
    if (k != v.size()) throw std::runtime_error("weighted vertices left over");
    return out;
}

std::array<glm::dvec2, 4> SpineSkeleton::corners(const SpineRegionData& r) {
    // A region is its picture centred on (x, y), scaled along its own axes, then turned.
    const double c = std::cos(r.rotation * kRadians), s = std::sin(r.rotation * kRadians);
    const std::array<glm::dvec2, 4> unit{glm::dvec2{-0.5, -0.5}, glm::dvec2{0.5, -0.5}, glm::dvec2{0.5, 0.5}, glm::dvec2{-0.5, 0.5}};
    std::array<glm::dvec2, 4> out;
    for (std::size_t i = 0; i < 4; ++i) {
        const glm::dvec2 p{unit[i].x * r.width * r.scale_x, unit[i].y * r.height * r.scale_y};
        out[i] = glm::dvec2{r.x + c * p.x - s * p.y, r.y + s * p.x + c * p.y};
    }
    return out;
}

}  // namespace marionette::testing
