package repair

import (
	"slices"
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// A dependency using a newer standard library than go.mod's minimum: the
// Bash File already puts go.mod's toolchain first on PATH (kong: 1.20), so
// the newer one (1.22) goes after it, or 1.20 stays the go that runs.
func TestGoToolchainAfterTheOlderOne(t *testing.T) {
	f := bashfile.New()
	why := bashfile.Provenance{Source: "go"}
	f.Append(bashfile.Runtimes, bashfile.GoToolchainInstall("1.20"), why)
	f.Append(bashfile.Runtimes, "path_prepend /usr/local/go1.20/bin", why)
	f.Append(bashfile.Runtimes, "go mod download", why)
	log := readLog(t, "go-toolchain/dependency-newer-stdlib-kong.log")
	ps := Propose(&Context{File: f}, Failure{Phase: PhaseCommand, Command: "go test -v ./...", ExitCode: 1, Log: log})
	if len(ps) != 1 || ps[0].Action != ActionEdit || ps[0].Diagnosis.Subject != "1.22" {
		t.Fatalf("proposals %+v", ps)
	}
	for _, e := range ps[0].Edits {
		if _, err := f.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	var texts []string
	for _, c := range f.Section(bashfile.Runtimes).Commands {
		texts = append(texts, c.Text)
	}
	old, neu, dl := slices.Index(texts, "path_prepend /usr/local/go1.20/bin"), slices.Index(texts, "path_prepend /usr/local/go1.22/bin"), slices.Index(texts, "go mod download")
	if old < 0 || neu < 0 || !(old < neu && neu < dl) {
		t.Fatalf("go 1.22 is not put first on PATH after 1.20 and before the download:\n%q", texts)
	}
}
