package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// Some programs take their input through an option, not as an operand:
// `tcpdump -r file.pcap` (an operand is a capture filter, and without -r
// it captures on eth0), `tshark -r`, `ffprobe -i`. The repository says
// which: its docs, man pages and test scripts pass files of the suite's
// input kind after that option (tcpdump's CONTRIBUTING.md runs
// `../tcpdump -# -n -r sample.pcap`, its tests/*.gdbinit `-r eapon1.pcap`).
// FixtureFlag finds the option put before such files most often, so the
// probe on the fixture is tried with it first (and as an operand after).

// FixtureInput is the test suite's input a probe runs a program on, and
// the option the repository passes such files with ("" when none).
type FixtureInput struct {
	Path string
	Flag string
}

// Args are the ways a probe passes the input: after its option first,
// then as an operand.
func (f FixtureInput) Args() []string {
	if f.Path == "" {
		return nil
	}
	if f.Flag == "" {
		return []string{f.Path}
	}
	return []string{f.Flag + " " + f.Path, f.Path}
}

// notInputFlags name a file the program writes (outputFlags) or a
// directory.
var notInputFlags = set("--outfile", "-d", "--dir")

// flagScanMax bounds what FixtureFlag reads: files and bytes a file.
const (
	flagScanFiles = 400
	flagScanBytes = 256 << 10
)

// flagText are files whose text may show a program's command line: docs,
// man pages, scripts and debugger/CI command files.
var flagText = regexp.MustCompile(`(?i)(\.(md|rst|txt|adoc|sh|bash|gdbinit|ya?ml|[1-9](\.in)?)|^(readme|install|contributing|usage|makefile)[^/]*)$`)

// FixtureFlag returns the option the repository's text puts before files
// with the fixture's extension most often (at least twice), or "".
func FixtureFlag(fsys fs.FS, fixture string) string {
	ext := strings.TrimPrefix(path.Ext(fixture), ".")
	if ext == "" {
		return ""
	}
	re := regexp.MustCompile(`(?:^|[\s"'(])(-{1,2}[A-Za-z][\w-]*)(?:\s+|=)["']?[\w./${}-]*\.` + regexp.QuoteMeta(ext) + `\b`)
	count := map[string]int{}
	files := 0
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || files >= flagScanFiles {
			return fs.SkipDir
		}
		if d.IsDir() {
			if p != "." && skipWalk[d.Name()] {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !flagText.MatchString(d.Name()) {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > flagScanBytes {
			return nil
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil
		}
		files++
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			if !outputFlags[m[1]] && !notInputFlags[m[1]] {
				count[m[1]]++
			}
		}
		return nil
	})
	flags := make([]string, 0, len(count))
	for f := range count {
		flags = append(flags, f)
	}
	sort.Slice(flags, func(i, j int) bool {
		if count[flags[i]] != count[flags[j]] {
			return count[flags[i]] > count[flags[j]]
		}
		return flags[i] < flags[j]
	})
	if len(flags) == 0 || count[flags[0]] < 2 {
		return ""
	}
	return flags[0]
}
