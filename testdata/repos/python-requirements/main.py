"""Print the greetings of a YAML config: python main.py [config.yaml]"""

import sys

from greet import greetings, load


def main(argv):
    path = argv[1] if len(argv) > 1 else "config.yaml"
    for line in greetings(load(path)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
