package pyramid

import (
	"slices"
	"strings"
	"testing"
)

// argvsCases are argvs' table; FuzzArgvs starts from them too.
var argvsCases = []struct {
	text string
	want []string // each program's words joined by spaces, after effective
}{
	{"cd build && ctest --output-on-failure", []string{"ctest --output-on-failure"}},
	{"FOO=1 env CI=true LANG=C timeout -k 5 600 xvfb-run -a python3 -m pytest -q", []string{"pytest -q"}},
	{"uv run --with rich pytest -k 'a and b'", []string{"pytest -k a and b"}},
	{"poetry run python -m unittest tests.test_x", []string{"unittest tests.test_x"}},
	{"printf 'a b\\n' | timeout 10 ./build/wc --json | head -3", []string{"./build/wc --json"}},
	{`bash -c "cd t && prove -r ."`, []string{"prove -r ."}},
	{"python -X dev -W error tools/run.py --fast", []string{"tools/run.py --fast"}},
	{`python3 -c 'import x; print(x)'`, []string{"python -c import x; print(x)"}},
	{"node --test test/", []string{"node --test test/"}},
	{"bash -e tests/run_tests.sh --quick", []string{"tests/run_tests.sh --quick"}},
	{"npx --yes jest -t slug", []string{"jest -t slug"}},
	{"make -j$(nproc) check", []string{"make -j$(nproc) check"}},
	{"command -v curl >/dev/null && ./tool run", []string{"./tool run"}},
	{"if then fi (", nil},
}

func TestArgvs(t *testing.T) {
	for _, tt := range argvsCases {
		t.Run(tt.text, func(t *testing.T) {
			var got []string
			for _, a := range argvs(tt.text) {
				got = append(got, strings.Join(effective(a), " "))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("argvs = %q, want %q", got, tt.want)
			}
		})
	}
}
