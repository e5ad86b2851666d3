#include "core/anim/frames_json.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <span>
#include <string_view>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/io/json/json_numbers.hpp"
#include "core/math/angles.hpp"

namespace marionette {

namespace {

Json state_json(const Rig& rig, int state) {
    const std::string* name = state_name(rig, state);
    return name ? Json(*name) : Json(nullptr);  // null: the rig's own pose
}

// Degrees as a float: world angles are float quantities, and the shortest float form keeps a
// frame line short (84.5, not 84.49999850988388).
float degrees_2d(const glm::quat& q) { return static_cast<float>(static_cast<double>(angle_2d(q)) * (180.0 / kPiDouble)); }

// A name as a JSON string, as the JSON writer puts it. Most names need no escape and no UTF-8
// check (printable ASCII but the quote and backslash), and are quoted here: the writer took
// a tenth of a large bake's setup for them.
std::string json_string_text(const std::string& name) {
    const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte >= 0x20 && byte < 0x80 && c != '"' && c != '\\';
    });
    if (!plain) return Json(name).dump();
    std::string text;
    text.reserve(name.size() + 2);
    text += '"';
    text += name;
    text += '"';
    return text;
}

// A literal's characters at `out` (its size known here, so the copy is a few moves).
template <std::size_t N>
char* put(char* out, const char (&literal)[N]) {
    std::memcpy(out, literal, N - 1);
    return out + N - 1;
}

// `[a,b,...]` of floats, each as json_float writes it.
template <std::size_t N>
char* write_floats(char* out, const float (&values)[N]) {
    *out++ = '[';
    for (std::size_t i = 0; i < N; ++i) {
        if (i) *out++ = ',';
        out = write_json_float(out, values[i]);
    }
    *out++ = ']';
    return out;
}

// The most a bone's {"position":[...],"rotation":...,"local":{...},"scale":[...]} takes:
// seventeen numbers and the rest.
constexpr std::size_t kMaxBoneChars = 17 * kMaxJsonFloatChars + 120;

char* write_position_rotation(char* out, const glm::vec3& p, const glm::quat& q, bool is_2d) {
    out = put(out, "{\"position\":");
    if (is_2d) {
        out = write_floats(out, {p.x, p.y});
        out = put(out, ",\"rotation\":");
        out = write_json_float(out, degrees_2d(q));
    } else {
        out = write_floats(out, {p.x, p.y, p.z});
        out = put(out, ",\"rotation\":");
        out = write_floats(out, {q.x, q.y, q.z, q.w});
    }
    return out;
}

// A bone's {"position":[...],"rotation":...} in the world, "local":{...} the same relative to
// its parent's joint frame (the world's for a root: what an exporter keys), and "scale":[...]
// when the pose scales it (along the bone's own axes, so local too), byte for byte what
// dumping it as a Json object gives, written straight into the frame's text: building and
// freeing that object, its arrays and numbers took most of a frame's time.
char* write_bone(char* out, const Transform& world, const Transform* parent, const glm::vec3& scale, bool is_2d) {
    out = write_position_rotation(out, world.translation, world.rotation, is_2d);
    out = put(out, ",\"local\":");
    if (parent) {
        // World frames are rigid (pose.hpp): the parent's inverse is its rotation's conjugate.
        const glm::quat back = glm::conjugate(parent->rotation);
        out = write_position_rotation(out, back * (world.translation - parent->translation), back * world.rotation, is_2d);
    } else {
        out = write_position_rotation(out, world.translation, world.rotation, is_2d);
    }
    *out++ = '}';
    if (scale != glm::vec3{1.0f}) {
        out = put(out, ",\"scale\":");
        out = is_2d ? write_floats(out, {scale.x, scale.y}) : write_floats(out, {scale.x, scale.y, scale.z});
    }
    *out++ = '}';
    return out;
}

// A frame's "bones" members, written as text in one pass. Built as a Json object it cost the
// square of the bone count: the object keeps its keys in order in a vector, so each bone's
// insertion first searched all the keys before it (37 s a frame at 100,000 bones).
class BonesText {
public:
    // Each distinct name's key, dumped once for the whole bake. Where two bones share a name
    // (a loaded rig never has that; one built in code may), the object kept one entry, at the
    // first one's place with the last one's transform, so the text keeps that too.
    explicit BonesText(const Skeleton& skeleton) {
        std::unordered_map<std::string_view, std::size_t> slot_of;
        slot_of.reserve(skeleton.size());
        slots_.reserve(skeleton.size());
        for (std::size_t i = 0; i < skeleton.size(); ++i) {
            const auto [it, inserted] = slot_of.emplace(skeleton[i].name, slots_.size());
            if (inserted) {
                slots_.push_back({json_string_text(skeleton[i].name) + ":", i, skeleton[i].parent});
            } else {
                slots_[it->second].bone = i;
                slots_[it->second].parent = skeleton[i].parent;
            }
        }
        const std::size_t n = slots_.size();
        half_ = n >= kBonesForTwoThreads ? n / 2 : n;
        first_ = Buffer(bound(0, half_));
        second_ = Buffer(bound(half_, n));
    }

    // `"name":{...},...` as dumping the object gave, in one piece or two (valid until the next
    // call). A large rig's second half is written on another thread: the numbers' text is most
    // of a frame's time.
    std::span<const std::string_view> write(const BakedFrame& frame, bool is_2d) {
        const std::size_t n = slots_.size();
        std::thread other;
        if (half_ < n) {
            try {
                other = std::thread([&] { pieces_[1] = write_slots(second_, frame, is_2d, half_, n); });
            } catch (const std::system_error&) {
                // no thread to be had: the second half after the first, on this one
            }
        }
        pieces_[0] = write_slots(first_, frame, is_2d, 0, half_);
        if (other.joinable()) {
            other.join();
        } else if (half_ < n) {
            pieces_[1] = write_slots(second_, frame, is_2d, half_, n);
        }
        return {pieces_.data(), half_ < n ? std::size_t{2} : std::size_t{1}};
    }

private:
    static constexpr std::size_t kBonesForTwoThreads = 16384;  // below, a thread costs more than it saves

    // A buffer sized once for the bake: left uninitialised, as it is written before it is read.
    struct Buffer {
        Buffer() = default;
        explicit Buffer(std::size_t size) : chars(std::make_unique_for_overwrite<char[]>(size)) {}
        std::unique_ptr<char[]> chars;
    };

    std::size_t bound(std::size_t from, std::size_t to) const {
        std::size_t chars = 0;
        for (std::size_t k = from; k < to; ++k) chars += 1 + slots_[k].key.size() + kMaxBoneChars;
        return chars;
    }

    std::string_view write_slots(const Buffer& buffer, const BakedFrame& frame, bool is_2d, std::size_t from, std::size_t to) const {
        char* const begin = buffer.chars.get();
        char* out = begin;
        for (std::size_t k = from; k < to; ++k) {
            if (k) *out++ = ',';
            const std::string& key = slots_[k].key;
            std::memcpy(out, key.data(), key.size());
            out += key.size();
            const std::size_t bone = slots_[k].bone;
            const int parent = slots_[k].parent;
            out = write_bone(out, frame.world[bone], parent >= 0 ? &frame.world[static_cast<std::size_t>(parent)] : nullptr,
                             frame.scales[bone], is_2d);
        }
        return {begin, static_cast<std::size_t>(out - begin)};
    }

    struct Slot {
        std::string key;   // "name": as JSON
        std::size_t bone;  // whose transform is written
        int parent;        // its parent bone, or -1
    };
    std::vector<Slot> slots_;
    std::size_t half_ = 0;  // where the second thread's part begins (the end: no second part)
    Buffer first_;
    Buffer second_;
    std::array<std::string_view, 2> pieces_;
};

// A frame's one-line object up to its "bones" member's opening brace:
// {"time":..,"state":..,"from":..,"weight":..,"bones":{
void append_frame_head(std::string& text, const Rig& rig, const BakedFrame& frame) {
    const Json head{{"time", json_number(frame.time)},
                    {"state", state_json(rig, frame.state)},
                    {"from", frame.from ? state_json(rig, *frame.from) : Json(nullptr)},
                    {"weight", json_float(frame.weight)}};
    std::string head_text = head.dump();
    head_text.pop_back();  // the closing brace: "bones" goes last
    text += head_text;
    text += ",\"bones\":{";
}

// The header's members; "bones" stands as null to keep its place, its names written straight
// as text by write_header (a Json array of a large rig's names was much of the setup).
Json header_json(const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps) {
    Json entries = Json::array();
    for (const TimelineEntry& e : timeline) entries.push_back(Json{{"state", state_json(rig, e.state)}, {"at", json_number(e.at)}});
    return Json{{"format", kFramesFormatName},       {"version", kFramesFormatVersion}, {"rig", rig_name},
                {"dimensions", rig.is_2d() ? 2 : 3}, {"fps", json_number(fps)},         {"bones", nullptr},
                {"timeline", std::move(entries)}};
}

// The header, one member a line, and the opening of "frames".
void write_header(std::string& text, const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps) {
    // Kept in a variable: a range-for over a temporary's items() would outlive the temporary.
    const Json header = header_json(rig, rig_name, timeline, fps);
    for (const auto& [key, value] : header.items()) {
        text += text.empty() ? "{" : ",\n";
        text += Json(key).dump() + ":";
        if (key != "bones") {
            text += value.dump();
            continue;
        }
        text += '[';
        for (std::size_t i = 0; i < rig.skeleton.size(); ++i) {
            if (i) text += ',';
            text += json_string_text(rig.skeleton[i].name);
        }
        text += ']';
    }
    text += ",\n\"frames\":[";
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
        std::string text;
        write_header(text, rig, rig_name, timeline, fps);
        BonesText bones(rig.skeleton);
        // Text is gathered into pieces of about kPieceBytes; a piece already that large (half a
        // large rig's frame) goes to the sink as it is, after what was gathered before it.
        const auto emit = [&text, &sink](std::string_view piece) {
            if (piece.size() < kPieceBytes) {
                text += piece;
                if (text.size() < kPieceBytes) return;
                piece = {};
            }
            if (!text.empty()) {
                if (Status s = sink(text); !s) throw SinkFailed{std::move(s)};
                text.clear();
            }
            if (!piece.empty()) {
                if (Status s = sink(piece); !s) throw SinkFailed{std::move(s)};
            }
        };
        bool first = true;
        Status baked = bake_timeline(rig, timeline, fps, frame_count, [&](const BakedFrame& frame) {
            text += first ? "\n" : ",\n";
            first = false;
            append_frame_head(text, rig, frame);
            for (const std::string_view piece : bones.write(frame, rig.is_2d())) emit(piece);
            emit("}}");
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

Result<std::string> bake_frames_json(const Rig& rig, const std::string& rig_name, std::span<const TimelineEntry> timeline, double fps,
                                     std::size_t frame_count) {
    std::string whole;
    const Status s = write_frames_json(rig, rig_name, timeline, fps, frame_count, [&whole](std::string_view piece) {
        whole += piece;
        return Status{};
    });
    if (!s) return Error{s.message()};
    return whole;
}

}  // namespace marionette
