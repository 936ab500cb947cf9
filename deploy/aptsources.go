package deploy

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultMirror is used when the host names no Debian mirror.
const DefaultMirror = "http://deb.debian.org/debian"

// aptSource is one "deb" entry of the host's APT configuration.
type aptSource struct {
	URI    string
	Suites []string
}

// HostMirror returns the Debian archive the host's APT uses for suite (or
// any suite when none matches), so base images are built from the same,
// reachable, mirror. Security archives are not candidates.
func HostMirror(suite string) string {
	var srcs []aptSource
	srcs = append(srcs, readOneLineSources("/etc/apt/sources.list")...)
	lists, _ := filepath.Glob("/etc/apt/sources.list.d/*.list")
	for _, f := range lists {
		srcs = append(srcs, readOneLineSources(f)...)
	}
	deb822, _ := filepath.Glob("/etc/apt/sources.list.d/*.sources")
	for _, f := range deb822 {
		srcs = append(srcs, readDeb822Sources(f)...)
	}
	return pickMirror(srcs, suite)
}

func pickMirror(srcs []aptSource, suite string) string {
	var fallback string
	for _, s := range srcs {
		u := strings.TrimRight(s.URI, "/")
		if !strings.HasSuffix(u, "/debian") {
			continue // not a Debian main archive (security, third-party repos)
		}
		for _, su := range s.Suites {
			if su == suite {
				return u
			}
		}
		if fallback == "" {
			fallback = u
		}
	}
	if fallback != "" {
		return fallback
	}
	return DefaultMirror
}

// readOneLineSources parses "deb [opts] URI suite comp..." lines.
func readOneLineSources(path string) []aptSource {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []aptSource
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(strings.SplitN(sc.Text(), "#", 2)[0])
		if len(fields) < 3 || fields[0] != "deb" {
			continue
		}
		fields = fields[1:]
		if strings.HasPrefix(fields[0], "[") { // options: skip to the closing ]
			for len(fields) > 0 && !strings.HasSuffix(fields[0], "]") {
				fields = fields[1:]
			}
			if len(fields) > 0 {
				fields = fields[1:]
			}
		}
		if len(fields) >= 2 {
			out = append(out, aptSource{URI: fields[0], Suites: fields[1:2]})
		}
	}
	return out
}

// readDeb822Sources parses deb822 stanzas (Types/URIs/Suites fields).
func readDeb822Sources(path string) []aptSource {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []aptSource
	for _, stanza := range strings.Split(string(data), "\n\n") {
		fields := map[string]string{}
		for _, line := range strings.Split(stanza, "\n") {
			if strings.HasPrefix(line, "#") || strings.HasPrefix(line, " ") {
				continue
			}
			if k, v, ok := strings.Cut(line, ":"); ok {
				fields[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
			}
		}
		if !slices.Contains(strings.Fields(fields["types"]), "deb") || strings.EqualFold(fields["enabled"], "no") {
			continue
		}
		for _, u := range strings.Fields(fields["uris"]) {
			out = append(out, aptSource{URI: u, Suites: strings.Fields(fields["suites"])})
		}
	}
	return out
}
