#include "core/io/psd/psd_document.hpp"

namespace marionette::psd {

std::string psd_layer_place(std::size_t record, std::string_view name) {
    return "layers[" + std::to_string(record) + "] \"" + std::string(name) + "\"";
}

}  // namespace marionette::psd
