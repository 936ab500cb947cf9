package pyramid

import (
	"context"
	"testing"
)

// A test directory's suite driver in the shell (ape's tests/run_tests.sh)
// runs from its directory with the shell of its #! line; one the CI or the
// Makefile runs is theirs, and a single test's script is no driver.
func TestMineTestScript(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"run_tests.sh, by hand", map[string]string{"ape.c": "int x;\n", "tests/run_tests.sh": "#!/bin/bash\nset -e\npython3 ../utils/split.py\n", "tests/test-one.sh": "#!/bin/sh\n"},
			[]string{"cd tests && bash run_tests.sh"}},
		{"#!/bin/sh", map[string]string{"t/all.sh": "#!/bin/sh\n./x\n"}, []string{"cd t && sh all.sh"}},
		{"the CI runs it", map[string]string{"tests/run_tests.sh": "#!/bin/bash\n", ".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cd tests && ./run_tests.sh\n"}, nil},
		{"the Makefile runs it", map[string]string{"tests/runtests.sh": "#!/bin/bash\n", "Makefile": "check:\n\tcd tests && ./runtests.sh\n"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs, err := mineTestScript(context.Background(), repoEnv(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range cs {
				got = append(got, c.Text)
			}
			if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
