package debindex

import (
	"bufio"
	"io"
	"sort"
	"strings"
)

// readPackages reads a Packages file (deb822 stanzas): every package name
// with its section, and the dependencies of the packages that may be
// unversioned metapackages.
func (b *builder) readPackages(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	var name, section, depends string
	flush := func() {
		if name != "" {
			b.intern(section, name)
			if mayBeMeta(name) && depends != "" {
				b.metaDeps[name] = firstAlternatives(depends)
			}
		}
		name, section, depends = "", "", ""
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "Package:"):
			name = strings.TrimSpace(line[len("Package:"):])
		case strings.HasPrefix(line, "Section:"):
			section = strings.TrimSpace(line[len("Section:"):])
		case strings.HasPrefix(line, "Depends:"):
			depends = line[len("Depends:"):]
		}
	}
	flush()
	return sc.Err()
}

// mayBeMeta preselects names worth remembering dependencies for.
func mayBeMeta(name string) bool {
	return !hasDigit(name) || strings.HasSuffix(name, "-dev") || strings.HasPrefix(name, "default-")
}

func hasDigit(s string) bool { return strings.ContainsAny(s, "0123456789") }

// firstAlternatives turns "a (>= 1), b:any | c" into [a b].
func firstAlternatives(depends string) []string {
	var out []string
	for _, clause := range strings.Split(depends, ",") {
		alt, _, _ := strings.Cut(clause, "|")
		alt, _, _ = strings.Cut(alt, "(")
		alt, _, _ = strings.Cut(strings.TrimSpace(alt), ":")
		if alt = strings.TrimSpace(alt); alt != "" {
			out = append(out, alt)
		}
	}
	return out
}

// defaults finds the default version among versioned packages: a package
// M with an unversioned name or without indexed files (libboost-dev,
// llvm-dev, gcc, default-libmysqlclient-dev) that depends on a related,
// versioned package D with indexed files (libboost1.74-dev, llvm-14-dev,
// gcc-12) makes M the metapackage of D. The result maps D's provisional id
// to M.
func (b *builder) defaults() map[uint32]string {
	hasFiles := make([]bool, len(b.pkgs))
	for k := range b.keys {
		for _, ids := range b.keys[k] {
			for _, id := range ids {
				hasFiles[id] = true
			}
		}
	}
	metas := make([]string, 0, len(b.metaDeps))
	for m := range b.metaDeps {
		metas = append(metas, m)
	}
	sort.Strings(metas)
	out := map[uint32]string{}
	for _, m := range metas {
		if id, ok := b.pkgID[m]; ok && hasFiles[id] && hasDigit(m) {
			continue
		}
		for _, d := range b.metaDeps[m] {
			id, ok := b.pkgID[d]
			if !ok || !hasFiles[id] || !relatedMeta(m, d) {
				continue
			}
			if !hasDigit(d) && !strings.HasPrefix(m, "default-") {
				continue // not a version of m: cmake → cmake-data
			}
			if _, taken := out[id]; !taken {
				out[id] = m
			}
		}
	}
	return out
}

// relatedMeta reports whether metapackage m names the same thing as d
// without its version: clang/clang-14, libboost-dev/libboost1.74-dev,
// libjpeg-dev/libjpeg62-turbo-dev (both -dev, same stem),
// default-libmysqlclient-dev/anything; not coinor-libcbc-dev/coinor-libcbc3.
func relatedMeta(m, d string) bool {
	if strings.HasPrefix(m, "default-") {
		return true
	}
	um, ud := unversioned(m), unversioned(d)
	if um == ud {
		return true
	}
	stem := strings.TrimSuffix(um, "-dev")
	return strings.HasSuffix(m, "-dev") && strings.HasSuffix(d, "-dev") && stem != "" && strings.HasPrefix(ud, stem)
}

// unversioned drops digits and dots and collapses dashes:
// "libgcc-12-dev" → "libgcc-dev", "libpython3.11-dev" → "libpython-dev".
func unversioned(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' || c == '.' {
			continue
		}
		if c == '-' && (sb.Len() == 0 || strings.HasSuffix(sb.String(), "-")) {
			continue
		}
		sb.WriteByte(c)
	}
	return strings.TrimSuffix(sb.String(), "-")
}
