#include <cstdlib>
#include <iostream>

#include "shapes.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        std::cerr << "usage: shapes-cli W H\n";
        return 2;
    }
    shapes::Rect r(std::atof(argv[1]), std::atof(argv[2]));
    std::cout << r.area() << " " << r.perimeter() << "\n";
    return 0;
}
