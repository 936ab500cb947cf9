package repair

import (
	"path"
	"regexp"
	"strings"
)

// An autotools project may build the programs of a directory only when
// configure is asked (libusb's examples/: AC_ARG_ENABLE([examples-build],
// …, [build_examples=no]), `if BUILD_EXAMPLES SUBDIRS += examples`): the
// command running one fails with exit 127. The configure option named
// after the directory and off by default is turned on.

// autotools is programOption's answer for a Bash File configuring with
// ./configure: the --enable flag of configure.ac's option named after the
// program's directory (examples → examples-build, enable-examples, …).
func (r programOption) autotools(d Diagnosis, ctx *Context) (Proposal, bool) {
	dir := strings.Trim(path.Dir(strings.TrimPrefix(d.Subject, "./")), "./")
	if dir == "" {
		return Proposal{}, false
	}
	stem := strings.TrimSuffix(strings.ToLower(path.Base(dir)), "s")
	nameRe := regexp.MustCompile(`(?i)^(?:build-?)?` + regexp.QuoteMeta(stem) + `s?(?:-?(?:build|programs))?$`)
	name := acOffOption(ctx, nameRe.MatchString)
	e, ok := enableEdit(ctx, name, why(r, d))
	if !ok {
		return Proposal{}, false
	}
	return edit(d, "the build made no "+path.Base(d.Subject)+": configure.ac builds "+dir+"/ only with --enable-"+name+" (off by default): configure with it", e), true
}
