# Dear ImGui 1.86 from Debian (libimgui-dev). Its static library already contains the SDL2 and
# OpenGL3 backends; pkg-config brings in stb. The OpenGL3 backend opens libGL itself (dlopen).
find_package(PkgConfig REQUIRED)
pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET imgui)
add_library(imgui_debian INTERFACE)
target_link_libraries(imgui_debian INTERFACE PkgConfig::IMGUI ${CMAKE_DL_LIBS})
# Mark the headers as system headers so their warnings do not drown ours.
target_include_directories(imgui_debian SYSTEM INTERFACE ${IMGUI_INCLUDE_DIRS} /usr/include/imgui/backends)
