#include <gtest/gtest.h>

#include "shapes.h"

shapes::Rect twoByThree();

TEST(Rect, Area) { EXPECT_DOUBLE_EQ(twoByThree().area(), 6); }

TEST(Rect, Perimeter) { EXPECT_DOUBLE_EQ(twoByThree().perimeter(), 10); }
