// An editor left alone sleeps (issue 21, point 6): the real window, opened on the hero with
// nothing playing and nothing touched, uses almost no CPU, where a loop that drew every frame
// would use a good part of a core; a playing state still animates.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "app/app_test_support.hpp"
#include "app/e2e/saved_rigs.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

// The CPU the editor (not its X server) used over `seconds`, once it had been up 3 s (found
// within 30 s, for a loaded machine), as a share of one core.
double idle_cpu_share(const std::filesystem::path& dir, const std::string& rig, int seconds) {
    const std::string env = "MARIONETTE_CONFIG_DIR=" + (dir / "config").string() + " ";
    const std::string editor = std::string(MARIONETTE_BINARY);
    const std::string pid_file = (dir / "pid").string();
    // The editor's own process id, from a shell that becomes it (exec): no process search.
    const std::string script = "set -u\n" + env + xvfb_run() + "bash -c 'echo $$ > " + pid_file + "; exec " + editor +
                               " --window 1000x700 " + (dir / rig).string() + "' > " + (dir / "log").string() + " 2>&1 &\n" +
                               "for i in $(seq 60); do\n" + "  [ -s " + pid_file + " ] && break\n" + "  sleep 0.5\n" + "done\n" +
                               "pid=$(cat " + pid_file + ")\n" + "sleep 3\n" + "a=$(awk '{print $14 + $15}' /proc/$pid/stat)\n" + "sleep " +
                               std::to_string(seconds) + "\n" + "b=$(awk '{print $14 + $15}' /proc/$pid/stat)\n" +
                               "echo $((b - a)) $(getconf CLK_TCK) > " + (dir / "cpu").string() + "\n" + "kill -TERM $pid\nwait\n";
    write_file(dir / "idle.sh", script);
    EXPECT_EQ(run("bash " + (dir / "idle.sh").string()), 0) << read_file(dir / "log");
    std::istringstream in(read_file(dir / "cpu"));
    double ticks = -1.0, hz = 0.0;
    in >> ticks >> hz;
    EXPECT_GT(hz, 0.0) << read_file(dir / "cpu");
    return hz > 0.0 ? ticks / hz / seconds : 1.0;
}

}  // namespace

TEST(IdleEditor, SleepsWhenNothingHappens) {
    const auto dir = scratch_dir("e2e-idle");
    shipped_at_rest(dir, "hero.json");
    const double share = idle_cpu_share(dir, "hero.json", 4);
    // A loop drawing every frame under Xvfb's software GL uses 30% of a core or more; asleep it
    // is under 1% (docs/performance.md). The bound leaves room for a loaded machine.
    EXPECT_LT(share, 0.05) << "the idle editor kept drawing";
    std::filesystem::remove_all(dir);
}
