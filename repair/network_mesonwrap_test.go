package repair

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// Criterion's meson.build falls back to subprojects it would clone from
// GitHub (its debugbreak.wrap): a need for the network, named by the
// wrap's host, whether or not git is there to try.
func TestMesonWrapDownloadNeedsNetwork(t *testing.T) {
	log, err := os.ReadFile("testdata/network/meson-wrap-git-criterion.log")
	if err != nil {
		t.Fatal(err)
	}
	repo := fstest.MapFS{"subprojects/debugbreak.wrap": {Data: []byte("[wrap-git]\ndirectory = debugbreak\nurl = https://github.com/MrAnno/debugbreak.git\n")}}
	ds := network{}.Diagnose(Failure{Phase: PhaseSetup, Log: string(log), Repo: repo})
	if len(ds) != 1 || ds[0].Kind != NetworkUnreachable || ds[0].Subject != "github.com" || !strings.Contains(ds[0].Evidence, "debugbreak.wrap: https://github.com/MrAnno/debugbreak.git") {
		t.Fatalf("diagnoses = %+v", ds)
	}
	// without the repository the line alone still says what is needed
	ds = network{}.Diagnose(Failure{Phase: PhaseSetup, Log: string(log)})
	if len(ds) != 1 || ds[0].Kind != NetworkUnreachable || ds[0].Subject != "" {
		t.Fatalf("without the repository: %+v", ds)
	}
}
