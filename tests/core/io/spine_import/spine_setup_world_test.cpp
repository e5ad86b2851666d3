// Spine's setup pose by each inheritance, worked by hand: a normal child takes its parent's
// whole frame, noScale only its direction (skewed by an uneven scale as Spine's runtimes skew
// it), onlyTranslation only its position, noRotationOrReflection its scale without its turn.

#include "core/io/spine_import/spine_setup_world.hpp"

#include <cmath>

#include <gtest/gtest.h>

using marionette::kSpineRadiansPerDegree;
using marionette::spine_setup_world;
using marionette::SpineInherit;
// Named in full: the Spine export's tests have a reader of their own with these names.
using SetupBone = marionette::SpineBoneData;
using SetupWorld = marionette::SpineWorld;

namespace {

SetupBone bone(const std::string& name, int parent, double rotation, double sx = 1.0, double sy = 1.0,
               SpineInherit inherit = SpineInherit::Normal) {
    SetupBone b;
    b.name = name;
    b.parent = parent;
    b.rotation = rotation;
    b.scale_x = sx;
    b.scale_y = sy;
    b.inherit = inherit;
    return b;
}

void expect_axes(const SetupWorld& w, glm::dvec2 x, glm::dvec2 y) {
    EXPECT_NEAR(w.axes[0].x, x.x, 1e-9);
    EXPECT_NEAR(w.axes[0].y, x.y, 1e-9);
    EXPECT_NEAR(w.axes[1].x, y.x, 1e-9);
    EXPECT_NEAR(w.axes[1].y, y.y, 1e-9);
}

}  // namespace

TEST(SpineSetupWorld, ANormalChildTakesItsParentsWholeFrame) {
    std::vector<SetupBone> bones{bone("root", -1, 90.0, 2.0, 2.0), bone("child", 0, 0.0)};
    bones[1].x = 3.0;
    const std::vector<SetupWorld> w = spine_setup_world(bones);
    expect_axes(w[0], {0.0, 2.0}, {-2.0, 0.0});
    expect_axes(w[1], {0.0, 2.0}, {-2.0, 0.0});
    EXPECT_NEAR(w[1].position.x, 0.0, 1e-9);
    EXPECT_NEAR(w[1].position.y, 6.0, 1e-9);
}

TEST(SpineSetupWorld, NoScaleKeepsTheDirectionOnlyAsSpineSkewsIt) {
    // Under a parent scaled (2, 1), a child turned 45 degrees points where the parent's frame
    // takes (cos 45, sin 45): atan2(1, 2), at unit length, its frame square.
    const std::vector<SetupWorld> w =
        spine_setup_world({bone("root", -1, 0.0, 2.0, 1.0), bone("child", 0, 45.0, 1.0, 1.0, SpineInherit::NoScale)});
    const double a = std::atan2(1.0, 2.0);
    expect_axes(w[1], {std::cos(a), std::sin(a)}, {-std::sin(a), std::cos(a)});
}

TEST(SpineSetupWorld, NoScaleMirrorsWithAMirroredParentAndNoScaleOrReflectionDoesNot) {
    const std::vector<SetupWorld> w =
        spine_setup_world({bone("root", -1, 0.0, 1.0, -1.0), bone("a", 0, 0.0, 1.0, 1.0, SpineInherit::NoScale),
                           bone("b", 0, 0.0, 1.0, 1.0, SpineInherit::NoScaleOrReflection)});
    expect_axes(w[1], {1.0, 0.0}, {0.0, -1.0});
    expect_axes(w[2], {1.0, 0.0}, {0.0, 1.0});
}

TEST(SpineSetupWorld, OnlyTranslationTakesThePositionAlone) {
    std::vector<SetupBone> bones{bone("root", -1, 90.0, 3.0, 3.0), bone("child", 0, 10.0, 1.0, 1.0, SpineInherit::OnlyTranslation)};
    bones[1].x = 1.0;
    const std::vector<SetupWorld> w = spine_setup_world(bones);
    const double r = 10.0 * kSpineRadiansPerDegree;
    expect_axes(w[1], {std::cos(r), std::sin(r)}, {-std::sin(r), std::cos(r)});
    EXPECT_NEAR(w[1].position.y, 3.0, 1e-9);
}

TEST(SpineSetupWorld, NoRotationOrReflectionKeepsTheScaleWithoutTheTurn) {
    const std::vector<SetupWorld> w =
        spine_setup_world({bone("root", -1, 90.0, 2.0, 2.0), bone("child", 0, 0.0, 1.0, 1.0, SpineInherit::NoRotationOrReflection)});
    expect_axes(w[1], {2.0, 0.0}, {0.0, 2.0});
}

TEST(SpineSetupWorld, ShearTurnsEachAxisOnItsOwn) {
    std::vector<SetupBone> bones{bone("root", -1, 0.0)};
    bones[0].shear_x = 90.0;
    bones[0].shear_y = -90.0;
    const std::vector<SetupWorld> w = spine_setup_world(bones);
    expect_axes(w[0], {0.0, 1.0}, {1.0, 0.0});
}
