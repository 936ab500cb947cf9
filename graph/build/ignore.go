package build

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// ignoreSet holds the .gitignore patterns read so far. Matching follows
// git (go-git's pattern semantics, last match wins) but answers the two
// common shapes — rooted literals ("/git-add") and bare names ("core") —
// with map lookups, so a large .gitignore does not cost a glob match per
// pattern per file.
type ignoreSet struct {
	all     []ignoreEntry
	rooted  map[string][]int // domain-relative path → pattern indexes (with domain)
	names   map[string][]int // base name → pattern indexes
	suffix  []int            // "*.ext" patterns: base name suffix
	general []int            // everything else, in order
}

type ignoreEntry struct {
	p       gitignore.Pattern
	domain  string // directory of the .gitignore ("" for the root)
	negate  bool
	dirOnly bool
	suffix  string // for "*.ext" patterns
}

const globChars = "*?[\\"

// add reads dir/.gitignore (abs path) scoped to rel.
func (s *ignoreSet) add(abs, rel string) {
	b, err := os.ReadFile(filepath.Join(abs, ".gitignore"))
	if err != nil {
		return
	}
	if s.rooted == nil {
		s.rooted, s.names = map[string][]int{}, map[string][]int{}
	}
	var domain []string
	dom := ""
	if rel != "." {
		domain = strings.Split(rel, "/")
		dom = rel
	}
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimRight(l, "\r")
		t := strings.TrimRight(l, " ")
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		e := ignoreEntry{p: gitignore.ParsePattern(l, domain), domain: dom}
		body := t
		if strings.HasPrefix(body, "!") {
			e.negate, body = true, body[1:]
		}
		if strings.HasSuffix(body, "/") {
			e.dirOnly, body = true, strings.TrimSuffix(body, "/")
		}
		idx := len(s.all)
		s.all = append(s.all, e)
		switch {
		case strings.HasPrefix(body, "*") && len(body) > 1 && !strings.ContainsAny(body[1:], globChars+"/"):
			s.all[idx].suffix = body[1:]
			s.suffix = append(s.suffix, idx)
		case strings.ContainsAny(body, globChars) || body == "":
			s.general = append(s.general, idx)
		case strings.HasPrefix(body, "/") && !strings.Contains(body[1:], "/"):
			key := joinRel(dom, body[1:])
			s.rooted[key] = append(s.rooted[key], idx)
		case !strings.Contains(body, "/"):
			s.names[body] = append(s.names[body], idx)
		default:
			s.general = append(s.general, idx)
		}
	}
}

func joinRel(dom, p string) string {
	if dom == "" {
		return p
	}
	return dom + "/" + p
}

// ignored reports whether rel (a directory when dir) is ignored. Its
// parent directories were checked (and not ignored) before, as the walk
// is top-down, so bare-name patterns only need the last component.
func (s *ignoreSet) ignored(rel string, dir bool) bool {
	if len(s.all) == 0 {
		return false
	}
	best := -1
	consider := func(idx int) {
		e := s.all[idx]
		if idx <= best || (e.dirOnly && !dir) {
			return
		}
		if e.domain != "" && !strings.HasPrefix(rel, e.domain+"/") {
			return
		}
		best = idx
	}
	for _, idx := range s.rooted[rel] {
		consider(idx)
	}
	base := rel
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		base = rel[i+1:]
	}
	for _, idx := range s.names[base] {
		consider(idx)
	}
	for _, idx := range s.suffix {
		if strings.HasSuffix(base, s.all[idx].suffix) {
			consider(idx)
		}
	}
	var parts []string
	for i := len(s.general) - 1; i >= 0; i-- {
		idx := s.general[i]
		if idx <= best {
			break
		}
		if parts == nil {
			parts = strings.Split(rel, "/")
		}
		if s.all[idx].p.Match(parts, dir) != gitignore.NoMatch {
			best = idx
			break
		}
	}
	return best >= 0 && !s.all[best].negate
}
