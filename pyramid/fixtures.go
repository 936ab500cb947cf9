package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// A program's real input is what its own test suite feeds it: the
// fixtures under the test directories are mostly of the kind the project
// processes (flex's tests/*.l, pkgconf's tests/lib1/*.pc, tcpdump's
// tests/*.pcap). Fixture picks the smallest file of the test
// directories' most common data kind, so a synthesized probe runs a
// program on an input of the right kind instead of on a README.

// fixtureDirRe are directories of a test suite's inputs (res/ and
// vectors/ are codecs' and parsers' conformance inputs: openh264's
// res/*.264).
// (and test-named ones: libjpeg-turbo's testimages/, testcases/).
var fixtureDirRe = regexp.MustCompile(`(^|/)(test[\w-]*|testes|fixtures|samples|res|resources|vectors|testvectors|conformance)(/|$)`)

// notFixtures are extensions of code, build files, docs and expected
// outputs: not inputs a program of the project reads.
var notFixtures = map[string]bool{
	"c": true, "h": true, "cc": true, "cpp": true, "cxx": true, "hpp": true, "hh": true, "hxx": true, "inc": true, "ipp": true,
	"py": true, "pyc": true, "pyi": true, "go": true, "rs": true, "js": true, "mjs": true, "cjs": true, "ts": true, "java": true, "kt": true,
	"sh": true, "bash": true, "bat": true, "ps1": true, "pl": true, "pm": true, "rb": true, "php": true, "cmake": true, "am": true, "in": true,
	"ac": true, "m4": true, "mk": true, "mak": true, "build": true, "gn": true, "bazel": true, "bzl": true, "md": true, "rst": true,
	"html": true, "css": true, "txt": true, "log": true, "exp": true, "expected": true, "out": true, "ok": true, "err": true, "ref": true,
	"diff": true, "patch": true, "dump": true, "result": true, "results": true, "golden": true, "expect": true, "ans": true, "o": true, "a": true, "so": true, "gitignore": true, "snap": true, "supp": true, "lock": true, "toml": true, "cfg": true, "ini": true,
	// IDE and build-system project files (tomlplusplus's tests/vs/*.vcxproj)
	"vcxproj": true, "vcproj": true, "vcxitems": true, "filters": true, "sln": true, "props": true, "targets": true, "csproj": true,
	"pbxproj": true, "xcconfig": true, "xcscheme": true, "plist": true, "natvis": true, "hint": true, "user": true, "dsp": true, "dsw": true,
	"rc": true, "def": true, "manifest": true, "pro": true, "pri": true, "qbs": true, "cbp": true, "workspace": true,
}

// badFixtureRe names inputs a suite uses to see the program fail, or the
// directories that hold them (libpng's contrib/testpngs/crashers/).
var badFixtureRe = regexp.MustCompile(`(?i)bad|bogus|malformed|invalid|broken|fail|error|corrupt|crash|wrong|fuzz|negative|reject|truncat|overflow`)

// minFixtures is how many files of a kind make it the suite's input kind.
const minFixtures = 3

// skipWalk are directories no fixture is looked for in.
// (mobile apps' resources included: android/…/res holds icons).
var skipWalk = map[string]bool{".git": true, "node_modules": true, ".venv": true, "vendor": true, "third_party": true, "build": true, "_build": true, "target": true, "android": true, "ios": true}

// Fixture returns the test suite's input of its most common kind in the
// checkout fsys, or "".
func Fixture(fsys fs.FS) string {
	byExt := map[string][]fixture{}
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p != "." && skipWalk[d.Name()] {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !fixtureDirRe.MatchString(path.Dir(p)) || badFixtureRe.MatchString(p) || strings.ContainsAny(p, " '\"$`\\") {
			return nil
		}
		ext := strings.TrimPrefix(strings.ToLower(path.Ext(p)), ".")
		if ext == "" || notFixtures[ext] {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() > 0 && info.Size() <= 64<<10 {
			byExt[ext] = append(byExt[ext], fixture{p, info.Size()})
		}
		return nil
	})
	best := ""
	for ext, list := range byExt {
		if len(list) >= minFixtures && (best == "" || len(list) > len(byExt[best]) || len(list) == len(byExt[best]) && ext < best) {
			best = ext
		}
	}
	if best == "" {
		return ""
	}
	list := byExt[best]
	sort.Slice(list, func(i, j int) bool {
		if list[i].size != list[j].size {
			return list[i].size < list[j].size
		}
		return list[i].path < list[j].path
	})
	for _, f := range list {
		if f.size >= 32 { // not an empty-ish edge case of the suite
			return f.path
		}
	}
	return list[len(list)-1].path
}

type fixture struct {
	path string
	size int64
}

// formatAliases are other spellings of a data format's extension in
// program names (djpeg, jpegtran read .jpg; tiffinfo reads .tif).
var formatAliases = map[string][]string{"jpg": {"jpeg", "jpg"}, "jpeg": {"jpeg", "jpg"}, "tif": {"tiff", "tif"}, "tiff": {"tiff", "tif"},
	"yml": {"yaml", "yml"}, "yaml": {"yaml", "yml"}, "htm": {"html", "htm"}, "264": {"264", "h264", "avc"}, "h264": {"264", "h264", "avc"}}

// fixtureFits reports a program whose name names the fixture's format
// (jpegtran, wrjpgcom and a .jpg; xmllint and a .xml): it reads such files.
func fixtureFits(prog, fixture string) bool {
	ext := strings.TrimPrefix(strings.ToLower(path.Ext(fixture)), ".")
	if len(ext) < 3 {
		return false
	}
	names := formatAliases[ext]
	if names == nil {
		names = []string{ext}
	}
	base := strings.ToLower(path.Base(prog))
	for _, n := range names {
		if strings.Contains(base, n) {
			return true
		}
	}
	return false
}
