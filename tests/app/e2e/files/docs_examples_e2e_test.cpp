// Every example in the README and docs/ runs as written: a command shown with `$` gives the
// output shown under it, a script example (```json with "steps", after an
// `<!-- example rig: PATH -->` line naming its rig) passes in the real editor, and a rig file
// example passes --check. An example that stops working fails here, not in a reader's hands.

#include <gtest/gtest.h>

#include <optional>
#include <sstream>

#include "app/app_test_support.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

const std::filesystem::path kRepo = std::filesystem::path(MARIONETTE_ASSETS).parent_path().parent_path();

struct CodeBlock {
    std::string file;      // relative to the repository
    int line = 0;          // of the opening fence
    std::string language;  // after the fence
    std::vector<std::string> lines;
    std::string rig;  // from the nearest `<!-- example rig: PATH -->` above it
};

std::vector<CodeBlock> code_blocks(const std::string& relative) {
    std::ifstream in(kRepo / relative);
    std::vector<CodeBlock> blocks;
    std::string line;
    std::string rig;
    std::optional<CodeBlock> open;
    const std::string rig_comment = "<!-- example rig: ";
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.rfind("```", 0) == 0) {
            if (open) {
                blocks.push_back(std::move(*open));
                open.reset();
                rig.clear();
            } else {
                open = CodeBlock{relative, number, line.substr(3), {}, rig};
            }
            continue;
        }
        if (open) {
            open->lines.push_back(line);
        } else if (const auto at = line.find(rig_comment); at != std::string::npos) {
            const auto from = at + rig_comment.size();
            rig = line.substr(from, line.find(' ', from) - from);
        }
    }
    return blocks;
}

std::vector<CodeBlock> all_blocks() {
    std::vector<CodeBlock> blocks = code_blocks("README.md");
    for (const auto& entry : std::filesystem::directory_iterator(kRepo / "docs")) {
        if (entry.path().extension() != ".md") continue;
        std::vector<CodeBlock> more = code_blocks("docs/" + entry.path().filename().string());
        blocks.insert(blocks.end(), more.begin(), more.end());
    }
    return blocks;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    return text;
}

// Runs `command` in `dir`; its standard output.
std::string output_of(const std::filesystem::path& dir, const std::string& command, int& status) {
    const std::filesystem::path out = dir / "stdout.txt";
    status = run("cd '" + dir.string() + "' && " + command + " > '" + out.string() + "' 2>&1");
    return read_file(out);
}

// A scratch folder where the docs' relative paths (assets/rigs/...) reach the repository's.
std::filesystem::path example_dir(const std::string& name) {
    const auto dir = scratch_dir("docs-" + name);
    std::filesystem::create_directory_symlink(kRepo / "assets", dir / "assets");
    return dir;
}

}  // namespace

TEST(DocsExamples, CommandsGiveTheOutputShown) {
    const auto dir = example_dir("commands");
    int commands = 0;
    for (const CodeBlock& b : all_blocks()) {
        for (std::size_t i = 0; i < b.lines.size(); ++i) {
            const std::string& line = b.lines[i];
            const std::string prompt = "$ ./build/marionette ";
            if (line.rfind(prompt, 0) != 0) continue;
            ++commands;
            const std::string where = b.file + ":" + std::to_string(b.line + 1 + static_cast<int>(i));
            int status = 0;
            const std::string out = output_of(dir, std::string(MARIONETTE_BINARY) + " " + line.substr(prompt.size()), status);
            EXPECT_EQ(status, 0) << where << ": " << line << "\n" << out;
            // The lines under the command, up to the next command, are its output.
            std::string shown;
            for (std::size_t k = i + 1; k < b.lines.size() && b.lines[k].rfind("$ ", 0) != 0; ++k) shown += b.lines[k] + "\n";
            EXPECT_EQ(out, shown) << where << ": " << line;
        }
    }
    EXPECT_GE(commands, 3) << "the README and user guide show --pose and --animate runs";
    std::filesystem::remove_all(dir);
}

TEST(DocsExamples, ScriptsPassInTheEditor) {
    int scripts = 0;
    for (const CodeBlock& b : all_blocks()) {
        if (b.language != "json" || joined(b.lines).find("\"steps\"") == std::string::npos) continue;
        ++scripts;
        const std::string where = b.file + ":" + std::to_string(b.line);
        ASSERT_FALSE(b.rig.empty()) << where << ": a script example needs an `<!-- example rig: PATH -->` line above it";
        const auto dir = example_dir("script-" + std::to_string(scripts));
        write_file(dir / "steps.json", joined(b.lines));
        int status = 0;
        const std::string out = output_of(dir, xvfb((kRepo / b.rig).string() + " --script steps.json"), status);
        EXPECT_EQ(status, 0) << where << " on " << b.rig << ":\n" << out;
        std::filesystem::remove_all(dir);
    }
    EXPECT_GE(scripts, 1) << "the user guide shows a script";
}

TEST(DocsExamples, RigFilesPassTheCheck) {
    int rigs = 0;
    for (const CodeBlock& b : all_blocks()) {
        const std::string text = joined(b.lines);
        if (b.language != "json" || text.find("\"format\": \"marionette-rig\"") == std::string::npos) continue;
        ++rigs;
        const std::string where = b.file + ":" + std::to_string(b.line);
        const auto dir = example_dir("rig-" + std::to_string(rigs));
        write_file(dir / "rig.json", text);
        int status = 0;
        const std::string out = output_of(dir, std::string(MARIONETTE_BINARY) + " --check rig.json", status);
        EXPECT_EQ(status, 0) << where << ":\n" << out;
        std::filesystem::remove_all(dir);
    }
    EXPECT_GE(rigs, 1) << "docs/rig-format.md shows a rig";
}
