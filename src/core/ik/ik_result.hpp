#pragma once

namespace marionette {

// What an IK solve reports.
struct IkResult {
    bool reached = false;  // the effector is within tolerance of the target
    float error = 0.0f;    // final distance from the effector's tip to the target
    int iterations = 0;    // iterations used (1 for the analytic solver)
};

}  // namespace marionette
