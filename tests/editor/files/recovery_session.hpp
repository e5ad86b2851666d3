#pragma once
// A recovery session the recovery tests start in a scratch folder; a test that cannot start one
// stops there, since every later step would read a session that is not there.

#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "editor/files/recovery_store.hpp"

namespace marionette::testing {

inline RecoverySession start_ok(const std::filesystem::path& folder) {
    Result<RecoverySession> s = RecoverySession::start(folder);
    if (!s.ok()) {
        ADD_FAILURE() << s.message();
        std::abort();
    }
    return std::move(s).value();
}

}  // namespace marionette::testing
