package bashfile

import "testing"

func TestBuildStepsLeaveOutChecks(t *testing.T) {
	for _, tc := range []struct{ command, want string }{
		{"npm run _build:compile && npm run lint && npm test", "npm run _build:compile"},
		{"npm run lint && tsc -p .", "tsc -p ."},
		{"rollup -c", "npm run build"},
		{"eslint . && npm test", ""},
		{"tsc && node -e 'x' | tee log", "npm run build"},
	} {
		if got, _ := buildSteps("npm", tc.command); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.command, got, tc.want)
		}
	}
}
