package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// A run on a checkout the mirror could not complete: a missing source
// file is the class (go-sqlite3's sqlite3-binding.c); missing data files
// only annotate the run's own class (openh264's test videos).
func TestIncompleteCheckout(t *testing.T) {
	for absent, want := range map[string]string{
		"sqlite3-binding.c\n":      "checkout incomplete (mirror)",
		"res/a.yuv\nres/b b.264\n": "budget",
		"":                         "budget",
	} {
		dir := t.TempDir()
		if absent != "" {
			os.WriteFile(filepath.Join(dir, ".heragent-missing"), []byte(absent), 0o644)
		}
		r := row{rec: &batch.Result{Repo: dir, Status: batch.StatusBelow},
			rep: &report.Report{Level: pyramid.Installable, Target: pyramid.Runnable, WhyNotHigher: "time budget spent (13m0s)"}}
		class, detail, _ := classify(r)
		if class != want {
			t.Errorf("%q: class %q, want %q", absent, class, want)
		}
		if absent != "" && !strings.Contains(detail, "the mirror's copy lacks") {
			t.Errorf("%q: detail %q", absent, detail)
		}
	}
}

// A pass resumed with a newer binary names each heragent and how many
// records it wrote, the larger share first.
func TestVersionOfAMixedPass(t *testing.T) {
	one := total{versions: map[string]int{"v1": 3}}
	mixed := total{versions: map[string]int{"v1": 3, "v2": 5}}
	if one.version() != "v1" || mixed.version() != "v2 (5 records), v1 (3 records)" {
		t.Fatalf("%q, %q", one.version(), mixed.version())
	}
}
