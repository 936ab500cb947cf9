// Package wordcount counts the words of a text.
package wordcount

import (
	"io"
	"strings"
)

// Count returns how often each word read from r occurs, case-insensitively.
func Count(r io.Reader) map[string]int {
	b, _ := io.ReadAll(r)
	counts := map[string]int{}
	for _, w := range strings.Fields(strings.ToLower(string(b))) {
		counts[strings.Trim(w, ".,;:!?\"'()")]++
	}
	delete(counts, "")
	return counts
}

// Top returns the most frequent word of counts and its count ("" when
// there is none).
func Top(counts map[string]int) (string, int) {
	best, n := "", 0
	for w, c := range counts {
		if c > n || c == n && w < best {
			best, n = w, c
		}
	}
	return best, n
}
