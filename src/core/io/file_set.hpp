#pragma once
// Outputs of several files written as one: a rig and its mesh data, a Spine skeleton with its
// atlas and pictures. One file is replaced atomically (atomic_file.hpp); a set is written in
// three steps so that a refusal, a full disk or a kill leaves no half of it:
//
//   1. every member's target is checked (a folder, a device, a pipe, a read-only file without
//      the option, a folder on the way that is a file) before anything is written;
//   2. every member is written to its temporary beside its target and flushed to disk; a failure
//      here removes them all, and any folder this write created, and the old files stay;
//   3. the temporaries are renamed over their targets in the members' order.
//
// Only step 3 changes what a reader sees, one rename at a time, each member already whole on
// disk. The caller orders the members so that the one that switches sets goes last: members
// under names of their own contents (a rig's "<name>.<hash>.mesh.bin") first, since nothing
// older names them, and the file a reader opens (the rig, the Spine skeleton) last. A kill
// during step 3 leaves the members renamed so far new and the rest old, with their temporaries
// removed by the next save of each.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/base/result.hpp"
#include "core/io/atomic_file.hpp"

namespace marionette {

struct FileSetMember {
    std::filesystem::path path;
    std::string bytes;
    // A target that already holds exactly these bytes is left as it is (not rewritten): a
    // content-named file, a picture copied again.
    bool keep_if_same = false;
};

struct FileSetOptions {
    WriteOptions write{};
    // For tests: called before member `index` is renamed over its target (step 3), so a test
    // can kill the writer between two renames.
    std::function<void(std::size_t index)> before_rename{};
};

// Writes `members` as one set, in the three steps above; folders on the way are created. Errors
// name the file: "images/head.png: write failed: No space left on device".
Status write_file_set(const std::vector<FileSetMember>& members, const FileSetOptions& options = {});

}  // namespace marionette
