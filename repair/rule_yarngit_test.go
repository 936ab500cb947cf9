package repair

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heragent/heragent/bashfile"
)

// pug's yarn install meets its packages/pug devDependency pinned to a
// GitHub commit, and yarn names only the host; the lockfile's entry gives
// the version the commit carried. The edit asks for that release in every
// manifest pinning the commit and installs without the frozen lockfile —
// run here on a copy of the shape, it rewrites the workspace's manifest
// and nothing under node_modules.
func TestYarnGitHostedDependencyOfPug(t *testing.T) {
	log, err := os.ReadFile("testdata/yarn-git-hosted/yarn-install-codeload-pug.log")
	if err != nil {
		t.Fatal(err)
	}
	lock := `# yarn lockfile v1

"uglify-js@^2.6.1", uglify-js@~2.8.0:
  version "2.8.29"
  resolved "https://registry.yarnpkg.com/uglify-js/-/uglify-js-2.8.29.tgz#29c5733148057bb4e1f75df35b7a9cb72e6a59dd"

"uglify-js@github:mishoo/UglifyJS2#1c15d0db456ce32f1b9b507aad97e5ee5c8285f7":
  version "2.7.3"
  resolved "https://codeload.github.com/mishoo/UglifyJS2/tar.gz/1c15d0db456ce32f1b9b507aad97e5ee5c8285f7"
  dependencies:
    async "~0.2.6"
`
	file := bashfile.New()
	file.Append(bashfile.Runtimes, "yarn install --frozen-lockfile", bashfile.Provenance{Source: "test"})
	ctx := &Context{Phase: PhaseSetup, File: file, Repo: fstest.MapFS{"yarn.lock": {Data: []byte(lock)}}}
	ps := Propose(ctx, Failure{Phase: PhaseSetup, Command: "bash setup.sh", ExitCode: 1, Log: string(log)})
	if len(ps) == 0 || ps[0].Diagnosis.Kind != GitHostedDependency || ps[0].Action != ActionEdit || !strings.Contains(ps[0].Reason, "uglify-js 2.7.3") {
		t.Fatalf("proposals %+v", ps)
	}
	cmd := ps[0].Edits[0].Command
	if strings.Contains(cmd, "--frozen-lockfile") || !strings.HasSuffix(cmd, "&& yarn install") {
		t.Fatalf("command %q", cmd)
	}
	dir := t.TempDir()
	pinned := `{"devDependencies": {"uglify-js": "github:mishoo/UglifyJS2#1c15d0db456ce32f1b9b507aad97e5ee5c8285f7"}}`
	for _, p := range []string{"packages/pug/package.json", "node_modules/x/package.json"} {
		_ = os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, p), []byte(pinned), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rewrite := strings.TrimSuffix(cmd, " && yarn install")
	if out, err := exec.Command("bash", "-c", "cd "+dir+" && "+rewrite).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "packages/pug/package.json"))
	untouched, _ := os.ReadFile(filepath.Join(dir, "node_modules/x/package.json"))
	if string(got) != `{"devDependencies": {"uglify-js": "2.7.3"}}` || string(untouched) != pinned {
		t.Fatalf("manifest %s, node_modules' %s", got, untouched)
	}
	// again: the versions were asked for, yarn still reached GitHub
	file2 := bashfile.New()
	file2.Append(bashfile.Runtimes, cmd, bashfile.Provenance{Source: "test"})
	ctx.File = file2
	if ps := Propose(ctx, Failure{Phase: PhaseSetup, Command: "bash setup.sh", ExitCode: 1, Log: string(log)}); len(ps) == 0 || ps[0].Action != ActionNone || !strings.Contains(ps[0].Reason, "released versions already") {
		t.Fatalf("second time: %+v", ps)
	}
}
