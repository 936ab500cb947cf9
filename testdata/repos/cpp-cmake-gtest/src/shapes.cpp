#include "shapes.h"

namespace shapes {

double Rect::area() const { return w_ * h_; }
double Rect::perimeter() const { return 2 * (w_ + h_); }

}  // namespace shapes
