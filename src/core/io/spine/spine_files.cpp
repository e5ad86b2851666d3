#include "core/io/spine/spine_files.hpp"

#include "core/image/image_decode.hpp"
#include "core/io/file_set.hpp"
#include "core/io/text_file.hpp"

namespace marionette {

namespace fs = std::filesystem;

Result<std::vector<SpineFile>> plan_spine_files(const SpineExport& exported, const fs::path& rig_folder, const fs::path& json_path) {
    fs::path atlas_path = json_path;
    atlas_path.replace_extension(".atlas");
    const fs::path out_dir = json_path.parent_path();
    std::vector<SpineFile> files;
    for (const SpineImageCopy& copy : exported.images) {
        Result<std::vector<std::uint8_t>> bytes = read_image_file(rig_folder / copy.source);
        if (!bytes) return Error{bytes.message()};
        files.push_back(SpineFile{out_dir / copy.destination, std::string(bytes.value().begin(), bytes.value().end())});
    }
    files.push_back(SpineFile{atlas_path, exported.atlas});
    files.push_back(SpineFile{json_path, exported.json});
    return files;
}

Status write_spine_files(const std::vector<SpineFile>& files, bool replace_read_only) {
    // One set (file_set.hpp), renamed in the planned order: the skeleton, which a reader opens
    // first, last. A file that already holds its bytes (a picture or an atlas unchanged since
    // the last export) is not rewritten, so an export whose atlas is unchanged switches sets by
    // the skeleton's rename alone.
    std::vector<FileSetMember> set;
    set.reserve(files.size());
    for (const SpineFile& f : files) set.push_back(FileSetMember{f.path, f.bytes, true});
    return write_file_set(set, FileSetOptions{WriteOptions{.replace_read_only = replace_read_only}});
}

bool is_spine_json_path(const fs::path& path) { return lowercase_extension(path) == ".json"; }

}  // namespace marionette
