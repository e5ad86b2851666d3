#include "core/io/gltf/gltf_files.hpp"

#include <tiny_gltf.h>

#include "core/io/text_file.hpp"

namespace marionette::gltf {

namespace {

// Whether `inner` lies in `folder` or below it (both canonical).
bool inside(const std::filesystem::path& inner, const std::filesystem::path& folder) {
    auto f = folder.begin();
    auto i = inner.begin();
    for (; f != folder.end(); ++f, ++i) {
        if (i == inner.end() || *i != *f) return false;
    }
    return true;
}

}  // namespace

ModelFiles::ModelFiles(const std::filesystem::path& folder, ReadBudget& budget)
    : given_(folder), budget_(budget), model_bytes_(budget.used(Budgeted::FileBytes)) {
    no_folder_ = folder.empty();
    base_ = no_folder_ ? std::string("(no folder)") : folder.string();
    if (no_folder_) return;
    std::error_code ec;
    folder_ = std::filesystem::canonical(folder, ec);
    if (ec) folder_.clear();  // a folder that cannot be resolved: nothing in it can be read
}

tinygltf::FsCallbacks ModelFiles::callbacks() { return tinygltf::FsCallbacks{exists, expand, read, write, this}; }

// Every name "exists", so that tinygltf asks to read it at the first place it joins (the model's
// folder) and the read says why a name is refused; tinygltf would otherwise look in the working
// folder next.
bool ModelFiles::exists(const std::string&, void*) { return true; }

// No expansion of `~` or `$VARIABLES`, as tinygltf's own would do: a URI names a file beside the
// model, nothing else.
std::string ModelFiles::expand(const std::string& path, void*) { return path; }

bool ModelFiles::read(std::vector<unsigned char>* out, std::string* error, const std::string& path, void* self_pointer) {
    auto& self = *static_cast<ModelFiles*>(self_pointer);
    // tinygltf joins the folder it was given and the URI with a '/'; the message names the URI.
    std::string uri = path;
    std::string prefix = self.base_;
    if (prefix.empty() || prefix.back() != '/') prefix += '/';
    if (uri.compare(0, prefix.size(), prefix) == 0) uri.erase(0, prefix.size());
    const auto refuse = [&](const std::string& why) {
        self.refused_.push_back(uri + ": " + why);
        if (error) *error += uri + ": " + why + "\n";
        return false;
    };
    if (self.no_folder_) return refuse("not read: the model was given without its folder");
    if (uri.empty()) return refuse("names no file");
    if (std::filesystem::path(uri).is_absolute()) return refuse("is an absolute path; a model may name only files in its own folder");
    std::error_code ec;
    const std::filesystem::path resolved = std::filesystem::weakly_canonical(self.given_ / uri, ec);
    if (ec || self.folder_.empty())
        return refuse("cannot be found (" + (ec ? ec.message() : std::string("the model's folder cannot be resolved")) + ")");
    if (!inside(resolved, self.folder_)) return refuse("is outside the model's folder; a model may name only files in its own folder");
    // The budget's bytes left, so that many files each under the limit cannot add up past it:
    // said as such when the size alone refuses a file (a status does not open it, so a FIFO
    // cannot block here).
    const std::uintmax_t left = self.budget_.left(Budgeted::FileBytes);
    if (std::filesystem::is_regular_file(resolved, ec)) {
        const std::uintmax_t size = std::filesystem::file_size(resolved, ec);
        if (!ec && size > left) {
            const bool others = self.budget_.used(Budgeted::FileBytes) > self.model_bytes_;
            return refuse("is " + megabytes_text(size) + "; a model and the files it names may take " + megabytes_text(kMaxFileBytes) +
                          " together" + (others ? ", and its other files leave " + megabytes_text(left) : std::string()));
        }
    }
    Result<std::vector<unsigned char>> bytes = read_binary_file(resolved, left, "buffer or image file");
    if (!bytes) {
        std::string why = bytes.message();
        if (why.compare(0, resolved.string().size() + 2, resolved.string() + ": ") == 0) why.erase(0, resolved.string().size() + 2);
        return refuse(why);
    }
    if (Status s = self.budget_.take(Budgeted::FileBytes, bytes.value().size(), uri, "reading it"); !s)
        return refuse(s.message().substr(uri.size() + 2));
    *out = std::move(bytes).value();
    return true;
}

bool ModelFiles::write(std::string*, const std::string&, const std::vector<unsigned char>&, void*) { return false; }

}  // namespace marionette::gltf
