package repair

import (
	"slices"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A Rust project needing more than Debian's 1.63 gets bookworm's
// cargo-web/rustc-web (1.85) in place of cargo/rustc; a version above
// 1.85, or the same failure after the swap, gets none.
func TestRustTooOld(t *testing.T) {
	file := func() *bashfile.File {
		f := bashfile.New()
		if _, err := f.AddPackages(bashfile.Runtimes, bashfile.Provenance{Source: "test"}, "cargo", "rustc", "ca-certificates"); err != nil {
			t.Fatal(err)
		}
		return f
	}
	for _, tc := range []struct {
		log  string
		want Action
	}{
		{readLog(t, "rust-too-old/cargo-fetch-ripgrep-manifest.log"), ActionEdit},
		{"error: package `clap_lex v0.7.4` cannot be built because it requires rustc 1.74 or newer, while the currently active rustc version is 1.63.0", ActionEdit},
		{"error: package `x v1.0.0` cannot be built because it requires rustc 1.90 or newer, while the currently active rustc version is 1.63.0", ActionNone},
	} {
		ds := (rustTooOld{}).Diagnose(Failure{Phase: PhaseSetup, Section: bashfile.Runtimes, Log: tc.log})
		if len(ds) != 1 {
			t.Fatalf("%q: diagnoses %+v", tc.log, ds)
		}
		f := file()
		p, _ := (rustTooOld{}).Propose(ds[0], &Context{File: f})
		if p.Action != tc.want {
			t.Fatalf("%q: %+v, want %s", tc.log, p, tc.want)
		}
		if p.Action != ActionEdit {
			continue
		}
		for _, e := range p.Edits {
			if _, err := f.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
		if got := f.Packages(bashfile.Runtimes); !slices.Contains(got, "cargo-web") || slices.Contains(got, "cargo") || !slices.Contains(got, "ca-certificates") {
			t.Errorf("packages after the repair: %v", got)
		}
		if q, _ := (rustTooOld{}).Propose(ds[0], &Context{File: f}); q.Action != ActionNone {
			t.Errorf("after the swap: %+v, want none", q)
		}
	}
}
