package results

import (
	"path"
	"strings"
)

// IsResultFile reports whether rel (a slash-separated path relative to the
// repository) matches one of ResultFilePatterns.
func IsResultFile(rel string) bool {
	segs := strings.Split(strings.TrimPrefix(rel, "./"), "/")
	for _, p := range resultFilePatterns {
		if globMatch(strings.Split(p, "/"), segs) {
			return true
		}
	}
	return false
}

// ResultFileNames returns the base-name patterns of ResultFilePatterns
// (for a `find -name` prefilter).
func ResultFileNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range resultFilePatterns {
		b := path.Base(p)
		if !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

// globMatch matches path segments with "**" standing for any number of
// segments and path.Match for the others.
func globMatch(pat, segs []string) bool {
	if len(pat) == 0 {
		return len(segs) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(segs); i++ {
			if globMatch(pat[1:], segs[i:]) {
				return true
			}
		}
		return false
	}
	if len(segs) == 0 {
		return false
	}
	ok, err := path.Match(pat[0], segs[0])
	return err == nil && ok && globMatch(pat[1:], segs[1:])
}
