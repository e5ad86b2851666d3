#include "core/state.hpp"

namespace marionette {

const char* easing_name(Easing e) {
    switch (e) {
        case Easing::Cosine: return "cosine";
        case Easing::Linear: return "linear";
        case Easing::Smoothstep: return "smoothstep";
    }
    return "?";
}

}  // namespace marionette
