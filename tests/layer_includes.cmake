# docs/architecture.md's layers, read from every #include line under src/ (run by ctest as
# layers.includes): core, editor and cli include no SDL, OpenGL, glad, ImGui or stb header (but
# stb_image.h, which core decodes pictures with), so
# all of them build and test without a window; and no layer includes one it does not link
# (core only core; editor core and editor; cli those and cli; the app library core, editor and
# app, not cli: only the executable's main.cpp joins the two). Every offending line is listed,
# then the test fails.
#
# Usage: cmake -DSOURCE_DIR=<repository>/src -P layer_includes.cmake

cmake_minimum_required(VERSION 3.20)

if(NOT IS_DIRECTORY "${SOURCE_DIR}/core")
  message(FATAL_ERROR "layer_includes.cmake: SOURCE_DIR must be the repository's src folder, not \"${SOURCE_DIR}\"")
endif()

set(layers core editor cli app)
set(reaches_core core)
set(reaches_editor core editor)
set(reaches_cli core editor cli)
set(reaches_app core editor app)
set(window_layers app)
# The executable: it links both the command line and the app.
set(executable "${SOURCE_DIR}/app/main.cpp")
# The window's libraries: SDL (<SDL.h>, <SDL2/...>), OpenGL (<GL/...>, <GLES...>, <EGL/...>),
# glad, Dear ImGui (<imgui*.h>, its backends) and stb's writers and font rasterizer. stb_image
# itself only decodes bytes to pixels: core reads pictures with it (core/image/image_decode), which
# tinygltf there already links.
set(window_headers "^(SDL|GL/|GLES|EGL/|glad/|imgui|backends/|stb)")
set(picture_decoder "stb_image.h")
set(project_layers "^(core|editor|cli|app)/")

set(problems "")
set(checked 0)
foreach(layer IN LISTS layers)
  file(GLOB_RECURSE sources "${SOURCE_DIR}/${layer}/*.cpp" "${SOURCE_DIR}/${layer}/*.hpp" "${SOURCE_DIR}/${layer}/*.h")
  list(REMOVE_ITEM sources "${executable}")
  foreach(source IN LISTS sources)
    math(EXPR checked "${checked} + 1")
    file(RELATIVE_PATH name "${SOURCE_DIR}/.." "${source}")
    file(STRINGS "${source}" includes REGEX "^[ \t]*#[ \t]*include")
    foreach(line IN LISTS includes)
      if(NOT line MATCHES "#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"]")
        list(APPEND problems "${name}: an include this check cannot read: ${line}")
        continue()
      endif()
      set(header "${CMAKE_MATCH_1}")
      if(header MATCHES "${window_headers}" AND NOT header STREQUAL picture_decoder)
        if(NOT layer IN_LIST window_layers)
          list(APPEND problems "${name}: includes <${header}>, a window library's header (only src/app may)")
        endif()
      elseif(header MATCHES "${project_layers}")
        string(REGEX REPLACE "/.*" "" included_layer "${header}")
        if(NOT included_layer IN_LIST reaches_${layer})
          list(APPEND problems "${name}: includes \"${header}\", from ${included_layer}, which ${layer} does not link")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()

if(checked EQUAL 0)
  message(FATAL_ERROR "layer_includes.cmake: no sources found under ${SOURCE_DIR}")
endif()
if(problems)
  list(JOIN problems "\n  " listed)
  message(FATAL_ERROR "The layers of docs/architecture.md are broken:\n  ${listed}")
endif()
message(STATUS "layers: ${checked} files checked, each includes only layers its own links")
