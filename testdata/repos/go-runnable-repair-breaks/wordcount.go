// Package wordcount counts the words of a text.
package wordcount

import "strings"

// Count returns how often each word occurs in text, case-insensitively.
func Count(text string) map[string]int {
	counts := map[string]int{}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		counts[strings.Trim(w, ".,;:!?\"'()")]++
	}
	delete(counts, "")
	return counts
}

// Top returns the most frequent word and its count ("" when text has none).
func Top(text string) (string, int) {
	best, n := "", 0
	for w, c := range Count(text) {
		if c > n || c == n && w < best {
			best, n = w, c
		}
	}
	return best, n
}
