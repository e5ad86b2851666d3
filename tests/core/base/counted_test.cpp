// Counts in messages: one of a thing is singular, any other number plural.

#include <gtest/gtest.h>

#include "core/base/counted.hpp"

using namespace marionette;

TEST(Counted, OneIsSingularEveryOtherCountPlural) {
    EXPECT_EQ(counted(1, "animation"), "1 animation");
    EXPECT_EQ(counted(0, "animation"), "0 animations");
    EXPECT_EQ(counted(2, "bone"), "2 bones");
    EXPECT_EQ(counted(11, "key"), "11 keys");
}
