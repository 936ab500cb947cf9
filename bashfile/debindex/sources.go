package debindex

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultMirror is used when no apt source names a Debian archive.
const DefaultMirror = "http://deb.debian.org/debian"

// AptSource is one entry of apt's sources, in either the one-line
// (sources.list) or the deb822 (*.sources) format.
type AptSource struct {
	Types      []string // "deb", "deb-src"
	URIs       []string
	Suites     []string
	Components []string
	Enabled    bool
}

// ReadAptSources reads root/etc/apt/sources.list and
// root/etc/apt/sources.list.d/*.list and *.sources; root is "/" normally
// and a fixture directory in tests. Missing files are not errors.
func ReadAptSources(root string) ([]AptSource, error) {
	dir := filepath.Join(root, "etc/apt")
	files := []string{filepath.Join(dir, "sources.list")}
	for _, pat := range []string{"*.list", "*.sources"} {
		m, err := filepath.Glob(filepath.Join(dir, "sources.list.d", pat))
		if err != nil {
			return nil, fmt.Errorf("list apt sources: %w", err)
		}
		files = append(files, m...)
	}
	var out []AptSource
	for _, name := range files {
		f, err := os.Open(name)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read apt sources: %w", err)
		}
		var srcs []AptSource
		if strings.HasSuffix(name, ".sources") {
			srcs, err = ParseDeb822Sources(f)
		} else {
			srcs, err = ParseSourcesList(f)
		}
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("parse %s: %w", name, err)
		}
		out = append(out, srcs...)
	}
	return out, nil
}

// ParseSourcesList parses the one-line format:
//
//	deb [arch=amd64 signed-by=...] http://deb.debian.org/debian bookworm main contrib
func ParseSourcesList(r io.Reader) ([]AptSource, error) {
	var out []AptSource
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		typ, rest, ok := strings.Cut(line, " ")
		if !ok || (typ != "deb" && typ != "deb-src") {
			continue
		}
		rest = strings.TrimSpace(rest)
		if strings.HasPrefix(rest, "[") {
			i := strings.IndexByte(rest, ']')
			if i < 0 {
				continue
			}
			rest = rest[i+1:]
		}
		f := strings.Fields(rest)
		if len(f) < 2 {
			continue
		}
		out = append(out, AptSource{Types: []string{typ}, URIs: f[:1], Suites: f[1:2], Components: f[2:], Enabled: true})
	}
	return out, sc.Err()
}

// ParseDeb822Sources parses the deb822 format of *.sources files:
// paragraphs of "Field: value" separated by blank lines.
func ParseDeb822Sources(r io.Reader) ([]AptSource, error) {
	var out []AptSource
	fields := map[string]string{}
	last := ""
	flush := func() {
		if len(fields) > 0 {
			out = append(out, AptSource{
				Types:      strings.Fields(fields["types"]),
				URIs:       strings.Fields(fields["uris"]),
				Suites:     strings.Fields(fields["suites"]),
				Components: strings.Fields(fields["components"]),
				Enabled:    !strings.EqualFold(strings.TrimSpace(fields["enabled"]), "no"),
			})
		}
		fields = map[string]string{}
		last = ""
	}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "#"):
			continue
		case strings.TrimSpace(line) == "":
			flush()
		case line[0] == ' ' || line[0] == '\t':
			if last != "" {
				fields[last] += " " + strings.TrimSpace(line)
			}
		default:
			k, v, ok := strings.Cut(line, ":")
			if !ok {
				continue
			}
			last = strings.ToLower(strings.TrimSpace(k))
			fields[last] = strings.TrimSpace(v)
		}
	}
	flush()
	return out, sc.Err()
}

// MirrorFor picks the archive URI apt uses for suite's main component:
// an enabled "deb" source listing that suite, preferring a URI whose last
// path element is "debian" (the main archive, not -security or a
// third-party repository). ok is false when none matches.
func MirrorFor(srcs []AptSource, suite string) (uri string, ok bool) {
	best := -1
	for _, s := range srcs {
		if !s.Enabled || !slices.Contains(s.Types, "deb") || !slices.Contains(s.Suites, suite) {
			continue
		}
		if len(s.Components) > 0 && !slices.Contains(s.Components, "main") {
			continue
		}
		for _, u := range s.URIs {
			u = strings.TrimRight(u, "/")
			score := 1
			if strings.HasSuffix(u, "/debian") {
				score = 2
			}
			if score > best {
				best, uri = score, u
			}
		}
	}
	return uri, best > 0
}

// HostMirror returns the Debian archive the APT configuration under root
// ("/" for the host) uses for suite. When no source lists that suite (the
// host runs another release), any Debian main archive it names is used,
// and DefaultMirror when it names none.
func HostMirror(root, suite string) string {
	srcs, err := ReadAptSources(root)
	if err != nil {
		return DefaultMirror
	}
	if u, ok := MirrorFor(srcs, suite); ok {
		return u
	}
	for _, s := range srcs {
		for _, u := range s.URIs {
			if u = strings.TrimRight(u, "/"); s.Enabled && slices.Contains(s.Types, "deb") && strings.HasSuffix(u, "/debian") {
				return u
			}
		}
	}
	return DefaultMirror
}
