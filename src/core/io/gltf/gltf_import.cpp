#include "core/io/gltf/gltf_import.hpp"

#include <set>
#include <utility>

#include <tiny_gltf.h>

#include "core/anim/key_track.hpp"
#include "core/base/read_budget.hpp"
#include "core/io/gltf/gltf_animation.hpp"
#include "core/io/gltf/gltf_files.hpp"
#include "core/io/gltf/gltf_glb.hpp"
#include "core/io/gltf/gltf_json_check.hpp"
#include "core/io/gltf/gltf_mesh.hpp"
#include "core/io/gltf/gltf_skeleton.hpp"
#include "core/io/text_file.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette {

namespace {

// What the file holds that the rig does not take in, one line each.
void list_left_out(const tinygltf::Model& model, std::vector<std::string>& warnings) {
    std::size_t morphs = 0;
    for (const tinygltf::Mesh& mesh : model.meshes) {
        for (const tinygltf::Primitive& p : mesh.primitives) morphs += p.targets.empty() ? 0 : 1;
    }
    if (morphs)
        warnings.push_back(std::to_string(morphs) +
                           " mesh parts with morph targets: morph targets are not supported (the base shape is kept)");
    if (!model.cameras.empty()) warnings.push_back(std::to_string(model.cameras.size()) + " cameras are not imported");
    if (!model.lights.empty()) warnings.push_back(std::to_string(model.lights.size()) + " lights are not imported");
    for (const std::string& e : model.extensionsUsed)
        warnings.push_back("the extension " + e + " is not supported: what it adds is left out");
}

// Images stay encoded, as the file holds them (the rig keeps PNG and JPEG bytes; the editor
// decodes them to draw). Images in a buffer view are read by gltf_mesh.cpp with bounds checks.
bool keep_encoded_image(tinygltf::Image* image, const int, std::string*, std::string*, int, int, const unsigned char* bytes, int size,
                        void*) {
    if (image->bufferView < 0 && bytes && size > 0) image->image.assign(bytes, bytes + size);
    return true;
}

}  // namespace

bool is_gltf_path(const std::filesystem::path& path) { return is_glb_path(path) || lowercase_extension(path) == ".gltf"; }
bool is_glb_path(const std::filesystem::path& path) { return lowercase_extension(path) == ".glb"; }

Result<GltfImport> import_gltf(std::string_view bytes, bool binary, const std::filesystem::path& base_dir) {
    ReadBudget budget;
    if (Status s = budget.take(Budgeted::FileBytes, bytes.size(), "the file", "reading it"); !s) return Error{s.message()};
    // What tinygltf reads is checked by the project's rules first: the container's lengths, the
    // JSON's nesting and the numbers that locate data (gltf_glb.hpp, gltf_json_check.hpp).
    std::string_view whole = bytes;
    if (binary) {
        Result<gltf::GlbChunks> chunks = gltf::read_glb_chunks(bytes);
        if (!chunks) return Error{"not a glTF file it can read: " + chunks.message()};
        whole = chunks.value().whole;
        if (Status s = gltf::check_gltf_json(chunks.value().json); !s) return Error{s.message()};
    } else if (Status s = gltf::check_gltf_json(bytes); !s) {
        return Error{s.message()};
    }
    tinygltf::TinyGLTF loader;
    loader.SetImageLoader(keep_encoded_image, nullptr);
    gltf::ModelFiles files(base_dir, budget);
    loader.SetFsCallbacks(files.callbacks());
    tinygltf::Model model;
    std::string error, warning;
    const std::string& base = files.base();
    const bool loaded =
        binary ? loader.LoadBinaryFromMemory(&model, &error, &warning, reinterpret_cast<const unsigned char*>(whole.data()),
                                             static_cast<unsigned int>(whole.size()), base)
               : loader.LoadASCIIFromString(&model, &error, &warning, whole.data(), static_cast<unsigned int>(whole.size()), base);
    if (!loaded) {
        // A buffer's file that was refused stops the load (a picture's only warns): it says why in
        // our words (gltf_files.hpp), which tinygltf's message carries.
        if (!files.refused().empty() && error.find(files.refused().back()) != std::string::npos) {
            return Error{"a file it names is not read: " + files.refused().back()};
        }
        while (!error.empty() && (error.back() == '\n' || error.back() == ' ')) error.pop_back();
        return Error{"not a glTF file it can read: " + (error.empty() ? std::string("unknown error") : error)};
    }
    for (const std::string& e : model.extensionsRequired) return Error{"the file requires the extension " + e + ", which is not supported"};
    GltfImport out;
    // Images whose files were refused come in without their picture (the materials keep their
    // colour), as an image that is no PNG or JPEG does.
    for (const std::string& refused : files.refused()) out.warnings.push_back("an image file is not read: " + refused);
    list_left_out(model, out.warnings);
    Result<gltf::Scene> scene = gltf::read_scene(model, out.warnings);
    if (!scene) return Error{scene.message()};
    gltf::Joints joints;
    Result<Skeleton> skeleton = gltf::read_skeleton(model, scene.value(), joints, out.warnings);
    if (!skeleton) return Error{skeleton.message()};
    Rig rig;
    rig.dimensions = Dimensions::Three;
    rig.skeleton = std::move(skeleton).value();
    rig.pose = Pose::rest(rig.skeleton.size());
    Result<std::vector<State>> states = gltf::read_animations(model, scene.value(), rig.skeleton, joints, rig.fps, budget, out.warnings);
    if (!states) return Error{states.message()};
    rig.states = std::move(states).value();
    Result<MeshSet> meshes = gltf::read_meshes(model, scene.value(), rig.skeleton, joints, budget, out.warnings);
    if (!meshes) return Error{meshes.message()};
    // What the importer made is held to the loader's own rules, so an imported rig is always one
    // the editor can save and open: its keyed tracks by the rule the reader checks them with
    // (key_track_problem), the rest (ranges, names) written and read back. The tracks stay out
    // of that text: they are most of a long animation, and writing them out as JSON and reading
    // them back took most of an import's time (docs/performance.md).
    std::vector<std::vector<KeyTrack>> tracks(rig.states.size());
    for (std::size_t s = 0; s < rig.states.size(); ++s) {
        State& state = rig.states[s];
        std::set<std::pair<int, PoseProperty>> driven;
        for (std::size_t t = 0; t < state.tracks.size(); ++t) {
            const KeyTrack& track = state.tracks[t];
            const std::string place =
                "the imported rig breaks a rule of the rig format: states[" + std::to_string(s) + "].tracks[" + std::to_string(t) + "]";
            if (track.bone < 0 || static_cast<std::size_t>(track.bone) >= rig.skeleton.size()) return Error{place + ": not a bone"};
            if (const std::string problem = key_track_problem(track, rig.is_2d()); !problem.empty()) return Error{place + ": " + problem};
            if (!driven.emplace(track.bone, track.property).second) return Error{place + ": a second track for one property"};
        }
        tracks[s] = std::move(state.tracks);
        state.tracks.clear();
    }
    Result<std::string> text = serialize_rig(rig);
    if (!text) return Error{"the imported rig cannot be kept: " + text.message()};
    Result<Rig> checked = parse_rig(text.value());
    if (!checked) return Error{"the imported rig breaks a rule of the rig format: " + checked.message()};
    out.rig = std::move(checked).value();
    for (std::size_t s = 0; s < tracks.size(); ++s) out.rig.states[s].tracks = std::move(tracks[s]);
    out.rig.meshes = RigMeshes(std::move(meshes).value());  // held to mesh_set_problem's rules by read_meshes
    return out;
}

Result<GltfImport> import_gltf_file(const std::filesystem::path& path) {
    Result<std::string> bytes = read_text_file(path, kMaxFileBytes, "glTF file");
    if (!bytes) return Error{bytes.message()};
    // A bare name ("model.gltf") has its files beside it in the working folder.
    Result<GltfImport> imported = import_gltf(bytes.value(), is_glb_path(path), folder_of(path));
    if (!imported) return Error{path.string() + ": " + imported.message()};
    return imported;
}

}  // namespace marionette
