import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from greet import greetings, load  # noqa: E402


class GreetTest(unittest.TestCase):
    def test_greetings(self):
        self.assertEqual(greetings({"greeting": "Hi", "names": ["A"]}), ["Hi, A!"])

    def test_load(self):
        cfg = load(os.path.join(os.path.dirname(__file__), "..", "config.yaml"))
        self.assertEqual(cfg["greeting"], "Hello")


if __name__ == "__main__":
    unittest.main()
