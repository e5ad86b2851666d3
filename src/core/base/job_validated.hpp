#pragma once
// A job's run() is defined only on inputs its validate() accepts (it reads through the
// pointers and indices validate() checked, and the solvers' arithmetic assumes finite inputs).
// Debug builds check that at the top of every run(), and say which check failed; Release builds
// (NDEBUG) pay nothing.

#include <cstdio>
#include <cstdlib>

#include "core/base/result.hpp"

namespace marionette {

template <class Job>
void assert_validated([[maybe_unused]] const Job& job, [[maybe_unused]] const char* job_name) {
#ifndef NDEBUG
    if (const Status s = job.validate(); !s) {
        std::fprintf(stderr, "%s::run() on inputs validate() refuses: %s\n", job_name, s.message().c_str());
        std::abort();
    }
#endif
}

}  // namespace marionette
