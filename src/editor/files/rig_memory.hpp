#pragma once
// An estimate of the memory a Rig holds, for the undo history's budget: it need not be exact,
// only grow with what grows (bones, chains, states, names, editor data).

#include <cstddef>

#include "core/rig/rig.hpp"

namespace marionette {

std::size_t estimated_rig_bytes(const Rig& rig);

}  // namespace marionette
