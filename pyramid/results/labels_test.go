package results

import "testing"

// A summary sentence, with or without "K of N".
func TestLabelSentences(t *testing.T) {
	for in, want := range map[string]Counts{
		"51 tests passed in 5 sec":             {Passed: 51},
		"Error: 2 of 51 tests failed in 5 sec": {Passed: 49, Failed: 2},
		"118 of 120 tests passed":              {Passed: 118},
	} {
		got, ok := parseLabels([]string{in})
		if !ok || got.Passed != want.Passed || got.Failed != want.Failed {
			t.Errorf("%q: %+v %v, want %+v", in, got, ok, want)
		}
	}
}
