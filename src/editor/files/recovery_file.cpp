#include "editor/files/recovery_file.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/io/json/json_document.hpp"
#include "core/io/json/json_field.hpp"
#include "core/io/text_file.hpp"
#include "core/rig/rig_json.hpp"

namespace marionette {

namespace {

std::string hex(std::uint64_t v) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
    return text;
}

std::int64_t int64_member(const JsonField& f) {
    if (!f.raw().is_number_integer()) f.fail("expected an integer, got " + json_type_name(f.raw()));
    if (f.raw().is_number_unsigned() && f.raw().get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) f.fail("out of range");
    return f.raw().get<std::int64_t>();
}

FileIdentity identity(const JsonField& f) {
    f.allow_only({"size", "mtime_ns", "hash"});
    FileIdentity id;
    const std::int64_t size = int64_member(f.member("size"));
    if (size < 0) f.member("size").fail("must not be negative");
    id.size = static_cast<std::uint64_t>(size);
    id.mtime_ns = int64_member(f.member("mtime_ns"));
    const JsonField h = f.member("hash");
    const std::string text = h.string();
    char* end = nullptr;
    errno = 0;
    id.hash = std::strtoull(text.c_str(), &end, 16);
    if (text.size() != 16 || errno != 0 || *end != '\0') h.fail("expected 16 hexadecimal digits");
    return id;
}

RecoveredRig read(const Json& root) {
    const JsonField f(root, "");
    if (!root.is_object()) f.fail("expected a JSON object, got " + json_type_name(root));
    if (f.member("format").string() != kRecoveryFormatName) f.member("format").fail("not a Marionette recovery copy");
    if (f.member("version").integer() != kRecoveryFormatVersion) {
        f.member("version").fail("unsupported version " + std::to_string(f.member("version").integer()));
    }
    f.allow_only({"format", "version", "document", "disk", "pid", "host", "written_at", "rig"});
    RecoveredRig out;
    const JsonField document = f.member("document");
    if (!document.raw().is_null()) {
        out.record.document = document.non_empty_string();
        if (!out.record.document.is_absolute()) document.fail("expected an absolute path");
    }
    const JsonField disk = f.member("disk");
    if (!disk.raw().is_null()) out.record.disk = identity(disk);
    out.record.pid = static_cast<long>(int64_member(f.member("pid")));
    out.record.host = f.member("host").string();
    out.record.written_at = int64_member(f.member("written_at"));
    Result<Rig> rig = rig_from_json(f.member("rig").object());
    if (!rig) throw JsonFieldError("rig: " + rig.message());
    out.rig = std::move(rig).value();
    return out;
}

}  // namespace

Result<std::string> recovery_text(const RecoveryRecord& record, const Rig& rig) {
    Result<std::string> rig_text = serialize_rig(rig);
    if (!rig_text) return rig_text;
    Json head = Json::object();
    head["format"] = kRecoveryFormatName;
    head["version"] = kRecoveryFormatVersion;
    head["document"] = record.document.empty() ? Json(nullptr) : Json(record.document.string());
    if (record.disk) {
        head["disk"] = {{"size", record.disk->size}, {"mtime_ns", record.disk->mtime_ns}, {"hash", hex(record.disk->hash)}};
    } else {
        head["disk"] = nullptr;
    }
    head["pid"] = record.pid;
    head["host"] = record.host;
    head["written_at"] = record.written_at;
    // The record's members one a line, then the rig as its file has it.
    std::string text = "{";
    bool first = true;
    for (const auto& [key, value] : head.items()) {
        text += first ? "" : ",\n";
        first = false;
        // A path that is not UTF-8 is written with U+FFFD for its bad bytes; such a copy still
        // recovers, as an untitled-looking path the user can Save As.
        text += Json(key).dump() + ": " + value.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    text += ",\n\"rig\": " + rig_text.value();
    if (!text.empty() && text.back() == '\n') text.pop_back();
    text += "}\n";
    return text;
}

Result<RecoveredRig> parse_recovery(std::string_view text) {
    const Result<Json> root = parse_json_document(text);
    if (!root) return Error{root.message()};
    try {
        return read(root.value());
    } catch (const JsonFieldError& e) {
        return Error{e.what()};
    }
}

Result<RecoveredRig> read_recovery_file(const std::filesystem::path& file) {
    const Result<std::string> text = read_text_file(file, kMaxRecoveryFileBytes, "recovery copy");
    if (!text) return Error{text.message()};
    Result<RecoveredRig> parsed = parse_recovery(text.value());
    if (!parsed) return Error{file.string() + ": " + parsed.message()};
    return parsed;
}

}  // namespace marionette
