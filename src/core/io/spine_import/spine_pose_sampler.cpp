#include "core/io/spine_import/spine_pose_sampler.hpp"

#include "core/io/spine_import/spine_curves.hpp"

namespace marionette {

std::vector<SpineLocal> spine_locals(const SpineSkeletonData& skeleton, const SpineAnimationData* animation, double time) {
    std::vector<SpineLocal> locals(skeleton.bones.size());
    for (std::size_t i = 0; i < locals.size(); ++i) {
        const SpineBoneData& b = skeleton.bones[i];
        locals[i] = SpineLocal{b.x, b.y, b.rotation, b.scale_x, b.scale_y, b.shear_x, b.shear_y};
    }
    if (!animation) return locals;
    for (const SpineBoneTimeline& t : animation->bones) {
        if (t.keys.empty() || time < t.keys.front().time) continue;
        const SpineBoneData& setup = skeleton.bones[std::size_t(t.bone)];
        SpineLocal& l = locals[std::size_t(t.bone)];
        const auto value = [&](std::size_t v) { return spine_timeline_value(t.keys, v, time); };
        switch (t.property) {
            case SpineBoneProperty::Rotate: l.rotation = setup.rotation + value(0); break;
            case SpineBoneProperty::Translate:
                l.x = setup.x + value(0);
                l.y = setup.y + value(1);
                break;
            case SpineBoneProperty::TranslateX: l.x = setup.x + value(0); break;
            case SpineBoneProperty::TranslateY: l.y = setup.y + value(0); break;
            case SpineBoneProperty::Scale:
                l.scale_x = setup.scale_x * value(0);
                l.scale_y = setup.scale_y * value(1);
                break;
            case SpineBoneProperty::ScaleX: l.scale_x = setup.scale_x * value(0); break;
            case SpineBoneProperty::ScaleY: l.scale_y = setup.scale_y * value(0); break;
            case SpineBoneProperty::Shear:
                l.shear_x = setup.shear_x + value(0);
                l.shear_y = setup.shear_y + value(1);
                break;
            case SpineBoneProperty::ShearX: l.shear_x = setup.shear_x + value(0); break;
            case SpineBoneProperty::ShearY: l.shear_y = setup.shear_y + value(0); break;
        }
    }
    return locals;
}

std::vector<SpineWorld> spine_world(const SpineSkeletonData& skeleton, const std::vector<SpineLocal>& locals) {
    std::vector<SpineWorld> world(skeleton.bones.size());
    const SpineWorld origin;  // a root's parent: the skeleton's frame
    for (std::size_t i = 0; i < world.size() && i < locals.size(); ++i) {
        const SpineBoneData& b = skeleton.bones[i];
        const SpineLocal& l = locals[i];
        const SpineWorld& parent = b.parent < 0 ? origin : world[std::size_t(b.parent)];
        world[i] = spine_child_world(parent, b.parent < 0 ? SpineInherit::Normal : b.inherit, l.x, l.y, l.rotation, l.scale_x, l.scale_y,
                                     l.shear_x, l.shear_y);
    }
    return world;
}

}  // namespace marionette
