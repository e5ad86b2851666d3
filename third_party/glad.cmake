# glad is generated at configure time from the Debian python3-glad package (glad 2).
# --reproducible makes it use the specification bundled with the package instead of the network.
set(MARIONETTE_GLAD_DIR ${CMAKE_BINARY_DIR}/glad)
set(MARIONETTE_GLAD_PYTHON /usr/bin/python3 CACHE FILEPATH "Python that can import Debian's glad module")
if(NOT EXISTS ${MARIONETTE_GLAD_DIR}/src/gl.c)
  execute_process(
    COMMAND ${MARIONETTE_GLAD_PYTHON} -m glad --reproducible --quiet --api gl:core=3.3
            --out-path ${MARIONETTE_GLAD_DIR} c
    RESULT_VARIABLE glad_result
    OUTPUT_VARIABLE glad_output
    ERROR_VARIABLE glad_output)
  if(NOT glad_result EQUAL 0 OR NOT EXISTS ${MARIONETTE_GLAD_DIR}/src/gl.c)
    message(FATAL_ERROR "glad generation failed (is python3-glad installed? run scripts/install-deps.sh):\n${glad_output}")
  endif()
endif()
add_library(glad STATIC ${MARIONETTE_GLAD_DIR}/src/gl.c)
target_include_directories(glad SYSTEM PUBLIC ${MARIONETTE_GLAD_DIR}/include)
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
