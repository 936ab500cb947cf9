package repair

import (
	"testing"

	"github.com/heragent/heragent/bashfile"
)

// yarn 1 refusing a dependency's engines field installs again with
// --ignore-engines; once it has it, no repair.
func TestNodeEngine(t *testing.T) {
	f := bashfile.New()
	for _, c := range []string{"pkg_install nodejs npm", "command -v yarn >/dev/null || npm install -g yarn@1", "yarn install --frozen-lockfile"} {
		if err := f.Append(bashfile.Runtimes, c, bashfile.Provenance{Source: "test"}); err != nil {
			t.Fatal(err)
		}
	}
	ds := (nodeEngine{}).Diagnose(Failure{Phase: PhaseSetup, Section: bashfile.Runtimes, Log: readLog(t, "node-engine/yarn-install-immer.log")})
	if len(ds) != 1 || ds[0].Subject != "semantic-release@25.0.3" {
		t.Fatalf("diagnoses %+v", ds)
	}
	p, _ := (nodeEngine{}).Propose(ds[0], &Context{File: f})
	if p.Action != ActionEdit || len(p.Edits) != 1 || p.Edits[0].Command != "yarn install --frozen-lockfile --ignore-engines" {
		t.Fatalf("proposal %+v", p)
	}
	w := f.Clone()
	if _, err := w.Apply(p.Edits[0]); err != nil {
		t.Fatal(err)
	}
	if q, _ := (nodeEngine{}).Propose(ds[0], &Context{File: w}); q.Action != ActionNone {
		t.Errorf("with --ignore-engines already: %+v", q)
	}
}
