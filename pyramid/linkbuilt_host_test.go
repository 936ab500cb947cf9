package pyramid

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A C example links a static library of C++ code with cc: builtLibs and
// linkBuilt add the C++ runtime, without which the link fails
// (LibRaw's C samples). The fixture is this test's own code, compiled
// and run on the host with its gcc and g++.
func TestLinkBuiltAddsTheCxxRuntime(t *testing.T) {
	for _, tool := range []string{"cc", "g++", "ar", "nm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s on this host", tool)
		}
	}
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("count.cc", "#include <string>\nextern \"C\" int count(const char *s) { return std::string(s).size(); }\n")
	write("example.c", "#include <stdio.h>\nint count(const char *);\nint main(void) { printf(\"%d\\n\", count(\"heragent\")); return 0; }\n")
	run := func(script string) (string, error) {
		cmd := exec.Command("bash", "-c", script)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run("g++ -c count.cc -o count.o && ar rcs libcount.a count.o"); err != nil {
		t.Fatalf("fixture: %v\n%s", err, out)
	}
	link := builtLibs + "; cc -o example example.c -pthread" + linkBuilt + " && ./example"
	if out, err := run(link); err != nil || strings.TrimSpace(out) != "8" {
		t.Fatalf("the C example did not link the C++ archive: %v\n%s", err, out)
	}
	if out, err := run(strings.Replace(link, "$X ", "", 1)); err == nil || !strings.Contains(out, "undefined reference") {
		t.Fatalf("without the C++ runtime the link passed, so the test shows nothing: %v\n%s", err, out)
	}
}
