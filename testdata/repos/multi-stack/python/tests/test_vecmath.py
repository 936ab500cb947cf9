import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import vecmath  # noqa: E402


class NormTest(unittest.TestCase):
    def test_norm(self):
        self.assertEqual(vecmath.norm([3.0, 4.0]), 5.0)


if __name__ == "__main__":
    unittest.main()
