package pyramid

import (
	"fmt"
	"github.com/heragent/heragent/retrieval"
	"regexp"
	"strconv"
	"strings"
)

var matrixRe = regexp.MustCompile(`\$\{\{\s*matrix\.([\w-]+)\s*\}\}`)

// includeRe is a matrix include entry's key as the graph stores it:
// "include[i].key".
var includeRe = regexp.MustCompile(`^include\[(\d+)\]\.(.+)$`)

// ciMatrix is a CI job's strategy matrix as the graph stores it: the
// lists of values ("key=v1,v2") and the include entries (one
// "include[i].key=value" each), which may be the whole matrix (tmux's
// regress job: {runner: ubuntu-24.04, make: make}, {runner: macos-26,
// make: gmake}; the step runs `${{ matrix.make }}`).
type ciMatrix struct {
	base    map[string][]string
	include []map[string]string
}

func parseMatrix(entries []string) ciMatrix {
	m := ciMatrix{base: map[string][]string{}}
	for _, kv := range entries {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if g := includeRe.FindStringSubmatch(k); g != nil {
			i, _ := strconv.Atoi(g[1])
			for len(m.include) <= i {
				m.include = append(m.include, map[string]string{})
			}
			m.include[i][g[2]] = v
			continue
		}
		m.base[k] = strings.Split(v, ",")
	}
	return m
}

// foreignEntry is an include entry for another OS: one of its values
// names a Windows or macOS runner (runner: macos-26, os: windows-latest).
func foreignEntry(e map[string]string) bool {
	for _, v := range e {
		if retrieval.ForeignRunner.MatchString(strings.TrimSpace(v)) {
			return true
		}
	}
	return false
}

// first is the job's first combination for this Linux container: each
// listed key's first value, extended by the include entries that match
// it (GitHub's rule: an entry whose keys agree with the combination adds
// its other keys); a matrix of include entries only is its first entry
// that is not for another OS.
func (m ciMatrix) first() map[string]string {
	combo := map[string]string{}
	for k, v := range m.base {
		if len(v) > 0 {
			combo[k] = v[0]
		}
	}
	if len(m.base) == 0 {
		for _, e := range m.include {
			if len(e) > 0 && !foreignEntry(e) {
				return e
			}
		}
		return combo
	}
	for _, e := range m.include {
		if foreignEntry(e) {
			continue
		}
		agree := true
		for k, v := range e {
			if c, ok := combo[k]; ok && len(m.base[k]) > 0 && c != v {
				agree = false
			}
		}
		if agree {
			for k, v := range e {
				if _, ok := combo[k]; !ok {
					combo[k] = v
				}
			}
		}
	}
	return combo
}

// values are every value key takes in the matrix, listed and included.
func (m ciMatrix) values(key string) []string {
	out := append([]string(nil), m.base[key]...)
	for _, e := range m.include {
		if v, ok := e[key]; ok {
			out = append(out, v)
		}
	}
	return out
}

// expandMatrix substitutes ${{ matrix.K }} with K's value in the job's
// first combination; the note says which values were taken.
func expandMatrix(text string, entries []string) (string, string) {
	m := parseMatrix(entries)
	combo := m.first()
	var used []string
	text = matrixRe.ReplaceAllStringFunc(text, func(s string) string {
		k := matrixRe.FindStringSubmatch(s)[1]
		v, ok := combo[k]
		if !ok || v == "" && len(m.base[k]) > 0 {
			return s // unknown: left as a placeholder, dropped by the classifier
		}
		used = append(used, fmt.Sprintf("matrix %s=%s of %s", k, v, strings.Join(m.values(k), ",")))
		return v
	})
	return text, strings.Join(used, "; ")
}
