package pyramid

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// A CI step running a script the CI keeps (wren's `script: ./.travis.sh`)
// gives the script's commands, its variables expanded; a step naming one
// function of the script runs that function; what the script runs only
// under a condition (another machine's) and what needs the CI's
// environment are left out.
func TestCIScriptCommandsAreMined(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"projects/make/Makefile": "all:\n\tcc -o ../../bin/wren_test ../../test/main.c\n",
		"util/test.py":           "print('ok')\n",
		".travis.yml":            "language: c\nscript: ./.travis.sh\n",
		".travis.sh": "#!/bin/bash\nset -e\nWREN_WD=\"projects/make\"\nif [ -n \"$WREN_TARGET_MAC\" ]; then\n  WREN_WD=\"projects/make.mac\"\nfi\n" +
			"WREN_PY=${WREN_PY_BINARY:-python3}\nmake -C $WREN_WD config=debug_64bit\n$WREN_PY ./util/test.py --suffix=_d\nmake -C $CI_ONLY_DIR\n",
		".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: tools/ci.sh unix_test\n",
		"tools/ci.sh":              "function unix_build {\n    make -C projects/make\n}\nfunction unix_test {\n    unix_build\n    python3 util/test.py\n}\nfunction other {\n    make other\n}\n",
	})
	cs, err := mineCI(t.Context(), e)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Command{}
	for _, c := range cs {
		got[c.Text] = c
	}
	for _, want := range []string{"make -C projects/make config=debug_64bit", "python3 ./util/test.py --suffix=_d", "make -C projects/make", "python3 util/test.py"} {
		if _, ok := got[want]; !ok {
			t.Errorf("%q not mined: %q", want, slices.Sorted(maps.Keys(got)))
		}
	}
	if c := got["python3 ./util/test.py --suffix=_d"]; c.Bucket != Unit || c.Why[0].File != ".travis.sh" || c.Why[0].Line != 9 {
		t.Errorf("the script's test command: %+v, want a Unit command from .travis.sh:9", c)
	}
	for _, not := range []string{"make -C projects/make.mac", "make other", "./.travis.sh"} {
		if _, ok := got[not]; ok {
			t.Errorf("%q mined", not)
		}
	}
	for k := range got {
		if strings.Contains(k, "CI_ONLY_DIR") {
			t.Errorf("a command needing the CI's variable was mined: %q", k)
		}
	}
}

// What a CI script does in another repository's clone, its runs of other
// scripts and its chains into its own functions are not the project's
// commands; a pushd is a cd.
func TestCIScriptOtherTrees(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"a clone (pyyaml's libyaml build)", "set -eux\ngit clone --branch \"$REF\" \"$REPO\" libyaml\npushd libyaml\n./bootstrap\nmake\nmake test-all\npopd\n", "set -eux"},
		{"after a popd", "pushd tests\nmake check\npopd\nmake install\n", "cd tests\nmake check"},
		{"runs of other scripts (libsodium's android-aar.sh)", "dist-build/android-armv7-a.sh\n./dist-build/android-x86.sh\nmake\n", "make"},
		{"a chain into the script's own function (tmux's `|| die`)", "die() { echo \"$@\"; exit 1; }\nautoreconf || die \"autoreconf failed\"\nmake\n", "make"},
	} {
		if got, _ := ciScriptBody(tc.src, ""); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
