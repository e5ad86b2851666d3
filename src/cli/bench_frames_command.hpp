#pragma once

#include <iosfwd>
#include <string>

namespace marionette {

// `marionette --bench-frames N [FILE]`: times N frames of the editor's CPU work (solve every
// chain, FK, build draw data) on FILE or the generated benchmark rig, and prints one line:
// "frames=N bones=B chains=C median_ms=M p90_ms=P vertices=V". Returns the exit code.
int run_bench_frames(int frames, const std::string& file, std::ostream& out, std::ostream& err);

}  // namespace marionette
