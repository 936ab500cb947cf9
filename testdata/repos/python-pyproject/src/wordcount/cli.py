"""Command line entry point: wordcount FILE..."""

import argparse
import sys

from wordcount import count


def main(argv=None):
    parser = argparse.ArgumentParser(prog="wordcount", description="Print the most common words.")
    parser.add_argument("files", nargs="*", help="files to read (default: stdin)")
    parser.add_argument("-n", type=int, default=3, help="how many words")
    args = parser.parse_args(argv)
    text = "".join(open(f).read() for f in args.files) if args.files else sys.stdin.read()
    for word, n in count(text).most_common(args.n):
        print(n, word)
    return 0


if __name__ == "__main__":
    sys.exit(main())
