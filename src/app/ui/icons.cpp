#include "app/ui/icons.hpp"

namespace marionette {

namespace {
bool g_icons = false;
}  // namespace

bool ui_icons_loaded() { return g_icons; }
void set_ui_icons_loaded(bool loaded) { g_icons = loaded; }

std::string with_icon(const char* icon, const char* text) { return g_icons ? std::string(icon) + " " + text : std::string(text); }

std::string icon_only(const char* icon, const char* text) { return g_icons ? std::string(icon) + "##" + text : std::string(text); }

}  // namespace marionette
