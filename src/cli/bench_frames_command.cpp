#include "cli/bench_frames_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ostream>
#include <vector>

#include "cli/printed_line.hpp"
#include "core/rig/opened_rig.hpp"
#include "core/rig/rig_file.hpp"
#include "editor/script/benchmark_rig.hpp"
#include "editor/ui/frame_workload.hpp"

namespace marionette {

int run_bench_frames(int frames, const std::string& file, std::ostream& out, std::ostream& err, int bones, int chains) {
    Rig rig;
    if (file.empty()) {
        const int arms = chains > 0 ? chains : 10;
        rig = make_benchmark_rig(arms, ((bones > 0 ? bones : 1001) - 1) / arms);
    } else {
        Result<OpenedRig> loaded = open_rig_file(file);
        if (!loaded) return print_failure(err, loaded.message());
        print_warnings(err, loaded.value().warnings);
        rig = std::move(loaded.value().rig);
    }
    FrameWorkload workload(rig);
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        // CPU time of this thread, not wall time: other processes on the machine do not count.
        std::timespec a{};
        std::timespec b{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
        workload.run(static_cast<float>(f) / 60.0f);
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
        ms.push_back(static_cast<double>(b.tv_sec - a.tv_sec) * 1e3 + static_cast<double>(b.tv_nsec - a.tv_nsec) * 1e-6);
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    const double p90 = ms[std::min(ms.size() - 1, ms.size() * 9 / 10)];
    char line[256];
    std::snprintf(line, sizeof line, "frames=%d bones=%zu chains=%zu median_ms=%.4f p90_ms=%.4f instances=%zu vertices=%zu", frames,
                  rig.skeleton.size(), rig.chains.size(), median, p90, workload.bone_instance_count(), workload.vertex_count());
    print_line(out, line);
    return 0;
}

}  // namespace marionette
