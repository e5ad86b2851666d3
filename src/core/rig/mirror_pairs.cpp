#include "core/rig/mirror_pairs.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "core/rig/forward_kinematics.hpp"

namespace marionette {

namespace {

bool is_separator(char c) { return c == '_' || c == '.' || c == '-' || c == ' ' || c == ':'; }

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The other side's word in the case `word` is written in (all capitals, a capital first, or
// lower case), or empty when `word` names no side.
std::string other_side(std::string_view word) {
    const std::string w = lower(word);
    std::string other = w == "l" ? "r" : w == "r" ? "l" : w == "left" ? "right" : w == "right" ? "left" : "";
    if (other.empty()) return other;
    const bool all_caps = std::all_of(word.begin(), word.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
    if (all_caps) {
        for (char& c : other) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    } else if (std::isupper(static_cast<unsigned char>(word[0]))) {
        other[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(other[0])));
    }
    return other;
}

}  // namespace

std::optional<std::string> swapped_side_name(std::string_view name) {
    // A part between separators, the last one first ("arm_l_upper": "l").
    std::size_t end = name.size();
    while (end > 0) {
        std::size_t start = end;
        while (start > 0 && !is_separator(name[start - 1])) --start;
        if (const std::string other = other_side(name.substr(start, end - start)); !other.empty()) {
            return std::string(name.substr(0, start)) + other + std::string(name.substr(end));
        }
        if (start == 0) break;
        end = start - 1;
    }
    // "left" or "right" starting a word: at the start, after a separator, or capitalised.
    const std::string low = lower(name);
    for (const char* side : {"left", "right"}) {
        const std::size_t n = std::char_traits<char>::length(side);
        for (std::size_t at = low.find(side); at != std::string::npos; at = low.find(side, at + 1)) {
            const bool word_start = at == 0 || is_separator(name[at - 1]) || std::isupper(static_cast<unsigned char>(name[at]));
            // ... and ending it: at the end, before a separator, a capital or a digit ("LeftArm", not "leftover").
            const bool word_end = at + n == name.size() || is_separator(name[at + n]) ||
                                  std::isupper(static_cast<unsigned char>(name[at + n])) ||
                                  std::isdigit(static_cast<unsigned char>(name[at + n]));
            if (!word_start || !word_end) continue;
            return std::string(name.substr(0, at)) + other_side(name.substr(at, n)) + std::string(name.substr(at + n));
        }
    }
    return std::nullopt;
}

std::vector<int> mirror_twins(const Skeleton& skeleton) {
    // By a map of the names (Skeleton::find walks them all: a rig of 100,000 bones would take
    // 10^10 steps).
    std::unordered_map<std::string_view, int> index;
    index.reserve(skeleton.size());
    for (std::size_t b = 0; b < skeleton.size(); ++b) index.emplace(skeleton[b].name, static_cast<int>(b));
    std::vector<int> twins(skeleton.size(), -1);
    for (std::size_t b = 0; b < skeleton.size(); ++b) {
        const std::optional<std::string> other = swapped_side_name(skeleton[b].name);
        if (!other) continue;
        const auto twin = index.find(*other);
        if (twin != index.end() && twin->second != static_cast<int>(b)) twins[b] = twin->second;
    }
    return twins;
}

glm::vec3 detect_side_axis(const Skeleton& skeleton, const std::vector<int>& twins, bool is_2d) {
    if (is_2d) return {1.0f, 0.0f, 0.0f};
    Result<std::vector<Transform>> rest = compute_world(skeleton, Pose::rest(skeleton.size()));
    if (!rest) return {1.0f, 0.0f, 0.0f};
    glm::vec3 apart{0.0f};
    for (std::size_t b = 0; b < twins.size() && b < rest.value().size(); ++b) {
        if (twins[b] < 0) continue;
        apart += glm::abs(rest.value()[b].translation - rest.value()[static_cast<std::size_t>(twins[b])].translation);
    }
    if (apart.y > apart.x && apart.y >= apart.z) return {0.0f, 1.0f, 0.0f};
    if (apart.z > apart.x && apart.z > apart.y) return {0.0f, 0.0f, 1.0f};
    return {1.0f, 0.0f, 0.0f};
}

glm::vec3 mirror_axis(const Rig& rig) {
    if (rig.side_axis && !rig.is_2d()) return *rig.side_axis;
    return detect_side_axis(rig.skeleton, mirror_twins(rig.skeleton), rig.is_2d());
}

}  // namespace marionette
