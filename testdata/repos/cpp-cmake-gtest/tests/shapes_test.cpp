#include <gtest/gtest.h>

#include "shapes.h"

TEST(Rect, Area) { EXPECT_DOUBLE_EQ(shapes::Rect(2, 3).area(), 6); }

TEST(Rect, Perimeter) { EXPECT_DOUBLE_EQ(shapes::Rect(2, 3).perimeter(), 10); }
