#pragma once

namespace shapes {

class Rect {
public:
    Rect(double w, double h) : w_(w), h_(h) {}
    double area() const;
    double perimeter() const;

private:
    double w_, h_;
};

}  // namespace shapes
