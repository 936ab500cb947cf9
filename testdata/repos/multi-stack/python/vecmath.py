"""ctypes bindings for the vecmath C library (build it with CMake first)."""

import ctypes
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_LIB = os.environ.get("VECMATH_LIB", os.path.join(_HERE, "..", "build", "libvecmath.so"))
_lib = ctypes.CDLL(_LIB)
_lib.vm_norm.restype = ctypes.c_double
_lib.vm_norm.argtypes = [ctypes.POINTER(ctypes.c_double), ctypes.c_int]


def norm(values):
    arr = (ctypes.c_double * len(values))(*values)
    return _lib.vm_norm(arr, len(values))
