"""Count words in text."""

from collections import Counter


def count(text):
    """Return a Counter of the lower-cased words of text."""
    return Counter(w.lower() for w in text.split())
