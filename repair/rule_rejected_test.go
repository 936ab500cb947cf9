package repair

import "testing"

// A command whose program, named by its path, is not there after the
// build (exit 127) is "not built", recorded — an argument that is
// missing, or another exit status, is not.
func TestNotBuilt(t *testing.T) {
	log := readLog(t, "rejected/checkmk-not-built-libcheck.log")
	tests := []struct {
		command string
		exit    int
		want    Kind
	}{
		{"./checkmk/checkmk --version", 127, NotBuilt},
		{"cd build && ./checkmk/checkmk --help", 127, NotBuilt},
		{"cat ./checkmk/checkmk", 1, ""},
		{"./tool ./checkmk/checkmk", 127, ""},
	}
	for _, tt := range tests {
		ds := notBuilt(Failure{Phase: PhaseCommand, Command: tt.command, ExitCode: tt.exit, Log: log})
		got := Kind("")
		if len(ds) > 0 {
			got = ds[0].Kind
		}
		if got != tt.want {
			t.Errorf("%q exit %d: %q, want %q", tt.command, tt.exit, got, tt.want)
		}
	}
	ps := Propose(&Context{Index: fakeIndex}, Failure{Phase: PhaseCommand, Command: "./checkmk/checkmk --version", ExitCode: 127, Log: log})
	if len(ps) == 0 || ps[0].Diagnosis.Kind != NotBuilt || ps[0].Action != ActionRecord || ps[0].Diagnosis.Subject != "./checkmk/checkmk" {
		t.Fatalf("proposals %+v", ps)
	}
}

// A command that exited 0 but whose output lacks its landmark (gflags'
// consumer printing an empty VersionString) is recorded as that, not
// unknown; a failing exit status is not this.
func TestLandmarkMissing(t *testing.T) {
	f := Failure{Phase: PhaseCommand, Command: "timeout 10 /tmp/heragent-consumer", ExitCode: 0, Log: "\n", Verdict: `landmark "[0-9]" not in the output`}
	ps := Propose(&Context{Index: fakeIndex}, f)
	if len(ps) == 0 || ps[0].Diagnosis.Kind != LandmarkMissing || ps[0].Action != ActionRecord || ps[0].Diagnosis.Subject != "[0-9]" {
		t.Fatalf("proposals %+v", ps)
	}
	f.ExitCode = 1
	if ps := Propose(&Context{Index: fakeIndex}, f); len(ps) > 0 && ps[0].Diagnosis.Kind == LandmarkMissing {
		t.Errorf("a failing exit status: %+v", ps)
	}
}
