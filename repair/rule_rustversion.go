package repair

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/heragent/heragent/bashfile"
)

// rustTooOld: the project needs a newer Rust than Debian's cargo and rustc
// (bookworm: 1.63) — a dependency's "requires rustc 1.70 or newer", a
// manifest the old cargo cannot parse (ripgrep: "expected a boolean or an
// integer for key `profile.release-lto.debug`"), a version-4 Cargo.lock, a
// newer edition. Bookworm also ships Rust 1.85 as cargo-web and rustc-web
// (kept for Firefox): the repair swaps the toolchain packages.
type rustTooOld struct{}

var rustTooOldMatches = []match{
	{RustTooOld, regexp.MustCompile(`requires rustc (\d+\.\d+)(?:\.\d+)? or newer`)},
	{RustTooOld, regexp.MustCompile(`()failed to parse (?:manifest|lock file) at`)},
	{RustTooOld, regexp.MustCompile(`()lock file version \d+ requires`)},
	{RustTooOld, regexp.MustCompile(`()feature ` + "`" + `edition20\d\d` + "`" + ` is required`)},
}

// WebRust is the Rust of bookworm's cargo-web/rustc-web (1.85.0).
const WebRust = "1.85"

func (rustTooOld) Name() string { return "rust-too-old" }

func (rustTooOld) Diagnose(f Failure) []Diagnosis {
	return firstOnly(scan(f.Log, rustTooOldMatches, nil))
}

func (r rustTooOld) Propose(d Diagnosis, ctx *Context) (Proposal, bool) {
	if d.Kind != RustTooOld {
		return Proposal{}, false
	}
	if d.Subject != "" && !versionLE(d.Subject, WebRust) {
		return none(d, fmt.Sprintf("Rust %s is newer than bookworm's rustc-web %s; no Debian source is known", d.Subject, WebRust)), true
	}
	if ctx.hasPackage("cargo-web") || ctx.tried(r.Name(), d) > 0 {
		return none(d, "cargo-web and rustc-web ("+WebRust+") are installed and the failure remains"), true
	}
	if ctx.File == nil {
		return none(d, "no Bash File to change"), true
	}
	sec := bashfile.SectionID("")
	for _, s := range ctx.File.Sections {
		if slices.Contains(ctx.File.Packages(s.ID), "cargo") {
			sec = s.ID
		}
	}
	if sec == "" {
		return none(d, "the Bash File does not install Debian's cargo"), true
	}
	edits := []bashfile.Edit{{Op: bashfile.OpRemovePackages, Section: sec, Packages: []string{"cargo", "rustc"}, Why: why(r, d)},
		{Op: bashfile.OpAddPackages, Section: sec, Packages: []string{"cargo-web", "rustc-web"}, Why: why(r, d)}}
	return edit(d, "the project needs a newer Rust than Debian's 1.63: bookworm's cargo-web and rustc-web ("+WebRust+")", edits...), true
}
