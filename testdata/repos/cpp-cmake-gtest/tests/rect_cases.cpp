#include "shapes.h"

// The rectangle the tests measure.
shapes::Rect twoByThree() { return shapes::Rect(2, 3); }
