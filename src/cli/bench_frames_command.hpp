#pragma once

#include <iosfwd>
#include <string>

namespace marionette {

// `marionette --bench-frames N [FILE] [--bones B] [--chains C]`: times N frames of the editor's
// CPU work (solve every chain, FK, build draw data) on FILE or a generated rig (editor/
// benchmark_rig.hpp: C arms sharing B - 1 bones, each ending in a chain; 0 for the default
// 1,001 bones and 10 chains), and prints one line:
// "frames=N bones=B chains=C median_ms=M p90_ms=P instances=I vertices=V" (I bone instances; V corners of triangles built on the CPU). Returns the exit code.
int run_bench_frames(int frames, const std::string& file, std::ostream& out, std::ostream& err, int bones = 0, int chains = 0);

}  // namespace marionette
