#include "core/io/spine_import/spine_pose_sampler.hpp"

#include "core/io/spine_import/spine_curves.hpp"

namespace marionette {

std::vector<SpineLocal> spine_locals(const SpineSkeletonData& skeleton, const SpineAnimationData* animation, double time) {
    std::vector<SpineLocal> locals = spine_setup_locals(skeleton.bones);
    if (!animation) return locals;
    for (const SpineBoneTimeline& t : animation->bones) {
        if (t.keys.empty() || time < spine_key_time(t.keys.front().time)) continue;
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

}  // namespace marionette
