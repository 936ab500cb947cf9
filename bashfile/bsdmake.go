package bashfile

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
)

// A Makefile written for BSD make (lowdown's `.include "Makefile.configure"`,
// `.ifdef LINK_METHOD` … `.endif`) stops GNU make at its first directive:
// "Makefile:153: *** missing separator.  Stop." Debian's bmake is BSD
// make; the Bash File installs it and makes it the `make` of the sandbox,
// so the build and every `make T` the test pyramid mines (lowdown's
// `make regress`) read the Makefile as written. GNU make reads a
// GNUmakefile before a Makefile: with one, the Makefile is not GNU
// make's to read and nothing changes.

// bsdDirectiveRe is a BSD make conditional or inclusion directive at the
// start of a line; GNU make has none of them (its own are `ifdef`,
// `include`, without the dot).
var bsdDirectiveRe = regexp.MustCompile(`^\.\s*(?:if|ifdef|ifndef|ifmake|ifnmake|elif|elifdef|else|endif|for|endfor|include|sinclude|-include|undef|error|warning|info)\b`)

// bsdMakefile returns the line of the first BSD make directive of the
// top-level Makefile GNU make would read, 0 for none.
func (r *repo) bsdMakefile() (string, int) {
	file := r.first("GNUmakefile", "Makefile", "makefile")
	if file == "" || file == "GNUmakefile" || r.root == "" {
		return "", 0
	}
	b, err := os.ReadFile(filepath.Join(r.root, file))
	if err != nil {
		return "", 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		if bsdDirectiveRe.Match(sc.Bytes()) {
			return file, n
		}
	}
	return "", 0
}

// bsdMake installs BSD make and makes it the sandbox's `make` when the
// Makefile is written for it.
func (p *planner) bsdMake(source string) error {
	file, line := p.repo.bsdMakefile()
	if line == 0 {
		return nil
	}
	why := ev(source, file, int64(line), "a BSD make directive: the Makefile is written for BSD make (bmake), which GNU make cannot read")
	if err := p.install(Base, why, "bmake"); err != nil {
		return err
	}
	return p.add(Runtimes, `ln -sf "$(command -v bmake)" /usr/local/bin/make`, ev(source, file, int64(line), "make is BSD make here: the build and every `make` target of the tests read the Makefile as written"))
}
