package repair

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// marked's npm ci fetches "marked-repo", a dependency of its dev
// dependency @markedjs/testutils, from a GitHub tarball: no manifest of
// the project names it, and the lockfile resolved it to marked 18.0.0,
// which the registry serves — an override asks for that release, aliased,
// and the install reads no lockfile. Once: the second time it is said.
func TestTransitiveGitHostedDependencyOfMarked(t *testing.T) {
	log, err := os.ReadFile("testdata/npm-absent/npm-ci-transitive-github-tarball-marked.log")
	if err != nil {
		t.Fatal(err)
	}
	lock := `{"lockfileVersion": 3, "packages": {
  "": {"name": "marked", "devDependencies": {"@markedjs/testutils": "18.0.0-0"}},
  "node_modules/@markedjs/testutils": {"version": "18.0.0-0", "dependencies": {"marked-repo": "https://github.com/markedjs/marked/tarball/v18.0.0"}},
  "node_modules/marked-repo": {"name": "marked", "version": "18.0.0", "resolved": "https://github.com/markedjs/marked/tarball/v18.0.0", "dev": true},
  "node_modules/front-matter": {"version": "4.0.2", "resolved": "https://registry.npmjs.org/front-matter/-/front-matter-4.0.2.tgz"}
}}`
	repo := fstest.MapFS{
		"package.json":      {Data: []byte(`{"name": "marked", "devDependencies": {"@markedjs/testutils": "18.0.0-0"}}`)},
		"package-lock.json": {Data: []byte(lock)},
	}
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "npm ci", bashfile.Provenance{Source: "test"})
	f := Failure{Phase: PhaseSetup, Command: "bash setup.sh", ExitCode: 1, Log: string(log)}
	ps := Propose(&Context{Phase: PhaseSetup, File: file, Repo: repo}, f)
	if len(ps) == 0 || ps[0].Diagnosis.Kind != NpmAbsent || ps[0].Action != ActionEdit {
		t.Fatalf("proposals %+v", ps)
	}
	if got, want := ps[0].Edits[0].Command, "npm pkg set overrides.marked-repo=npm:marked@18.0.0 && npx --yes npm@10 install --no-package-lock"; got != want {
		t.Fatalf("command %q, want %q", got, want)
	}
	again := bashfile.New()
	again.Append(bashfile.Runtimes, ps[0].Edits[0].Command, bashfile.Provenance{Source: "test"})
	if ps := Propose(&Context{Phase: PhaseSetup, File: again, Repo: repo}, f); len(ps) == 0 || ps[0].Action != ActionNone || !strings.Contains(ps[0].Reason, "already") {
		t.Fatalf("second time: %+v", ps)
	}
}
