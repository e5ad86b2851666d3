#include "fuzz/ik_case.hpp"

#include <cmath>
#include <limits>
#include <sstream>

#include "core/rig/forward_kinematics.hpp"
#include "fuzz/byte_reader.hpp"

namespace marionette::fuzzing {

namespace {

constexpr float kPi = 3.14159265358979f;
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Sizes where float arithmetic changes character: zero, denormals, the tiny lengths the solvers
// treat as "no direction", ordinary ones, and the huge ones where squares overflow.
constexpr float kMagnitudes[] = {0.0f,   1e-40f, 1e-30f, 1e-12f, 1e-7f, 1e-4f, 0.01f, 1.0f,
                                 100.0f, 1e4f,   1e6f,   1e9f,   1e12f, 1e19f, 1e30f, 3.4e38f};

// A length or distance >= 0: mostly ordinary, often from the table, sometimes any finite float.
float magnitude(ByteReader& r) {
    switch (r.below(8)) {
        case 0:
        case 1:
        case 2:
        case 3: return 0.05f + 5.0f * r.unit();
        case 4:
        case 5: {
            const float m = kMagnitudes[r.below(std::size(kMagnitudes))];
            return std::fmin(m * (1.0f + r.unit()), std::numeric_limits<float>::max());
        }
        case 6: {
            const float f = std::fabs(r.raw_float());
            return std::isfinite(f) ? f : 1.0f;
        }
        default: return 0.0f;
    }
}

glm::vec3 direction(ByteReader& r, bool is_2d) {
    switch (r.below(4)) {
        case 0: return {1.0f, 0.0f, 0.0f};
        case 1: return {0.0f, 1.0f, 0.0f};
        default: break;
    }
    glm::vec3 d{r.unit() - 0.5f, r.unit() - 0.5f, is_2d ? 0.0f : r.unit() - 0.5f};
    const float len = glm::length(d);
    if (len > 1e-3f) return d / len;
    return is_2d ? glm::vec3{1.0f, 0.0f, 0.0f} : glm::vec3{0.0f, 0.0f, 1.0f};
}

// A direction times a magnitude, read in that order. Every read here is sequenced (one call per
// statement or braced list): the operands of `*` and a call's arguments are evaluated in an
// order the compiler chooses, and GCC (the tests' replay of kept inputs) and clang (the fuzzer)
// chose differently, so a kept input was not the case the fuzzer had found.
glm::vec3 offset(ByteReader& r, bool is_2d) {
    const glm::vec3 d = direction(r, is_2d);
    return d * magnitude(r);
}

// A point given by its components: each may be any float, NaN and infinities included.
glm::vec3 raw_point(ByteReader& r, bool is_2d) { return {r.raw_float(), r.raw_float(), is_2d ? 0.0f : r.raw_float()}; }

float angle(ByteReader& r) {
    constexpr float kAngles[] = {0.0f, kPi, -kPi, 0.5f * kPi, -0.5f * kPi, 1e-6f, -1e-6f, kPi - 1e-6f};
    return r.flag() ? (2.0f * r.unit() - 1.0f) * kPi : kAngles[r.below(std::size(kAngles))];
}

glm::quat rotation(ByteReader& r, bool is_2d) {
    if (is_2d) return rotation_2d(angle(r));
    switch (r.below(4)) {
        case 0: return {1.0f, 0.0f, 0.0f, 0.0f};
        case 1: {
            const float a = angle(r);
            return glm::angleAxis(a, direction(r, false));
        }
        case 2: return {0.0f, 0.0f, 0.0f, 1.0f};  // a half turn: w = 0
        default: {
            const glm::quat q{r.unit() - 0.5f, r.unit() - 0.5f, r.unit() - 0.5f, r.unit() - 0.5f};
            const float len = glm::length(q);
            return len > 1e-3f ? q / len : glm::quat{1.0f, 0.0f, 0.0f, 0.0f};
        }
    }
}

// Limits as the rig loader allows them: min <= max within +-180 degrees, unit hinges, cones,
// swing-twist.
std::optional<JointLimits> limits(ByteReader& r, bool is_2d) {
    if (r.below(3) == 0) return std::nullopt;
    JointLimits l;
    if (!is_2d) {
        if (r.flag()) {
            const float cone = std::fabs(angle(r));
            if (!r.flag()) {
                l.max_angle = cone;  // a cone
                return l;
            }
            l.swing = cone;  // swing-twist, either bound possibly absent
            float lo = angle(r);
            float hi = angle(r);
            if (lo > hi) std::swap(lo, hi);
            if (r.below(4) != 3) l.twist = TwistRange{lo, hi};
            if (r.below(4) == 3) l.swing.reset();
            if (!l.is_swing_twist()) l.swing = cone;
            return l;
        }
        l.hinge = direction(r, false);
    }
    float lo = angle(r);
    float hi = angle(r);
    if (lo > hi) std::swap(lo, hi);
    if (r.below(4) != 3) l.min_angle = lo;
    if (r.below(4) != 3) l.max_angle = hi;
    return l;
}

Bone make_bone(ByteReader& r, const std::vector<Bone>& bones, int parent, bool is_2d, int index) {
    Bone b;
    b.name = "b" + std::to_string(index);
    b.parent = parent;
    b.length = magnitude(r);
    switch (r.below(4)) {
        case 0:
        case 1:  // at the parent's tip, as the loader places a bone without a translation
            if (parent >= 0) b.rest.translation = bone_axis() * bones[static_cast<std::size_t>(parent)].length;
            break;
        case 2: b.rest.translation = offset(r, is_2d); break;
        default: break;  // on the parent's joint
    }
    b.rest.rotation = r.flag() ? rotation(r, is_2d) : glm::quat{1.0f, 0.0f, 0.0f, 0.0f};
    return b;
}

glm::vec3 decode_target(ByteReader& r, const Rig& rig, bool is_2d) {
    const IkChain& chain = rig.chains[0];
    const std::vector<Transform> world = compute_world(rig.skeleton, rig.pose).value();
    const auto effector = static_cast<std::size_t>(chain.effector);
    const glm::vec3 tip = bone_tip(world[effector], rig.skeleton[effector].length);
    const glm::vec3 root = world[static_cast<std::size_t>(chain.root)].translation;
    switch (r.below(8)) {
        case 0: return tip;
        case 1: return root;
        case 2: return raw_point(r, is_2d);
        case 3: {
            glm::vec3 t = tip;
            const int axis = r.below(is_2d ? 2 : 3);
            t[axis] = r.flag() ? kNaN : (r.flag() ? kInf : -kInf);
            return t;
        }
        case 4: return tip + offset(r, is_2d);
        default: return root + offset(r, is_2d);
    }
}

std::optional<glm::vec3> decode_pole(ByteReader& r, const Rig& rig, const glm::vec3& target) {
    const glm::vec3 root = compute_world(rig.skeleton, rig.pose).value()[static_cast<std::size_t>(rig.chains[0].root)].translation;
    switch (r.below(6)) {
        case 0: return std::nullopt;
        case 1: return raw_point(r, false);
        case 2: return root + (target - root) * (2.0f * r.unit() - 0.5f);  // on the root->target line
        case 3: return glm::vec3{kNaN, 0.0f, 0.0f};
        default: return root + offset(r, false);
    }
}

float pick(ByteReader& r, std::initializer_list<float> values) { return values.begin()[r.below(static_cast<int>(values.size()))]; }

void decode_settings(ByteReader& r, IkChain& chain) {
    CcdSettings& c = chain.ccd;
    constexpr int kIterations[] = {20, 1, 2, 5, 100, 10000, 0, -3};
    c.max_iterations = kIterations[r.below(std::size(kIterations))];
    c.tolerance = r.flag() ? 0.001f : pick(r, {0.0f, 1e-9f, 1e-4f, 1e3f, -1.0f, kNaN, kInf, r.raw_float()});
    c.max_step = r.flag() ? kPi : pick(r, {0.1f, 1e-6f, 1.0f, 0.0f, -1.0f, kNaN, 10.0f, r.raw_float()});
    TwoBoneSettings& t = chain.two_bone;
    t.bend = static_cast<int>(pick(r, {1.0f, -1.0f, 0.0f, 7.0f}));
    t.softness = r.flag() ? 0.0f : pick(r, {0.3f, 1.0f, 1e-6f, -0.1f, 1.5f, kNaN, r.unit()});
}

}  // namespace

IkCase decode_ik_case(std::span<const std::uint8_t> bytes) {
    ByteReader r(bytes);
    IkCase c;
    Rig& rig = c.rig;
    const bool is_2d = !r.flag();
    rig.dimensions = is_2d ? Dimensions::Two : Dimensions::Three;
    IkChain chain;
    chain.name = "fuzz";
    chain.solver = r.flag() ? SolverKind::TwoBone : SolverKind::Ccd;
    const int above = r.below(3);
    const int length = chain.solver == SolverKind::TwoBone ? 2 : 1 + r.below(8);

    std::vector<Bone> bones;
    int parent = -1;
    for (int i = 0; i < above + length; ++i) {
        bones.push_back(make_bone(r, bones, parent, is_2d, i));
        if (i >= above) bones.back().limits = limits(r, is_2d);
        parent = i;
    }
    chain.root = above;
    chain.effector = above + length - 1;
    if (r.flag()) bones.push_back(make_bone(r, bones, chain.effector, is_2d, static_cast<int>(bones.size())));  // below the effector
    if (r.flag()) bones.push_back(make_bone(r, bones, above + r.below(length), is_2d, static_cast<int>(bones.size())));  // a branch
    rig.skeleton = Skeleton(std::move(bones));

    rig.pose = Pose::rest(rig.skeleton.size());
    for (glm::quat& q : rig.pose.rotations) {
        if (r.flag()) q = rotation(r, is_2d);
    }
    // A bone above the chain turned by NaN: validate() has to notice the chain's parent.
    if (above > 0 && r.below(16) == 15) rig.pose.rotations[static_cast<std::size_t>(r.below(above))] = glm::quat{kNaN, 0.0f, 0.0f, 0.0f};
    // The solvers take a start pose that is not unit length (they normalize what they write).
    if (r.below(4) == 3) rig.pose.rotations[static_cast<std::size_t>(chain.root)] *= pick(r, {1e-3f, 0.5f, 3.0f, 1e3f});
    if (r.flag()) rig.pose.root_offset = offset(r, is_2d);

    decode_settings(r, chain);
    rig.chains.push_back(chain);
    c.target = decode_target(r, rig, is_2d);
    if (!is_2d && chain.solver == SolverKind::TwoBone) rig.chains[0].two_bone.pole = decode_pole(r, rig, c.target);
    c.two_bone_tolerance = r.flag() ? 0.0f : pick(r, {1e-3f, 1e-9f, -1.0f, kNaN, kInf});
    c.through_solve_chain = r.flag();
    c.keep_side = r.flag() ? pick(r, {1e-3f, 0.05f, 1.0f, 1e3f, -1.0f, kNaN, kInf}) : 0.0f;
    return c;
}

std::string IkCase::describe() const {
    std::ostringstream s;
    s.precision(9);
    auto vec = [&](const glm::vec3& v) { s << "(" << v.x << ", " << v.y << ", " << v.z << ")"; };
    auto quat = [&](const glm::quat& q) { s << "[w " << q.w << ", " << q.x << ", " << q.y << ", " << q.z << "]"; };
    const IkChain& chain = rig.chains[0];
    s << (rig.is_2d() ? "2D " : "3D ") << solver_name(chain.solver) << " chain " << chain.root << ".." << chain.effector
      << (through_solve_chain ? " via solve_chain" : " via the job") << "\n";
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
        const Bone& b = rig.skeleton[i];
        s << "  bone " << i << " parent " << b.parent << " length " << b.length << " at ";
        vec(b.rest.translation);
        s << " rest ";
        quat(b.rest.rotation);
        s << " pose ";
        quat(rig.pose.rotations[i]);
        if (b.limits) {
            s << " limits";
            if (b.limits->hinge) {
                s << " hinge ";
                vec(*b.limits->hinge);
            }
            if (b.limits->min_angle) s << " min " << *b.limits->min_angle;
            if (b.limits->max_angle) s << " max " << *b.limits->max_angle;
            if (b.limits->swing) s << " swing " << *b.limits->swing;
            if (b.limits->twist) s << " twist " << b.limits->twist->min << " " << b.limits->twist->max;
        }
        s << "\n";
    }
    s << "  root offset ";
    vec(rig.pose.root_offset);
    s << "\n  target ";
    vec(target);
    s << "\n  ccd iterations " << chain.ccd.max_iterations << " tolerance " << chain.ccd.tolerance << " max_step " << chain.ccd.max_step
      << "\n  two-bone bend " << chain.two_bone.bend << " softness " << chain.two_bone.softness << " tolerance " << two_bone_tolerance
      << "\n  keep_side " << keep_side;
    if (chain.two_bone.pole) {
        s << " pole ";
        vec(*chain.two_bone.pole);
    }
    s << "\n";
    return s.str();
}

}  // namespace marionette::fuzzing
