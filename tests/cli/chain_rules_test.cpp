// A chain's settings follow one set of rules (core/ik/chain_rules.hpp) wherever a value comes in:
// a rig file, an edit in the editor, the command line. Each rule's edges are tried in each.

#include "core/ik/chain_rules.hpp"

#include <gtest/gtest.h>

#include "cli/command_line.hpp"
#include "core/rig/rig_json.hpp"
#include "editor/edits/edits.hpp"

namespace marionette {
namespace {

// A 2D arm whose chains carry `ccd` and `two_bone` as their settings' JSON.
Result<Rig> arm_with(const std::string& ccd, const std::string& two_bone) {
    return parse_rig(R"({"format": "marionette-rig", "version": 1, "dimensions": 2,
      "bones": [{"name": "upper", "length": 10}, {"name": "lower", "parent": "upper", "length": 10, "translation": [10, 0]}],
      "chains": [{"name": "reach", "root": "upper", "effector": "lower", "solver": "ccd", "settings": )" +
                     ccd + R"(},
                 {"name": "arm", "root": "upper", "effector": "lower", "solver": "two_bone", "settings": )" +
                     two_bone + R"(}]})");
}

Rig plain_arm() { return arm_with("{}", "{}").value(); }

bool cli_takes_iterations(int n) {
    return parse_command_line(
               {"--pose", "arm.json", "--chain", "reach", "--target", "1,2", "--out", "o.json", "--iterations", std::to_string(n)})
        .ok();
}

TEST(ChainRules, IterationsHaveTheSameBoundsEverywhere) {
    for (const int n : {kMinIterations - 1, kMinIterations, kMaxIterations, kMaxIterations + 1}) {
        const bool allowed = !iterations_problem(n).has_value();
        EXPECT_EQ(allowed, n >= 1 && n <= 10000) << n;
        EXPECT_EQ(arm_with(R"({"iterations": )" + std::to_string(n) + "}", "{}").ok(), allowed) << "file, " << n;
        EXPECT_EQ(set_chain_settings(plain_arm(), 0, CcdSettings{n, 0.1f, 1.0f}).ok(), allowed) << "edit, " << n;
        if (n >= 1) {
            EXPECT_EQ(cli_takes_iterations(n), allowed) << "command line, " << n;
        }
    }
    const Result<Rig> refused = arm_with(R"({"iterations": 10001})", "{}");
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.message().find("chains[0].settings.iterations: must be between 1 and 10000"), std::string::npos) << refused.message();
}

TEST(ChainRules, SoftnessToleranceStepAndBendAgreeBetweenFileAndEdit) {
    for (const float softness : {-0.01f, 0.0f, 1.0f, 1.01f}) {
        const bool allowed = !softness_problem(softness).has_value();
        EXPECT_EQ(allowed, softness >= 0.0f && softness <= 1.0f);
        EXPECT_EQ(arm_with("{}", R"({"softness": )" + std::to_string(softness) + "}").ok(), allowed) << softness;
        TwoBoneSettings s;
        s.softness = softness;
        EXPECT_EQ(set_chain_settings(plain_arm(), 1, s).ok(), allowed) << softness;
    }
    for (const float tolerance : {0.0f, 1e-6f}) {
        const bool allowed = !tolerance_problem(tolerance).has_value();
        EXPECT_EQ(allowed, tolerance > 0.0f);
        EXPECT_EQ(arm_with(R"({"tolerance": )" + std::to_string(tolerance) + "}", "{}").ok(), allowed) << tolerance;
        EXPECT_EQ(set_chain_settings(plain_arm(), 0, CcdSettings{20, tolerance, 1.0f}).ok(), allowed) << tolerance;
    }
    for (const int degrees : {0, 1, kMaxStepDegrees, kMaxStepDegrees + 1}) {
        const float radians = static_cast<float>(degrees) * 0.01745329252f;
        const bool allowed = !max_step_problem(radians).has_value();
        EXPECT_EQ(allowed, degrees > 0 && degrees <= 180) << degrees;
        EXPECT_EQ(arm_with(R"({"max_step": )" + std::to_string(degrees) + "}", "{}").ok(), allowed) << degrees;
        EXPECT_EQ(set_chain_settings(plain_arm(), 0, CcdSettings{20, 0.1f, radians}).ok(), allowed) << degrees;
    }
    for (const int bend : {-2, -1, 0, 1, 2}) {
        const bool allowed = !bend_problem(bend).has_value();
        EXPECT_EQ(allowed, bend == 1 || bend == -1);
        EXPECT_EQ(arm_with("{}", R"({"bend": )" + std::to_string(bend) + "}").ok(), allowed) << bend;
        TwoBoneSettings s;
        s.bend = bend;
        EXPECT_EQ(set_chain_settings(plain_arm(), 1, s).ok(), allowed) << bend;
    }
}

}  // namespace
}  // namespace marionette
