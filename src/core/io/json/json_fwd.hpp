#pragma once
// The JSON value type, declared only: a header that names it in declarations includes this, not
// the library's definitions, which take seconds to parse in every file that sees them. A file
// that builds, reads or copies values includes <nlohmann/json.hpp> (or json_field.hpp).

#include <nlohmann/json_fwd.hpp>

namespace marionette {

using Json = nlohmann::ordered_json;

}  // namespace marionette
