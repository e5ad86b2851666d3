#include "editor/ui/view_layers.hpp"

#include <nlohmann/json.hpp>

namespace marionette {

Json ViewLayers::to_json() const { return Json{{"meshes", meshes}, {"xray", xray}}; }

ViewLayers ViewLayers::from_editor_data(const Json& editor) {
    ViewLayers layers;
    if (!editor.is_object()) return layers;
    const auto saved = editor.find("layers");
    if (saved == editor.end() || !saved->is_object()) return layers;
    const auto read = [&](const char* key, bool& into) {
        if (const auto v = saved->find(key); v != saved->end() && v->is_boolean()) into = v->get<bool>();
    };
    read("meshes", layers.meshes);
    read("xray", layers.xray);
    return layers;
}

}  // namespace marionette
