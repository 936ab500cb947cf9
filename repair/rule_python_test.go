package repair

import (
	"slices"
	"testing"
)

// The plugins a pytest configuration needs, from its own errors: options
// of addopts pytest does not recognise, and ini keys it does not know
// (fatal under -W error).
func TestPytestPlugins(t *testing.T) {
	for _, tc := range []struct {
		log  string
		want []string
	}{
		{"__main__.py: error: unrecognized arguments: --asyncio-mode=strict", []string{"pytest_asyncio"}},
		{"pytest: error: unrecognized arguments: --cov=tqdm --cov-report=xml -n 4", []string{"pytest_cov", "xdist"}},
		{"E   pytest.PytestConfigWarning: Unknown config option: timeout", []string{"pytest_timeout"}},
		{"pytest: error: unrecognized arguments: --frobnicate", nil},
		{"error: unrecognized arguments: --cov", nil}, // not pytest's
	} {
		var got []string
		for _, d := range pytestPlugins(tc.log) {
			got = append(got, d.Subject)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.log, got, tc.want)
		}
	}
}
