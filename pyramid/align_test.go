package pyramid

import "testing"

func TestAlignDropsOtherBuildSystems(t *testing.T) {
	p := &Pyramid{}
	for _, text := range []string{
		"cmake -S . -B build", "meson setup build", "meson test -C build", "ctest --test-dir build",
		"CC=clang ../configure --prefix=/usr", "sh autogen.sh", "make test", "./build/apps/json_parse --help",
	} {
		p.Add(Command{Text: text, Bucket: Unit})
	}
	p.Add(Command{Text: "meson test -C b2", Bucket: Entry, Expect: []string{"ok"}})
	dropped := p.Align([]string{"cmake", "python"})
	var kept []string
	for _, c := range p.Commands {
		kept = append(kept, c.Text)
	}
	want := []string{"cmake -S . -B build", "ctest --test-dir build", "make test", "./build/apps/json_parse --help", "meson test -C b2"}
	if len(kept) != len(want) {
		t.Fatalf("kept %q, want %q", kept, want)
	}
	for i := range want {
		if kept[i] != want[i] {
			t.Fatalf("kept %q, want %q", kept, want)
		}
	}
	if len(dropped) != 4 {
		t.Fatalf("dropped %d commands, want 4", len(dropped))
	}
}

func TestAlignWithoutACBuildSystemKeepsAll(t *testing.T) {
	p := &Pyramid{}
	p.Add(Command{Text: "meson test -C build", Bucket: Unit})
	p.Add(Command{Text: "pytest", Bucket: Unit})
	if d := p.Align([]string{"python"}); len(d) != 0 || len(p.Commands) != 2 {
		t.Fatalf("dropped %v", d)
	}
}

func TestCIDiagnosticsAreNoEvidence(t *testing.T) {
	for _, text := range []string{"npx envinfo", "npx --yes envinfo --system", "uname -a", "lscpu", "df -h"} {
		if hardDrop(text) == "" {
			t.Errorf("%q is kept", text)
		}
	}
	for _, text := range []string{"./envinfo-tool", "make df", "uname_test"} {
		if why := hardDrop(text); why != "" {
			t.Errorf("%q dropped: %s", text, why)
		}
	}
}
