#include "core/frames_json.hpp"

#include <string_view>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/angles.hpp"
#include "core/json_numbers.hpp"

namespace marionette {

namespace {

Json state_json(const Rig& rig, int state) {
    const std::string* name = state_name(rig, state);
    return name ? Json(*name) : Json(nullptr);  // null: the rig's own pose
}

// Degrees as a float: world angles are float quantities, and the shortest float form keeps a
// frame line short (84.5, not 84.49999850988388).
float degrees_2d(const glm::quat& q) {
    return static_cast<float>(static_cast<double>(angle_2d(q)) * (180.0 / kPiDouble));
}

// `[a,b,...]` of floats, each as json_float writes it.
template <std::size_t N>
void append_floats(std::string& text, const float (&values)[N]) {
    text += '[';
    for (std::size_t i = 0; i < N; ++i) {
        if (i) text += ',';
        append_json_float(text, values[i]);
    }
    text += ']';
}

// A bone's {"position":[...],"rotation":...}, byte for byte what dumping it as a Json object
// gave, written straight into the frame's text: building and freeing that object, its arrays and
// numbers took most of a frame's time.
void append_bone(std::string& text, const Transform& world, bool is_2d) {
    const glm::vec3& p = world.translation;
    text += "{\"position\":";
    if (is_2d) {
        append_floats(text, {p.x, p.y});
        text += ",\"rotation\":";
        append_json_float(text, degrees_2d(world.rotation));
    } else {
        const glm::quat& q = world.rotation;
        append_floats(text, {p.x, p.y, p.z});
        text += ",\"rotation\":";
        append_floats(text, {q.x, q.y, q.z, q.w});
    }
    text += '}';
}

// A frame's "bones" object, written as text in one pass. Built as a Json object it cost the
// square of the bone count: the object keeps its keys in order in a vector, so each bone's
// insertion first searched all the keys before it (37 s a frame at 100,000 bones).
class BonesText {
public:
    // Each distinct name's key, dumped once for the whole bake. Where two bones share a name
    // (a loaded rig never has that; one built in code may), the object kept one entry, at the
    // first one's place with the last one's transform, so the text keeps that too.
    explicit BonesText(const Skeleton& skeleton) {
        std::unordered_map<std::string_view, std::size_t> slot_of;
        for (std::size_t i = 0; i < skeleton.size(); ++i) {
            const auto [it, inserted] = slot_of.emplace(skeleton[i].name, slots_.size());
            if (inserted) {
                slots_.push_back({Json(skeleton[i].name).dump() + ":", i});
            } else {
                slots_[it->second].bone = i;
            }
        }
    }

    // `{"name":{...},...}` as dumping the object would give. A large rig's second half is
    // written on another thread: the numbers' text is most of a frame's time (7 a bone, each
    // some 70 ns), and the halves join into the same text as one pass gives.
    void append(std::string& text, const std::vector<Transform>& world, bool is_2d) const {
        text += '{';
        const std::size_t n = slots_.size();
        std::size_t half = n;
        std::string second;
        std::thread other;
        if (n >= kBonesForTwoThreads) {
            half = n / 2;
            try {
                other = std::thread([&] { append_slots(second, world, is_2d, half, n); });
            } catch (const std::system_error&) {
                half = n;  // no thread to be had: one pass
            }
        }
        append_slots(text, world, is_2d, 0, half);
        if (other.joinable()) {
            other.join();
            text += second;
        }
        text += '}';
    }

private:
    static constexpr std::size_t kBonesForTwoThreads = 16384;  // below, a thread costs more than it saves

    void append_slots(std::string& text, const std::vector<Transform>& world, bool is_2d, std::size_t from, std::size_t to) const {
        for (std::size_t k = from; k < to; ++k) {
            if (k) text += ',';
            text += slots_[k].key;
            append_bone(text, world[slots_[k].bone], is_2d);
        }
    }

    struct Slot {
        std::string key;   // "name": as JSON
        std::size_t bone;  // whose transform is written
    };
    std::vector<Slot> slots_;
};

// One frame as a one-line object: {"time":..,"state":..,"from":..,"weight":..,"bones":{..}}.
void append_frame(std::string& text, const Rig& rig, const BakedFrame& frame, const BonesText& bones) {
    const Json head{{"time", json_number(frame.time)},
                    {"state", state_json(rig, frame.state)},
                    {"from", frame.from ? state_json(rig, *frame.from) : Json(nullptr)},
                    {"weight", json_float(frame.weight)}};
    std::string head_text = head.dump();
    head_text.pop_back();  // the closing brace: "bones" goes last
    text += head_text;
    text += ",\"bones\":";
    bones.append(text, frame.world, rig.is_2d());
    text += '}';
}

Json header_json(const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps) {
    Json bones = Json::array();
    for (std::size_t i = 0; i < rig.skeleton.size(); ++i) bones.push_back(rig.skeleton[i].name);
    Json entries = Json::array();
    for (const TimelineEntry& e : timeline) entries.push_back(Json{{"state", state_json(rig, e.state)}, {"at", json_number(e.at)}});
    return Json{{"format", kFramesFormatName},
                {"version", kFramesFormatVersion},
                {"rig", rig_name},
                {"dimensions", rig.is_2d() ? 2 : 3},
                {"fps", json_number(fps)},
                {"bones", std::move(bones)},
                {"timeline", std::move(entries)}};
}

}  // namespace

namespace {
// The sink's failure (a full disk) stops the bake: no frame after it is computed.
struct SinkFailed {
    Status status;
};
}  // namespace

Status write_frames_json(const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps,
                         std::size_t frame_count, const TextSink& sink) {
    constexpr std::size_t kPieceBytes = 1 << 20;
    try {
        // Kept in a variable: a range-for over a temporary's items() would outlive the temporary.
        const Json header = header_json(rig, rig_name, timeline, fps);
        std::string text;
        for (const auto& [key, value] : header.items()) {
            text += text.empty() ? "{" : ",\n";
            text += Json(key).dump() + ":" + value.dump();
        }
        text += ",\n\"frames\":[";
        const BonesText bones(rig.skeleton);
        bool first = true;
        Status baked = bake_timeline(rig, timeline, fps, frame_count, [&](const BakedFrame& frame) {
            text += first ? "\n" : ",\n";
            first = false;
            append_frame(text, rig, frame, bones);
            if (text.size() >= kPieceBytes) {
                if (Status s = sink(text); !s) throw SinkFailed{std::move(s)};
                text.clear();
            }
        });
        if (!baked) return baked;
        text += "\n]}\n";
        return sink(text);
    } catch (SinkFailed& failed) {
        return std::move(failed.status);
    } catch (const Json::type_error& e) {
        // Only invalid UTF-8 in a name gets here; refusing beats writing a file nobody can read.
        return Error{std::string("cannot write the frames: a name is not valid UTF-8 (") + e.what() + ")"};
    }
}

Result<std::string> bake_frames_json(const Rig& rig, const std::string& rig_name,
                                     std::span<const TimelineEntry> timeline, double fps, std::size_t frame_count) {
    std::string whole;
    const Status s = write_frames_json(rig, rig_name, timeline, fps, frame_count, [&whole](std::string_view piece) {
        whole += piece;
        return Status{};
    });
    if (!s) return Error{s.message()};
    return whole;
}

}  // namespace marionette
