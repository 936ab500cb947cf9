package debindex

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
)

// builder accumulates classified Contents entries before they are frozen
// into an Index.
type builder struct {
	pkgID map[string]uint32 // package name → provisional id
	pkgs  []string          // provisional id → "section/name"
	// metaDeps holds, for packages that may be unversioned metapackages
	// (libboost-dev, default-libmysqlclient-dev), their dependencies.
	metaDeps map[string][]string
	keys     [numKinds]map[string][]uint32
	// nsSub holds "top.sub" Python modules seen under a top-level
	// directory; they are kept only for namespace packages (see finish).
	nsSub map[string][]uint32
}

func newBuilder() *builder {
	b := &builder{pkgID: map[string]uint32{}, nsSub: map[string][]uint32{}, metaDeps: map[string][]string{}}
	for k := range b.keys {
		b.keys[k] = map[string][]uint32{}
	}
	return b
}

// Parse builds an Index from a Packages stream (may be nil) and one or
// more Contents streams, all uncompressed. Contents is Debian's
// "path  section/pkg,section/pkg" format; Packages contributes the names of
// all packages and the unversioned metapackages that mark a default
// version (libboost-dev → libboost1.74-dev). It is what Load uses after
// downloading, and what tests use on small excerpts.
func Parse(meta Meta, packages io.Reader, rs ...io.Reader) (*Index, error) {
	b := newBuilder()
	if packages != nil {
		if err := b.readPackages(packages); err != nil {
			return nil, fmt.Errorf("parse packages: %w", err)
		}
	}
	listed := len(b.pkgs) > 0
	for i, r := range rs {
		if err := b.read(r); err != nil {
			return nil, fmt.Errorf("parse contents stream %d: %w", i, err)
		}
	}
	ix := b.finish(meta)
	ix.allPackages = listed
	return ix, nil
}

// read consumes one Contents stream line by line.
func (b *builder) read(r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		b.line(sc.Bytes())
	}
	return sc.Err()
}

// line classifies one Contents line. Paths may contain spaces, so the
// package list is the last whitespace-separated field.
func (b *builder) line(raw []byte) {
	// Cheap prefix filter before allocating: every kind we keep lives under
	// one of these roots.
	if len(raw) < 5 {
		return
	}
	switch raw[0] {
	case 'u', 'b', 's', 'l':
	default:
		return
	}
	raw = bytes.TrimRight(raw, " \t\r")
	i := bytes.LastIndexAny(raw, " \t")
	if i < 0 {
		return
	}
	rawPath := bytes.TrimRight(raw[:i], " \t")
	if !worthClassifying(rawPath) {
		return
	}
	path, pkgs := string(rawPath), string(raw[i+1:])
	if path == "" || strings.ContainsAny(path, "\t\n") {
		return
	}
	kind, key, ok := classify(path)
	if !ok {
		return
	}
	ids := b.ids(pkgs)
	if kind == kindNSSub {
		b.nsSub[key] = appendUnique(b.nsSub[key], ids...)
		return
	}
	b.keys[kind][key] = appendUnique(b.keys[kind][key], ids...)
}

// worthClassifying rejects, without allocating, the bulk of Contents lines
// (documentation, data, locale and icon files) that classify would reject.
func worthClassifying(p []byte) bool {
	if bytes.HasPrefix(p, []byte("usr/share/")) {
		return bytes.HasSuffix(p, []byte(".pc")) || bytes.HasSuffix(p, []byte(".cmake")) || bytes.HasSuffix(p, []byte("/package.json")) ||
			bytes.HasSuffix(p, []byte(".pm")) && (bytes.HasPrefix(p, []byte("usr/share/perl5/")) || bytes.HasPrefix(p, []byte("usr/share/perl/")))
	}
	for _, root := range [][]byte{[]byte("usr/"), []byte("bin/"), []byte("sbin/"), []byte("lib/")} {
		if bytes.HasPrefix(p, root) {
			return true
		}
	}
	return false
}

// intern returns the id of a package name, adding it with its section.
func (b *builder) intern(section, name string) uint32 {
	id, ok := b.pkgID[name]
	if !ok {
		id = uint32(len(b.pkgs))
		b.pkgID[name] = id
		b.pkgs = append(b.pkgs, section+"/"+name)
	}
	return id
}

// ids interns a comma-separated "section/pkg" list.
func (b *builder) ids(list string) []uint32 {
	var out []uint32
	for _, p := range strings.Split(list, ",") {
		if p == "" {
			continue
		}
		section, name := splitPkg(p)
		out = append(out, b.intern(section, name))
	}
	return out
}

func appendUnique(dst []uint32, ids ...uint32) []uint32 {
next:
	for _, id := range ids {
		for _, d := range dst {
			if d == id {
				continue next
			}
		}
		dst = append(dst, id)
	}
	return dst
}

// finish freezes the builder: packages sorted by name, keys sorted, all in
// the same line-oriented form the cache file uses.
func (b *builder) finish(meta Meta) *Index {
	// Namespace sub-packages: keep "a.b" only when "a" itself is not an
	// importable package of the same packages.
	for key, ids := range b.nsSub {
		top := key[:strings.IndexByte(key, '.')]
		have := b.keys[KindPython][top]
		var keep []uint32
		for _, id := range ids {
			if !containsID(have, id) {
				keep = append(keep, id)
			}
		}
		if len(keep) > 0 {
			b.keys[KindPython][key] = appendUnique(b.keys[KindPython][key], keep...)
		}
	}
	defaults := b.defaults()
	// Sort packages by name so existence checks are binary searches.
	order := make([]uint32, len(b.pkgs))
	for i := range order {
		order[i] = uint32(i)
	}
	sort.Slice(order, func(i, j int) bool {
		return pkgName(b.pkgs[order[i]]) < pkgName(b.pkgs[order[j]])
	})
	remap := make([]uint32, len(b.pkgs))
	pkgs := make([]string, len(b.pkgs))
	for newID, old := range order {
		remap[old] = uint32(newID)
		pkgs[newID] = b.pkgs[old]
		if m := defaults[old]; m != "" {
			pkgs[newID] += "\t" + m
		}
	}
	var sb strings.Builder
	var tables [numKinds][]string
	for k := range b.keys {
		keys := make([]string, 0, len(b.keys[k]))
		for key := range b.keys[k] {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		lines := make([]string, len(keys))
		for i, key := range keys {
			sb.Reset()
			sb.WriteString(key)
			sb.WriteByte('\t')
			for j, id := range b.keys[k][key] {
				if j > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprint(&sb, remap[id])
			}
			lines[i] = sb.String()
		}
		tables[k] = lines
	}
	return newIndex(meta, pkgs, tables)
}

func containsID(ids []uint32, id uint32) bool {
	for _, d := range ids {
		if d == id {
			return true
		}
	}
	return false
}

// kindNSSub marks a second-level Python package, resolved in finish.
const kindNSSub Kind = -1

// classify maps a Contents path to the kind and key it is indexed under.
func classify(path string) (Kind, string, bool) {
	switch {
	case strings.HasPrefix(path, "usr/include/"):
		rel := strings.TrimPrefix(path, "usr/include/")
		if first, rest, ok := strings.Cut(rel, "/"); ok && isMultiarch(first) {
			rel = rest
		}
		if rel == "" || strings.HasSuffix(rel, "/") {
			return 0, "", false
		}
		return KindHeader, rel, true
	case strings.HasPrefix(path, "usr/lib/gcc/") || strings.HasPrefix(path, "usr/lib/jvm/"):
		// The default compiler's own headers (omp.h, cpuid.h) and the
		// JDK's (jni.h), which are not under usr/include.
		if k, key, ok := classifyToolchainHeader(path); ok {
			return k, key, ok
		}
	case strings.HasSuffix(path, ".pc") && strings.Contains(path, "/pkgconfig/") && !strings.HasPrefix(path, "usr/src/") && !strings.HasPrefix(path, "usr/share/doc/"):
		dir, file := splitBase(path)
		if !strings.HasSuffix(dir, "/pkgconfig") {
			return 0, "", false
		}
		return KindPkgConfig, strings.TrimSuffix(file, ".pc"), true
	}
	if k, key, ok := classifyLib(path); ok {
		return k, key, ok
	}
	if k, key, ok := classifyExe(path); ok {
		return k, key, ok
	}
	if strings.HasSuffix(path, ".cmake") && strings.HasPrefix(path, "usr/") {
		_, file := splitBase(path)
		var name string
		switch {
		case strings.HasSuffix(file, "-config.cmake"):
			name = strings.TrimSuffix(file, "-config.cmake")
		case strings.HasSuffix(file, "Config.cmake"):
			name = strings.TrimSuffix(file, "Config.cmake")
		default:
			return 0, "", false
		}
		if name == "" || strings.Contains(path, "/Modules/") {
			return 0, "", false
		}
		return KindCMake, strings.ToLower(name), true
	}
	if k, key, ok := classifyPython(path); ok {
		return k, key, ok
	}
	if name, ok := perlModule(path); ok {
		return KindPerl, name, true
	}
	if rest, ok := nodeModuleDir(path); ok {
		if name, ok := strings.CutSuffix(rest, "/package.json"); ok {
			parts := strings.Split(name, "/")
			if len(parts) == 1 || (len(parts) == 2 && strings.HasPrefix(parts[0], "@")) {
				return KindNode, name, true
			}
		}
	}
	return 0, "", false
}

// nodeModuleDir strips Debian's Node module roots: usr/share/nodejs,
// usr/lib/nodejs and usr/lib/<multiarch>/nodejs (compiled modules).
func nodeModuleDir(path string) (string, bool) {
	if rest, ok := strings.CutPrefix(path, "usr/share/nodejs/"); ok {
		return rest, true
	}
	rest, ok := strings.CutPrefix(path, "usr/lib/")
	if !ok {
		return "", false
	}
	if ma, r, ok := strings.Cut(rest, "/"); ok && isMultiarch(ma) {
		rest = r
	}
	return strings.CutPrefix(rest, "nodejs/")
}

// classifyToolchainHeader indexes usr/lib/gcc/<multiarch>/<ver>/include/X
// and usr/lib/jvm/<jdk>/include/X as header X.
func classifyToolchainHeader(path string) (Kind, string, bool) {
	parts := strings.SplitN(path, "/", 7)
	switch {
	case parts[2] == "gcc" && len(parts) == 7 && isMultiarch(parts[3]) && parts[5] == "include":
		return KindHeader, parts[6], !strings.HasSuffix(parts[6], "/")
	case parts[2] == "jvm" && len(parts) >= 6 && parts[4] == "include":
		rel := strings.Join(parts[5:], "/")
		return KindHeader, rel, rel != ""
	}
	return 0, "", false
}

// classifyLib indexes lib<name>.so / lib<name>.a under the link name and
// versioned lib<name>.so.N files under their file name (for the dynamic
// loader's "cannot open shared object file" errors).
func classifyLib(path string) (Kind, string, bool) {
	dir, file := splitBase(path)
	if clangRuntimeDir(dir) && strings.HasPrefix(file, "lib") && (strings.HasSuffix(file, ".a") || strings.HasSuffix(file, ".so")) {
		// clang's runtimes (libclang_rt.profile-x86_64.a, its
		// sanitizers'), which the linker names by their whole path: one
		// package per LLVM version, so the path is the key
		return KindLibrary, "/" + path, true
	}
	if !strings.HasPrefix(file, "lib") || !isLibDir(dir) {
		return 0, "", false
	}
	switch {
	case strings.HasSuffix(file, ".so"):
		return KindLibrary, strings.TrimSuffix(file[3:], ".so"), len(file) > 6
	case strings.HasSuffix(file, ".a"):
		return KindLibrary, strings.TrimSuffix(file[3:], ".a"), len(file) > 5
	case strings.Contains(file, ".so."):
		return KindSharedLib, file, true
	}
	return 0, "", false
}

// clangRuntimeDir is clang's directory of its runtime libraries,
// usr/lib/llvm-<N>/lib/clang/<version>/lib/linux.
func clangRuntimeDir(dir string) bool {
	rest, ok := strings.CutPrefix(dir, "usr/lib/llvm-")
	if !ok {
		return false
	}
	parts := strings.Split(rest, "/")
	return len(parts) == 6 && parts[1] == "lib" && parts[2] == "clang" && parts[4] == "lib" && parts[5] == "linux"
}

// isLibDir accepts usr/lib, lib and their multiarch subdirectories, and
// gcc's private directory usr/lib/gcc/<multiarch>/<version> (libstdc++.so).
func isLibDir(dir string) bool {
	if rest, ok := strings.CutPrefix(dir, "usr/lib/gcc/"); ok {
		ma, ver, ok := strings.Cut(rest, "/")
		return ok && isMultiarch(ma) && ver != "" && !strings.Contains(ver, "/")
	}
	for _, root := range []string{"usr/lib", "lib"} {
		if dir == root {
			return true
		}
		if rest, ok := strings.CutPrefix(dir, root+"/"); ok && isMultiarch(rest) {
			return true
		}
	}
	return false
}

func classifyExe(path string) (Kind, string, bool) {
	dir, file := splitBase(path)
	switch dir {
	case "usr/bin", "usr/sbin", "bin", "sbin", "usr/games", "usr/local/bin":
		return KindExecutable, file, file != ""
	}
	return 0, "", false
}

// classifyPython indexes importable top-level modules of Debian's Python 3
// (dist-packages and the versioned stdlib directory) and, from
// *.egg-info / *.dist-info names, PyPI distribution names.
func classifyPython(path string) (Kind, string, bool) {
	var rel string
	switch {
	case strings.HasPrefix(path, "usr/lib/python3/dist-packages/"):
		rel = strings.TrimPrefix(path, "usr/lib/python3/dist-packages/")
	case strings.HasPrefix(path, "usr/lib/python3."):
		_, rest, ok := strings.Cut(strings.TrimPrefix(path, "usr/lib/"), "/")
		if !ok || strings.HasPrefix(rest, "site-packages/") || strings.HasPrefix(rest, "config-") {
			return 0, "", false
		}
		rel = strings.TrimPrefix(rest, "lib-dynload/")
	default:
		return 0, "", false
	}
	parts := strings.Split(rel, "/")
	first := parts[0]
	if strings.HasSuffix(first, ".egg-info") || strings.HasSuffix(first, ".dist-info") {
		name := strings.TrimSuffix(strings.TrimSuffix(first, ".egg-info"), ".dist-info")
		name, _, _ = strings.Cut(name, "-")
		return KindPyPI, NormalizeDist(name), name != ""
	}
	switch {
	case len(parts) == 1:
		mod := moduleName(first)
		return KindPython, mod, mod != ""
	case len(parts) == 2 && parts[1] == "__init__.py":
		return KindPython, first, isIdent(first)
	case len(parts) == 3 && parts[2] == "__init__.py" && isIdent(first) && isIdent(parts[1]):
		return kindNSSub, first + "." + parts[1], true
	}
	return 0, "", false
}

// moduleName turns "yaml.py", "_yaml.cpython-311-x86_64-linux-gnu.so" or
// "foo.abi3.so" into an import name.
func moduleName(file string) string {
	var stem string
	switch {
	case strings.HasSuffix(file, ".py"):
		stem = strings.TrimSuffix(file, ".py")
	case strings.HasSuffix(file, ".so"):
		stem, _, _ = strings.Cut(file, ".")
	default:
		return ""
	}
	if !isIdent(stem) {
		return ""
	}
	return stem
}

func isIdent(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// isMultiarch recognises a multiarch tuple directory such as
// x86_64-linux-gnu or arm-linux-gnueabihf.
func isMultiarch(dir string) bool {
	return strings.Contains(dir, "-linux-gnu") && !strings.Contains(dir, "/")
}

func splitBase(path string) (dir, file string) {
	i := strings.LastIndexByte(path, '/')
	if i < 0 {
		return "", path
	}
	return path[:i], path[i+1:]
}

// NormalizeDist normalises a PyPI distribution name as PEP 503 does:
// lower case, runs of "-", "_" and "." become one "-".
func NormalizeDist(name string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.TrimSpace(name)) {
		if r == '-' || r == '_' || r == '.' {
			dash = true
			continue
		}
		if dash && sb.Len() > 0 {
			sb.WriteByte('-')
		}
		dash = false
		sb.WriteRune(r)
	}
	return sb.String()
}
