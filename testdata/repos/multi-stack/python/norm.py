#!/usr/bin/env python3
"""Print the norm of the numbers given as arguments."""

import sys

import vecmath

if __name__ == "__main__":
    print(vecmath.norm([float(a) for a in sys.argv[1:]]))
