package repair

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// node-gyp failing to download Node's headers gets npm_config_nodedir set
// before the project's dependency install (not before a global tool
// install), so the addon builds against the installed node's headers.
func TestNodeGypHeaders(t *testing.T) {
	f := bashfile.New()
	for _, c := range []string{"pkg_install nodejs npm", "command -v yarn >/dev/null || npm install -g yarn@1", "yarn install --frozen-lockfile"} {
		if err := f.Append(bashfile.Runtimes, c, bashfile.Provenance{Source: "test"}); err != nil {
			t.Fatal(err)
		}
	}
	fail := Failure{Phase: PhaseSetup, Section: bashfile.Runtimes, Log: readLog(t, "node-gyp-headers/yarn-install-node-sqlite3.log")}
	ps := Propose(&Context{File: f}, fail)
	var p *Proposal
	for i := range ps {
		if ps[i].Rule == "node-gyp-headers" {
			p = &ps[i]
		}
	}
	if p == nil || p.Action != ActionEdit || len(p.Edits) != 1 {
		t.Fatalf("proposals %+v", ps)
	}
	for _, q := range ps {
		if q.Rule == "npm-lifecycle" && q.Action == ActionEdit {
			t.Errorf("the install must keep its scripts (they build the addon): %+v", q)
		}
	}
	w := f.Clone()
	if _, err := w.Apply(p.Edits[0]); err != nil {
		t.Fatal(err)
	}
	cmds := w.Section(bashfile.Runtimes).Commands
	if len(cmds) != 4 || cmds[2].Text != nodeDirCommand || cmds[3].Text != "yarn install --frozen-lockfile" {
		t.Fatalf("runtimes after the repair: %+v", cmds)
	}
	again := Propose(&Context{File: w, Attempts: []Proposal{*p}}, fail)
	for _, q := range again {
		if q.Rule == "node-gyp-headers" && q.Action != ActionNone {
			t.Errorf("a second time: %+v, want none", q)
		}
	}
}
