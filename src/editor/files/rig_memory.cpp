#include "editor/files/rig_memory.hpp"

#include <nlohmann/json.hpp>

namespace marionette {

namespace {

// Heap text beyond what std::string keeps inline (small names cost nothing more).
std::size_t text_bytes(const std::string& s) { return s.size() > 15 ? s.size() + 1 : 0; }

std::size_t json_bytes(const nlohmann::ordered_json& j) {
    std::size_t bytes = sizeof(nlohmann::ordered_json);
    if (j.is_string()) {
        bytes += j.get_ref<const std::string&>().size();
    } else if (j.is_object()) {
        for (const auto& item : j.items()) bytes += item.key().size() + sizeof(std::string) + json_bytes(item.value());
    } else if (j.is_array()) {
        for (const auto& element : j) bytes += json_bytes(element);
    }
    return bytes;
}

}  // namespace

std::size_t estimated_rig_bytes(const Rig& rig) {
    std::size_t bytes = sizeof(Rig);
    for (const Bone& b : rig.skeleton.bones()) bytes += sizeof(Bone) + text_bytes(b.name);
    for (const IkChain& c : rig.chains) bytes += sizeof(IkChain) + text_bytes(c.name);
    bytes += rig.pose.rotations.size() * sizeof(glm::quat) + (rig.pose.translations.size() + rig.pose.scales.size()) * sizeof(glm::vec3);
    for (const State& s : rig.states) {
        bytes += sizeof(State) + text_bytes(s.name) + s.channels.size() * sizeof(StateChannel);
    }
    return bytes + json_bytes(rig.editor.json());
}

}  // namespace marionette
