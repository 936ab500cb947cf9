package pyramid

import (
	"strings"
	"testing"

	"github.com/heragent/heragent/pyramid/results"
)

func TestForceExit(t *testing.T) {
	out := "Tests:       3 todo, 237 passed, 240 total\nJest did not exit one second after the test run has completed.\n"
	for _, c := range []struct{ text, want string }{
		{"npm test", "npm test -- --forceExit"},
		{"npm run test:unit", "npm run test:unit -- --forceExit"},
		{"yarn test", "yarn test --forceExit"},
		{"npx jest -c test/jest.config.js", "npx jest -c test/jest.config.js --forceExit"},
		{"npm test && npm run lint", ""},
		{"npx jest && eslint .", ""},
		{"make check", ""},
	} {
		got, ok := ForceExit(Command{Text: c.text, Level: Testable}, out)
		if ok != (c.want != "") || ok && got.Text != c.want {
			t.Errorf("%q: %q %v, want %q", c.text, got.Text, ok, c.want)
		}
		if ok {
			if _, again := ForceExit(got, out); again {
				t.Errorf("%q: forced again", got.Text)
			}
		}
	}
	if _, ok := ForceExit(Command{Text: "npm test"}, "Tests: 1 passed, 1 total\n"); ok {
		t.Error("forced without Jest lingering")
	}
	if !Settled.MatchString(out) {
		t.Error("not settled")
	}
}

// The verdict on a runner stopped lingering says its tests finished.
func TestJudgeLingeringRunner(t *testing.T) {
	v := Judge(Command{Text: "npm test", Level: Testable, Bucket: Unit}, Outcome{TimedOut: true, Idle: 20e9,
		Output: "Tests:       237 passed, 240 total\nJest did not exit one second after the test run has completed.\n", Counts: results.Counts{Passed: 237}})
	if v.Passed || !strings.Contains(v.Reason, "its tests finished (237 passed, 0 failed) but the runner did not exit: stopped after 20s") {
		t.Errorf("%+v", v)
	}
}
