// The recovery copy's file: the rig and the record of whose unsaved work it is, read back as
// written; a file that is not one is refused with the place of the problem.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "core/rig/rig_json.hpp"
#include "core/test_files.hpp"
#include "editor/edit_test_rigs.hpp"
#include "editor/files/recovery_file.hpp"

using namespace marionette;
using namespace marionette::testing;

namespace {

RecoveryRecord arm_record() {
    RecoveryRecord r;
    r.document = "/home/ada/rigs/arm.json";
    r.disk = FileIdentity{2301, 1'763'730'000'123'456'789, 0x8c1f0e2a9b3d4c5eull};
    r.pid = 4242;
    r.host = "ada-laptop";
    r.written_at = 1'763'730'123;
    return r;
}

std::string parse_error(const std::string& text) {
    Result<RecoveredRig> r = parse_recovery(text);
    EXPECT_FALSE(r.ok());
    return r.ok() ? std::string() : r.message();
}

// A valid copy's text with one member's value replaced (`to` is raw JSON).
std::string with_member(const std::string& key, const std::string& to) {
    Json j = Json::parse(recovery_text(arm_record(), figure_2d()).value());
    j[key] = Json::parse(to);
    return j.dump();
}

}  // namespace

TEST(RecoveryFile, ReadsBackTheRecordAndTheRig) {
    const Rig rig = figure_2d();
    const Result<std::string> text = recovery_text(arm_record(), rig);
    ASSERT_TRUE(text.ok()) << text.message();
    const Result<RecoveredRig> back = parse_recovery(text.value());
    ASSERT_TRUE(back.ok()) << back.message();
    const RecoveryRecord& r = back.value().record;
    EXPECT_EQ(r.document, "/home/ada/rigs/arm.json");
    ASSERT_TRUE(r.disk);
    EXPECT_EQ(*r.disk, *arm_record().disk);
    EXPECT_EQ(r.pid, 4242);
    EXPECT_EQ(r.host, "ada-laptop");
    EXPECT_EQ(r.written_at, 1'763'730'123);
    EXPECT_EQ(serialize_rig(back.value().rig).value(), serialize_rig(rig).value()) << "the rig changed on its way through the copy";
}

TEST(RecoveryFile, UntitledRigHasNoDocumentAndNoDisk) {
    RecoveryRecord r = arm_record();
    r.document.clear();
    r.disk.reset();
    const Result<RecoveredRig> back = parse_recovery(recovery_text(r, figure_3d()).value());
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_TRUE(back.value().record.document.empty());
    EXPECT_FALSE(back.value().record.disk);
    EXPECT_FALSE(back.value().rig.is_2d());
}

TEST(RecoveryFile, TheRigPartIsTheRigFileFormat) {
    const Json j = Json::parse(recovery_text(arm_record(), figure_2d()).value());
    EXPECT_EQ(j["format"], "marionette-recovery");
    EXPECT_EQ(j["rig"]["format"], "marionette-rig");
    EXPECT_EQ(j["disk"]["hash"], "8c1f0e2a9b3d4c5e");
}

TEST(RecoveryFile, ErrorsNameThePlace) {
    EXPECT_NE(parse_error("{\"format\": ").find("not valid JSON"), std::string::npos);
    EXPECT_NE(parse_error("[]").find("expected a JSON object"), std::string::npos);
    EXPECT_NE(parse_error(with_member("format", "\"marionette-rig\"")).find("format: not a Marionette recovery copy"), std::string::npos);
    EXPECT_NE(parse_error(with_member("version", "2")).find("version: unsupported version 2"), std::string::npos);
    EXPECT_NE(parse_error(with_member("document", "\"arm.json\"")).find("document: expected an absolute path"), std::string::npos);
    EXPECT_NE(parse_error(with_member("written_at", "\"today\"")).find("written_at: expected an integer, got string"), std::string::npos);
    EXPECT_NE(
        parse_error(with_member("disk", R"({"size": 1, "mtime_ns": 2, "hash": "xyz"})")).find("disk.hash: expected 16 hexadecimal digits"),
        std::string::npos);
    const std::string bad_rig = parse_error(with_member(
        "rig", R"({"format": "marionette-rig", "version": 1, "dimensions": 2, "bones": [{"name": "a", "parent": "zz", "length": 1}]})"));
    EXPECT_NE(bad_rig.find("rig: bones[0].parent"), std::string::npos) << bad_rig;
    EXPECT_NE(parse_error(with_member("extra", "1")).find("extra"), std::string::npos);
}

TEST(RecoveryFile, ReadErrorsStartWithThePath) {
    ScratchDir dir;
    const Result<RecoveredRig> missing = read_recovery_file(dir / "nope.json");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message().rfind((dir / "nope.json").string() + ": cannot open", 0), 0u) << missing.message();
    write_file(dir / "half.json", recovery_text(arm_record(), figure_2d()).value().substr(0, 200));
    const Result<RecoveredRig> half = read_recovery_file(dir / "half.json");
    ASSERT_FALSE(half.ok());
    EXPECT_EQ(half.message().rfind((dir / "half.json").string() + ": not valid JSON", 0), 0u) << half.message();
}

// The recovery folder may hold anything: a pipe blocked the start, a link to /dev/zero was read
// until memory ran out, and deep JSON overflowed the stack.
TEST(RecoveryFile, OnlyRegularFilesOfBoundedSizeAreRead) {
    ScratchDir dir;
    const std::filesystem::path fifo = dir / "1-fifo.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
    const Result<RecoveredRig> from_pipe = read_recovery_file(fifo);
    ASSERT_FALSE(from_pipe.ok());
    EXPECT_NE(from_pipe.message().find("not a regular file"), std::string::npos) << from_pipe.message();

    std::filesystem::create_symlink("/dev/zero", dir / "2-zero.json");
    const Result<RecoveredRig> from_zero = read_recovery_file(dir / "2-zero.json");
    ASSERT_FALSE(from_zero.ok());
    EXPECT_NE(from_zero.message().find("not a regular file"), std::string::npos) << from_zero.message();

    write_file(dir / "3-big.json", "x");
    std::filesystem::resize_file(dir / "3-big.json", kMaxRecoveryFileBytes + 1);
    const Result<RecoveredRig> big = read_recovery_file(dir / "3-big.json");
    ASSERT_FALSE(big.ok());
    EXPECT_NE(big.message().find("a recovery copy may be at most"), std::string::npos) << big.message();

    const std::string deep = parse_error("{\"format\": " + std::string(90'000, '[') + "}");
    EXPECT_NE(deep.find("format[0][0]"), std::string::npos) << deep;
    EXPECT_NE(deep.find("nested deeper than 64 levels"), std::string::npos) << deep;
    EXPECT_NE(parse_error(R"({"pid": 1, "pid": 2})").find("\"pid\" is given twice"), std::string::npos);
}
