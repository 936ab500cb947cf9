package repair

import (
	"strings"
	"testing"
	"testing/fstest"
)

// A failed test whose code expects a permission error root never gets
// runs as the unprivileged user, though its log never says "permission".
func TestPermissionTestsFromSource(t *testing.T) {
	repo := fstest.MapFS{
		"go.mod": {Data: []byte("module github.com/spf13/cobra\n\ngo 1.15\n")},
		"fish_completions_test.go": {Data: []byte("package cobra\n\nfunc TestFailGenFishCompletionFile(t *testing.T) {\n" +
			"\tf, _ := os.OpenFile(filepath.Join(tmpDir, \"test\"), os.O_CREATE, 0400)\n\tgot := rootCmd.GenFishCompletionFile(f.Name(), false)\n" +
			"\tif !errors.Is(got, os.ErrPermission) {\n\t\tt.Errorf(\"got: %s\", got.Error())\n\t}\n}\n")},
		"sub/x_test.go":      {Data: []byte("package sub\n\nfunc TestOther(t *testing.T) {\n\tt.Errorf(\"wrong sum\")\n}\n\nfunc TestPerm(t *testing.T) {\n\tif err := os.Chmod(p, 0); err != nil {\n\t\tt.Fatal(err)\n\t}\n\tt.Errorf(\"no error\")\n}\n")},
		"test.c":             {Data: []byte("TEST (fs_open) {\n  FILE *fd;\n  fd = fs_open(\"./tmp/file\", 1);\n  assert(fd);\n  fs_close(fd);\n\n  fd = fs_open(\"/root/foo\", 2);\n  assert(NULL == fd);\n}\n")},
		"test/index.test.js": {Data: []byte("describe('various', () => {\n  it('sums', () => {\n    sum(1, 2).should.equal(3);\n  });\n  it('should emit warning for file with strict permission', async () => {\n    await mkdir(permitedDir, { mode: 0o333 });\n    let isWarningCalled = false;\n    isWarningCalled.should.equals(true);\n  });\n});\n")},
		"sum.c":              {Data: []byte("static void test_sum(void) {\n  assert(sum(1, 2) == 3);\n}\n")},
	}
	for _, tc := range []struct {
		log, want string
	}{
		{"--- FAIL: TestFailGenFishCompletionFile (0.00s)\npanic: runtime error: invalid memory address\ngithub.com/spf13/cobra.TestFailGenFishCompletionFile(0xc0001a7040)\n\t/repo/fish_completions_test.go:141 +0x292\n", ""}, // past the end of the file
		{"--- FAIL: TestFailGenFishCompletionFile (0.00s)\n\t/repo/fish_completions_test.go:7 +0x292\nFAIL\tgithub.com/spf13/cobra\t0.362s\n", "0400"},
		{"--- FAIL: TestPerm (0.00s)\n    x_test.go:11: no error\nFAIL\tgithub.com/spf13/cobra/sub\t0.1s\n", "os.Chmod"},
		{"--- FAIL: TestOther (0.00s)\n    x_test.go:4: wrong sum\nFAIL\tgithub.com/spf13/cobra/sub\t0.1s\n", ""},
		{"test: test.c:8: test_fs_open: Assertion `NULL == fd' failed.\nmake: *** [Makefile:22: test] Aborted\n", `"/root/`},
		{"test: sum.c:2: test_sum: Assertion `sum(1, 2) == 3' failed.\n", ""},
		{"file:///repo/test/index.test.js:8\n      isWarningCalled.should.equals(true);\nAssertionError: expected false to equal true\n    at Object.test (file:///repo/test/index.test.js:8:30)\n    at async runTest (file:///repo/node_modules/@paulmillr/jsbt/test.js:278:9)\n", "0o333"},
		{"    at Assertion.fail (/repo/node_modules/should/cjs/should.js:275:17)\n    at Context.<anonymous> (test/index.test.js:3:22)\n", ""},
	} {
		ds := permissionTests(Failure{Phase: PhaseCommand, Log: tc.log, Repo: repo})
		switch {
		case tc.want == "" && len(ds) > 0:
			t.Errorf("%q: diagnosed %+v", tc.log, ds)
		case tc.want != "" && (len(ds) != 1 || ds[0].Kind != NeedsNonRoot || !strings.Contains(ds[0].Evidence, tc.want)):
			t.Errorf("%q: got %+v, want evidence with %s", tc.log, ds, tc.want)
		}
	}
}
