#include "fuzz/spine_skeleton_check.hpp"

#include "core/io/spine_import/spine_import.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette::fuzzing {

Violation check_spine_skeleton_text(std::string_view text) {
    const Result<ImportedRig> imported = import_spine(text, nullptr, {}, "pictures");
    if (!imported) {
        const std::string& m = imported.message();
        if (m.empty()) return "an error without a message";
        if (m.rfind("the imported rig", 0) == 0) return "the import made a rig the loader refuses: " + m;
        return {};
    }
    const ImportedRig& r = imported.value();
    const Result<Rig> again = parse_rig(r.rig_json);
    if (!again) return "the imported rig's text does not read back: " + again.message();
    if (!(again.value() == r.rig)) return "the imported rig reads back different";
    if (!r.pictures.empty()) return "pictures without an atlas";
    return {};
}

}  // namespace marionette::fuzzing
