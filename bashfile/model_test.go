package bashfile

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func sample(t *testing.T) *File {
	t.Helper()
	f := New()
	why := Provenance{Source: "cmake", File: "CMakeLists.txt", Line: 3, Note: "find_package(ZLIB)"}
	if _, err := f.AddPackages(Base, Provenance{Source: "c", Note: "compiler"}, "build-essential", "cmake"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.AddPackages(Base, why, "zlib1g-dev", "cmake"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sec  SectionID
		text string
	}{
		{Runtimes, `[ -d .venv ] || python3 -m venv .venv`},
		{Runtimes, `path_prepend "$REPO_DIR/.venv/bin"`},
		{Build, "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release"},
		{Build, "cmake --build build -j\"$(nproc)\""},
		{Build, "if [ -f extra.sh ]; then\n  bash extra.sh\nfi"},
		{Build, "cat > build/config.txt <<'EOF'\nkey = value\n  indented\nEOF"},
	} {
		if err := f.Append(c.sec, c.text, why); err != nil {
			t.Fatalf("Append %q: %v", c.text, err)
		}
	}
	return f
}

func TestRenderParseRoundTrip(t *testing.T) {
	f := sample(t)
	text := f.Render()
	g, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, text)
	}
	if again := g.Render(); again != text {
		t.Fatalf("round trip changed the text:\n--- first\n%s\n--- second\n%s", text, again)
	}
	a, _ := json.Marshal(f)
	b, _ := json.Marshal(g)
	if string(a) != string(b) {
		t.Fatalf("round trip changed the model:\n%s\n%s", a, b)
	}
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestEdits(t *testing.T) {
	why := Provenance{Source: "repair:test"}
	tests := []struct {
		name        string
		edit        Edit
		wantChanged bool
		wantErr     bool
		check       func(*File) bool
	}{
		{"append", Edit{Op: OpAppend, Section: Build, Command: "make test"}, true, false,
			func(f *File) bool { c := f.Section(Build).Commands; return c[len(c)-1].Text == "make test" }},
		{"append duplicate is a no-op", Edit{Op: OpAppend, Section: Runtimes, Command: "[ -d .venv ] || python3 -m venv .venv"}, false, false, nil},
		{"insert before match", Edit{Op: OpInsertBefore, Section: Build, Match: "cmake --build", Command: "mkdir -p build"}, true, false,
			func(f *File) bool { return f.Find(Build, "mkdir -p build") == f.Find(Build, "cmake --build")-1 }},
		{"insert after index", Edit{Op: OpInsertAfter, Section: Build, Index: 0, Command: "ls build"}, true, false,
			func(f *File) bool { return f.Find(Build, "ls build") == 1 }},
		{"replace keeps provenance", Edit{Op: OpReplace, Section: Build, Match: "-DCMAKE_BUILD_TYPE", Command: "cmake -S . -B build -DCMAKE_C_FLAGS=-Wno-error"}, true, false,
			func(f *File) bool {
				c := f.Section(Build).Commands[0]
				return len(c.Why) == 2 && strings.Contains(c.Text, "Wno-error")
			}},
		{"remove", Edit{Op: OpRemove, Section: Build, Match: "extra.sh"}, true, false,
			func(f *File) bool { return f.Find(Build, "extra.sh") < 0 }},
		{"add packages merges", Edit{Op: OpAddPackages, Section: Base, Packages: []string{"libevent-dev", "cmake"}}, true, false,
			func(f *File) bool {
				return strings.Join(f.Packages(Base), " ") == "build-essential cmake zlib1g-dev libevent-dev"
			}},
		{"add known packages is a no-op", Edit{Op: OpAddPackages, Section: Base, Packages: []string{"cmake"}}, false, false, nil},
		{"bad package name", Edit{Op: OpAddPackages, Section: Base, Packages: []string{"x; rm -rf /"}}, false, true, nil},
		{"invalid shell", Edit{Op: OpAppend, Section: Build, Command: "if then fi ("}, false, true, nil},
		{"two statements", Edit{Op: OpAppend, Section: Build, Command: "a\nb"}, false, true, nil},
		{"missing target", Edit{Op: OpRemove, Section: Build, Match: "no such command"}, false, true, nil},
		{"index out of range", Edit{Op: OpReplace, Section: Build, Index: 99, Command: "true"}, false, true, nil},
		{"main is append-only", Edit{Op: OpRemove, Section: Main, Index: 0}, false, true, nil},
		{"unknown section", Edit{Op: OpAppend, Section: "nope", Command: "true"}, false, true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := sample(t)
			tt.edit.Why = why
			changed, err := f.Apply(tt.edit)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil && !errors.Is(err, ErrInvalid) {
				t.Errorf("error does not wrap ErrInvalid: %v", err)
			}
			if changed != tt.wantChanged {
				t.Fatalf("changed = %v, want %v", changed, tt.wantChanged)
			}
			if tt.check != nil && !tt.check(f) {
				t.Fatalf("edit %s not applied as expected:\n%s", tt.edit, f.Render())
			}
			if err := f.Validate(); err != nil {
				t.Fatalf("edited file invalid: %v", err)
			}
		})
	}
}

func TestParseRefusesForeignScripts(t *testing.T) {
	good := New().Render()
	tests := map[string]string{
		"syntax error":            "#!/bin/bash\nif then\n",
		"no structure":            "#!/bin/bash\napt-get install -y gcc\n",
		"missing section":         strings.Replace(good, "build_project() {\n  :\n}\n", "", 1),
		"unknown function":        good + "\nextra() { :; }\n",
		"stray top-level command": good + "\necho hi\n",
	}
	for name, text := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := Parse(text); !errors.Is(err, ErrInvalid) {
				t.Fatalf("Parse accepted it or wrong error: %v", err)
			}
		})
	}
}

func TestValidateChecksMainOrder(t *testing.T) {
	f := New()
	f.Section(Main).Commands = f.Section(Main).Commands[1:] // drop init_context
	if err := f.Validate(); !errors.Is(err, ErrInvalid) {
		t.Fatalf("Validate = %v", err)
	}
}

func TestCloneIsDeep(t *testing.T) {
	f := sample(t)
	g := f.Clone()
	g.Section(Build).Commands[0].Text = "changed"
	g.Section(Build).Commands[0].Why[0].Note = "changed"
	if f.Section(Build).Commands[0].Text == "changed" || f.Section(Build).Commands[0].Why[0].Note == "changed" {
		t.Fatal("Clone shares memory with the original")
	}
}

func TestAtMapsScriptLinesToCommands(t *testing.T) {
	f := New()
	_ = f.Append(Build, "[ -f build/build.ninja ] || meson setup build", Provenance{Source: "meson"})
	_ = f.Append(Build, "if true; then\n  ./gradlew assemble\nfi", Provenance{Source: "gradle"})
	lines := strings.Split(f.Render(), "\n")
	for n, l := range lines {
		p, ok := f.At(n + 1)
		switch strings.TrimSpace(l) {
		case "[ -f build/build.ninja ] || meson setup build":
			if !ok || p != (Place{Build, 0}) {
				t.Errorf("line %d %q: %v %v", n+1, l, p, ok)
			}
		case "./gradlew assemble":
			if !ok || p != (Place{Build, 1}) {
				t.Errorf("line %d %q: %v %v", n+1, l, p, ok)
			}
		case "# [gradle]", "if [ \"$#\" -gt 0 ]; then run_sections \"$@\"; else main; fi", "build_project() {":
			if ok {
				t.Errorf("line %d %q is no command: %v", n+1, l, p)
			}
		}
	}
	if _, ok := f.At(len(lines) + 5); ok {
		t.Error("a line past the end is no command")
	}
}

// A provenance note is often a line of a log, with any bytes in it: the
// script still parses (the shell parser refuses invalid UTF-8 anywhere).
func TestProvenanceFromALogKeepsTheScriptValid(t *testing.T) {
	f := New()
	why := Provenance{Source: "repair:x", Note: "no_destru\x83tor.h:24: error\nsecond line"}
	if err := f.Append(Build, "make", why); err != nil {
		t.Fatal(err)
	}
	if _, err := f.AddPackages(Base, why, "gcc"); err != nil {
		t.Fatal(err)
	}
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	if got := f.Section(Build).Commands[0].Why[0].Note; got != "no_destru\uFFFDtor.h:24: error second line" {
		t.Errorf("note %q", got)
	}
}

// A match that is a whole command edits that command, not an earlier one
// containing it (yargs-parser: the edit of `npm install` had replaced
// `… || { npm install -g node@20 && hash -r; }`).
func TestEditMatchesTheWholeCommandFirst(t *testing.T) {
	f := sample(t)
	why := Provenance{Source: "repair:test"}
	if _, err := f.Apply(Edit{Op: OpAppend, Section: Runtimes, Command: "python3 -m venv .venv", Why: why}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Apply(Edit{Op: OpReplace, Section: Runtimes, Match: "python3 -m venv .venv", Command: "python3 -m venv --clear .venv", Why: why}); err != nil {
		t.Fatal(err)
	}
	if f.Find(Runtimes, "[ -d .venv ] || python3 -m venv .venv") < 0 || f.Find(Runtimes, "python3 -m venv --clear .venv") < 0 {
		t.Fatalf("the wrong command was replaced:\n%s", f.Render())
	}
}
