#include "editor/script/input_script.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/base/read_budget.hpp"
#include "core/io/json/json_document.hpp"
#include "core/io/json/json_field.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace {

// A frame count or a number of moves beyond this is a typo, not a plan (an hour at 60 Hz).
constexpr int kMaxFrames = 216000;

glm::vec2 pixel_pair(const JsonField& f) {
    const glm::vec3 v = f.vector(2);
    if (!(std::fabs(v.x) <= kMaxScriptPixel && std::fabs(v.y) <= kMaxScriptPixel)) f.fail("pixels must lie within -1e6 and 1e6");
    return {v.x, v.y};
}

BonePoint bone_point(const JsonField& f) {
    const std::string s = f.string();
    if (s == "joint") return BonePoint::Joint;
    if (s == "middle") return BonePoint::Middle;
    if (s == "tip") return BonePoint::Tip;
    f.fail("expected \"joint\", \"middle\" or \"tip\", got \"" + s + "\"");
}

HandlePoint handle_point(const JsonField& f) {
    const std::string s = f.string();
    if (s == "target") return HandlePoint::Target;
    if (s == "pin") return HandlePoint::Pin;
    if (s == "pole") return HandlePoint::Pole;
    f.fail("expected \"target\", \"pin\" or \"pole\", got \"" + s + "\"");
}

ScriptPoint point(const JsonField& f) {
    ScriptPoint p;
    if (f.raw().is_array()) {
        p.pixel = pixel_pair(f);
        return p;
    }
    if (!f.raw().is_object()) f.fail("expected [x, y] window pixels or {\"bone\": NAME, \"at\": \"tip\"}, got " + json_type_name(f.raw()));
    if (f.raw().contains("ui")) {
        f.allow_only({"ui", "offset"});
        p.ui = f.member("ui").non_empty_string();
    } else if (f.raw().contains("slot")) {
        f.allow_only({"slot", "offset"});
        p.slot = f.member("slot").non_empty_string();
    } else if (f.raw().contains("chain")) {
        f.allow_only({"chain", "at", "offset"});
        p.chain = f.member("chain").non_empty_string();
        if (auto at = f.optional_member("at")) p.handle = handle_point(*at);
    } else {
        f.allow_only({"bone", "at", "offset"});
        p.bone = f.member("bone").non_empty_string();
        if (auto at = f.optional_member("at")) p.at = bone_point(*at);
    }
    if (auto offset = f.optional_member("offset")) p.offset = pixel_pair(*offset);
    return p;
}

MouseButton button(const JsonField& f) {
    const std::string s = f.string();
    if (s == "left") return MouseButton::Left;
    if (s == "middle") return MouseButton::Middle;
    if (s == "right") return MouseButton::Right;
    f.fail("expected \"left\", \"middle\" or \"right\", got \"" + s + "\"");
}

int count(const JsonField& f, int lo) {
    const int n = f.integer();
    if (n < lo || n > kMaxFrames) f.fail("must be between " + std::to_string(lo) + " and " + std::to_string(kMaxFrames));
    return n;
}

// "ctrl+shift": modifier names joined by +, any case. With `key`, the part after the last +
// is a key's name and is written there ("ctrl+shift+z"); without, every part is a modifier.
Modifiers modifiers(const JsonField& f, const std::string& chord, std::string* key) {
    Modifiers m;
    std::size_t start = 0;
    while (true) {
        const std::size_t plus = chord.find('+', start);
        // "+" alone (or at the end) is the plus key.
        if (key && (plus == std::string::npos || plus + 1 == chord.size())) break;
        std::string mod = chord.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
        for (char& c : mod) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (mod == "ctrl" || mod == "control") {
            m.ctrl = true;
        } else if (mod == "shift") {
            m.shift = true;
        } else if (mod == "alt") {
            m.alt = true;
        } else {
            f.fail("\"" + chord + "\": \"" + mod + "\" is not a modifier (ctrl, shift, alt)");
        }
        if (plus == std::string::npos) break;
        start = plus + 1;
    }
    if (key) *key = chord.substr(start);
    return m;
}

// A step's value is either the point itself or an object with the point under `at` and options.
template <class Step>
Step pointer_step(const JsonField& f) {
    Step s;
    if (f.raw().is_object() && f.raw().contains("at") && !f.raw().contains("bone") && !f.raw().contains("chain") &&
        !f.raw().contains("ui") && !f.raw().contains("slot")) {
        f.allow_only({"at", "button", "with"});
        s.at = point(f.member("at"));
        if (auto b = f.optional_member("button")) s.button = button(*b);
        if (auto w = f.optional_member("with")) s.with = modifiers(*w, w->non_empty_string(), nullptr);
    } else {
        s.at = point(f);
    }
    return s;
}

KeyStep key_step(const JsonField& f, KeyStep::Kind kind) {
    KeyStep k;
    k.kind = kind;
    // "ctrl+shift+z": modifiers, then the key.
    const Modifiers m = modifiers(f, f.non_empty_string(), &k.key);
    k.ctrl = m.ctrl;
    k.shift = m.shift;
    k.alt = m.alt;
    return k;
}

KeyStep tap(std::string key, bool shift = false) {
    KeyStep k;
    k.key = std::move(key);
    k.shift = shift;
    return k;
}

// {"rotate": {"by": 30, "axis": "x", "local": true}} or {"rotate": 30}; the same for grab.
KeysStep transform_step(const JsonField& v, const char* name, const char* key) {
    KeysStep s{name, {tap(key)}};
    std::optional<JsonField> by;
    if (v.raw().is_number()) {
        by = v;
    } else {
        v.allow_only({"by", "axis", "local"});
        by = v.member("by");
        const auto axis = v.optional_member("axis");
        if (axis) {
            const std::string a = axis->string();
            if (a != "x" && a != "y" && a != "z") axis->fail("expected \"x\", \"y\" or \"z\", got \"" + a + "\"");
            s.keys.push_back(tap(a == "x" ? "X" : a == "y" ? "Y" : "Z"));
        }
        if (auto local = v.optional_member("local"); local && local->boolean()) {
            if (!axis) local->fail("a local axis needs \"axis\"");
            s.keys.push_back(s.keys.back());
        }
    }
    // Compared as written, in double: 999,999,999 is a float of 1e9.
    (void)by->number();  // a finite number
    const double amount = by->raw().get<double>();
    if (std::fabs(amount) >= 1e9) by->fail("must be less than 1e9");
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", std::fabs(amount));
    // "30.500000" as typed: "30.5".
    std::size_t end = std::strlen(text);
    while (end > 0 && text[end - 1] == '0') --end;
    if (end > 0 && text[end - 1] == '.') --end;
    for (std::size_t i = 0; i < end; ++i) s.keys.push_back(tap(std::string(1, text[i])));
    if (amount < 0.0) s.keys.push_back(tap("-"));
    s.keys.push_back(tap("Return"));
    return s;
}

Expectation expectation(const JsonField& f) {
    const Json& j = f.object();
    if (j.contains("bone")) {
        f.allow_only({"bone", "at", "pixel", "world", "within"});
        ExpectBonePoint e;
        e.bone = f.member("bone").non_empty_string();
        if (auto at = f.optional_member("at")) e.at = bone_point(*at);
        if (auto p = f.optional_member("pixel")) e.pixel = pixel_pair(*p);
        if (auto w = f.optional_member("world")) {
            const std::size_t n = w->array_size();
            if (n != 2 && n != 3) w->fail("expected [x, y] or [x, y, z]");
            e.world = w->vector(static_cast<int>(n));
        }
        if (e.pixel.has_value() == e.world.has_value()) f.fail("give exactly one of \"pixel\" and \"world\"");
        if (auto within = f.optional_member("within")) {
            e.within = within->number();
            if (!(e.within >= 0.0f)) within->fail("must not be negative");
        }
        return e;
    }
    if (j.contains("mode")) {
        f.allow_only({"mode"});
        const JsonField m = f.member("mode");
        const std::string mode = m.string();
        if (mode != "fk" && mode != "ik") m.fail("expected \"fk\" or \"ik\", got \"" + mode + "\"");
        return ExpectMode{mode};
    }
    if (j.contains("selected")) {
        f.allow_only({"selected"});
        const JsonField s = f.member("selected");
        if (s.raw().is_array()) {
            std::vector<std::string> bones;
            for (std::size_t i = 0; i < s.array_size(); ++i) bones.push_back(s.element(i).non_empty_string());
            return ExpectSelected{{}, std::move(bones)};
        }
        return ExpectSelected{s.raw().is_null() ? std::string() : s.non_empty_string(), std::nullopt};
    }
    if (j.contains("modified")) {
        f.allow_only({"modified"});
        const JsonField m = f.member("modified");
        if (!m.raw().is_boolean()) m.fail("expected true or false, got " + json_type_name(m.raw()));
        return ExpectModified{m.raw().get<bool>()};
    }
    if (j.contains("state")) {
        f.allow_only({"state", "from", "weight"});
        ExpectState e;
        const JsonField s = f.member("state");
        e.state = s.raw().is_null() ? std::string(kRigPoseName) : s.non_empty_string();
        if (auto from = f.optional_member("from")) e.from = from->raw().is_null() ? std::string() : from->non_empty_string();
        if (auto w = f.optional_member("weight")) {
            const glm::vec3 range = w->vector(2);
            if (!(range.x <= range.y)) w->fail("expected [lo, hi] with lo <= hi");
            e.weight = glm::vec2{range.x, range.y};
        }
        return e;
    }
    if (j.contains("dialog")) {
        f.allow_only({"dialog"});
        const JsonField d = f.member("dialog");
        if (d.raw().is_null()) return ExpectDialog{};
        const std::string name = d.non_empty_string();
        std::string known;
        for (const char* n : kScriptDialogNames) {
            if (name == n) return ExpectDialog{name};
            known += (known.empty() ? "\"" : ", \"") + std::string(n) + "\"";
        }
        d.fail("\"" + name + "\" is not a dialog (" + known + ", or null)");
    }
    if (j.contains("status")) {
        f.allow_only({"status"});
        const JsonField s = f.member("status");
        if (s.raw().is_null()) return ExpectStatus{};
        return ExpectStatus{s.non_empty_string()};
    }
    f.fail("expected one of \"bone\", \"mode\", \"selected\", \"modified\", \"state\", \"dialog\", \"status\"");
}

std::filesystem::path script_path(const JsonField& f, const std::filesystem::path& base_dir) {
    const std::filesystem::path p = f.non_empty_string();
    return p.is_absolute() || base_dir.empty() ? p : base_dir / p;
}

ScriptStep step(const JsonField& f, const std::filesystem::path& base_dir) {
    const Json& j = f.object();
    if (j.size() != 1) f.fail("a step is an object with one key, like {\"click\": [x, y]}");
    const std::string kind = j.begin().key();
    const JsonField v = f.member(kind.c_str());
    if (kind == "move") return MoveStep{point(v)};
    if (kind == "press") return pointer_step<PressStep>(v);
    if (kind == "click") return pointer_step<ClickStep>(v);
    if (kind == "release") {
        ReleaseStep r;
        if (v.raw().is_string()) {
            r.button = button(v);
        } else if (!v.raw().is_null()) {
            const auto p = pointer_step<PressStep>(v);
            r.at = p.at;
            r.button = p.button;
        }
        return r;
    }
    if (kind == "drag") {
        v.allow_only({"from", "to", "button", "moves", "with"});
        DragStep d;
        d.from = point(v.member("from"));
        d.to = point(v.member("to"));
        if (auto b = v.optional_member("button")) d.button = button(*b);
        if (auto w = v.optional_member("with")) d.with = modifiers(*w, w->non_empty_string(), nullptr);
        if (auto m = v.optional_member("moves")) d.moves = count(*m, 1);
        return d;
    }
    if (kind == "key") return key_step(v, KeyStep::Kind::Tap);
    if (kind == "key_down") return key_step(v, KeyStep::Kind::Down);
    if (kind == "key_up") return key_step(v, KeyStep::Kind::Up);
    if (kind == "key_quick") return key_step(v, KeyStep::Kind::Quick);
    if (kind == "wheel") {
        WheelStep w;
        if (v.raw().is_number()) {
            w.clicks = v.integer();
        } else {
            v.allow_only({"clicks", "at"});
            w.clicks = v.member("clicks").integer();
            if (auto at = v.optional_member("at")) w.at = point(*at);
        }
        if (w.clicks == 0 || w.clicks > 100 || w.clicks < -100) v.fail("clicks must be between -100 and 100, not 0");
        return w;
    }
    if (kind == "text") return TextStep{v.string()};
    if (kind == "wait") return WaitStep{count(v, 1)};
    if (kind == "screenshot") return ScreenshotStep{script_path(v, base_dir)};
    if (kind == "save") return SaveStep{script_path(v, base_dir)};
    if (kind == "drop") return DropStep{script_path(v, base_dir)};
    if (kind == "expect") return ExpectStep{expectation(v)};
    if (kind == "wait_for_file") {
        WaitForFileStep w;
        if (v.raw().is_string()) {
            w.path = script_path(v, base_dir);
        } else {
            v.allow_only({"path", "seconds"});
            w.path = script_path(v.member("path"), base_dir);
            if (auto seconds = v.optional_member("seconds")) {
                w.seconds = seconds->number();
                if (!(w.seconds > 0.0 && w.seconds <= 3600.0)) seconds->fail("must be above 0 and at most 3600");
            }
        }
        return w;
    }
    if (kind == "select") {
        SelectStep s;
        for (std::size_t i = 0; i < v.array_size(); ++i) s.bones.push_back(v.element(i).non_empty_string());
        return s;
    }
    if (kind == "rotate") return transform_step(v, "rotate", "R");
    if (kind == "grab") return transform_step(v, "grab", "G");
    if (kind == "snap") {
        const std::string what = v.string();
        if (what != "fk_to_ik" && what != "ik_to_fk") v.fail("expected \"fk_to_ik\" or \"ik_to_fk\", got \"" + what + "\"");
        return KeysStep{"snap", {tap("I", what == "ik_to_fk")}};
    }
    if (kind == "pose") {
        static const std::pair<const char*, const char*> kItems[] = {
            {"copy", "pose/copy"},     {"paste", "pose/paste"}, {"paste flipped", "pose/paste flipped"},
            {"mirror", "mirror/copy"}, {"flip", "mirror/flip"}, {"mirror editing", "mirror/editing"}};
        const std::string item = v.string();
        for (const auto& [name, mark] : kItems) {
            if (item == name) return MenuStep{"pose", {"toolbar/pose", mark}};
        }
        v.fail("expected \"copy\", \"paste\", \"paste flipped\", \"mirror\", \"flip\" or \"mirror editing\", got \"" + item + "\"");
    }
    if (kind == "focus") {
        const std::string what = v.string();
        if (what != "gained" && what != "lost") v.fail("expected \"gained\" or \"lost\", got \"" + what + "\"");
        return FocusStep{what == "gained"};
    }
    f.fail("unknown step \"" + kind +
           "\" (move, press, release, click, drag, key, key_down, key_up, wheel, text, wait, screenshot, save, drop, expect, "
           "wait_for_file, focus, select, rotate, grab, snap, pose)");
}

}  // namespace

Result<InputScript> parse_input_script(const std::string& text, const std::filesystem::path& base_dir) {
    const Result<Json> doc = parse_json_document(text);
    if (!doc) return Error{doc.message()};
    try {
        const JsonField root(doc.value(), "");
        root.allow_only({"format", "steps"});
        if (auto format = root.optional_member("format"); format && format->string() != "marionette-script") {
            format->fail("expected \"marionette-script\"");
        }
        const JsonField steps = root.member("steps");
        if (steps.array_size() > kMaxScriptSteps) {
            steps.fail(with_thousands(steps.array_size()) + " steps; a script has at most " + with_thousands(kMaxScriptSteps));
        }
        InputScript script;
        std::uint64_t frames = 0;
        for (std::size_t i = 0; i < steps.array_size(); ++i) {
            const JsonField at = steps.element(i);
            script.steps.push_back(step(at, base_dir));
            // Each step takes a frame at least, a wait its frames, a drag its moves: together an
            // hour at most, however the steps are split.
            frames += 1;
            if (const auto* w = std::get_if<WaitStep>(&script.steps.back())) frames += static_cast<std::uint64_t>(w->frames);
            if (const auto* d = std::get_if<DragStep>(&script.steps.back())) frames += static_cast<std::uint64_t>(d->moves);
            if (frames > static_cast<std::uint64_t>(kMaxFrames)) {
                at.fail("the script's steps so far take " + with_thousands(frames) + " frames; a script runs at most " +
                        with_thousands(kMaxFrames) + " (an hour at 60 Hz)");
            }
        }
        if (script.steps.empty()) steps.fail("a script needs at least one step");
        return script;
    } catch (const JsonFieldError& e) {
        return Error{e.what()};
    }
}

Result<InputScript> load_input_script(const std::filesystem::path& file) {
    Result<std::string> text = read_text_file(file, kMaxScriptBytes, "script");
    if (!text) return Error{text.message()};
    Result<InputScript> script = parse_input_script(text.value(), file.parent_path());
    if (!script) return Error{file.string() + ": " + script.message()};
    return script;
}

std::string describe_step(const InputScript& script, std::size_t index) {
    static constexpr const char* kNames[] = {"move",   "press",         "release", "click",      "drag", "key",
                                             "wheel",  "text",          "wait",    "screenshot", "save", "drop",
                                             "expect", "wait_for_file", "focus",   "select",     "keys", "pose"};
    static_assert(std::size(kNames) == std::variant_size_v<ScriptStep>);
    std::string name = index < script.steps.size() ? kNames[script.steps[index].index()] : "end";
    if (index < script.steps.size()) {
        if (const auto* k = std::get_if<KeyStep>(&script.steps[index])) {
            constexpr const char* kKeyNames[] = {"key", "key_down", "key_up", "key_quick"};
            name = kKeyNames[static_cast<int>(k->kind)];
        }
        if (const auto* k = std::get_if<KeysStep>(&script.steps[index])) name = k->name;
    }
    return "step " + std::to_string(index + 1) + " (" + name + ")";
}

}  // namespace marionette
