package bashfile_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/bashfile/debindex"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// testIndex is a Debian index built from a committed excerpt of bookworm's
// Contents files holding the paths the fixtures need, so the golden files
// do not depend on the machine's cached index.
func testIndex(t *testing.T) *debindex.Index {
	t.Helper()
	f, err := os.Open("testdata/Contents-fixtures")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ix, err := debindex.Parse(debindex.Meta{Suite: "bookworm", Arch: "amd64"}, strings.NewReader(""), f)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

type goldenPlan struct {
	Stacks      []string `json:"stacks"`
	Unsupported []string `json:"unsupported"`
	Notes       []string `json:"notes"`
}

// TestGenerateGolden compares each fixture's initial Bash File and its
// stacks/unsupported/notes with testdata/golden (-update rewrites them),
// checks the stacks against the fixture's expect.json and that the script
// parses back to the same model.
func TestGenerateGolden(t *testing.T) {
	pkgs := testIndex(t)
	for _, name := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			plan, err := bashfile.Generate(ctx, fixtureIndex(t, name), bashfile.Options{Packages: pkgs})
			if err != nil {
				t.Fatal(err)
			}
			again, err := bashfile.Generate(ctx, fixtureIndex(t, name), bashfile.Options{Packages: pkgs})
			if err != nil || again.File.Render() != plan.File.Render() {
				t.Fatalf("Generate is not deterministic: %v", err)
			}
			script := plan.File.Render()
			meta, _ := json.MarshalIndent(goldenPlan{plan.Stacks, plan.Unsupported, plan.Notes}, "", "  ")
			meta = append(meta, '\n')
			golden(t, filepath.Join("testdata", "golden", name+".sh"), []byte(script))
			golden(t, filepath.Join("testdata", "golden", name+".json"), meta)

			parsed, err := bashfile.Parse(script)
			if err != nil {
				t.Fatal(err)
			}
			if parsed.Render() != script {
				t.Error("the rendered script does not parse back to the same model")
			}
			var exp struct {
				Stacks []string `json:"stacks"`
			}
			b, err := os.ReadFile(filepath.Join(fixturesDir, name, "expect.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &exp); err != nil {
				t.Fatal(err)
			}
			got := slices.Clone(plan.Stacks)
			slices.Sort(got)
			if !slices.Equal(got, exp.Stacks) {
				t.Errorf("stacks %v, expect.json says %v", plan.Stacks, exp.Stacks)
			}
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./bashfile -run Golden -update)", err)
	}
	if string(want) != string(got) {
		t.Errorf("%s differs from the generated output (run go test ./bashfile -run Golden -update and review the diff):\n%s", path, got)
	}
}
