package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A Go library's whole example program that imports the module is built
// in a scratch module replacing the module by the checkout, from the
// README first and, when the README has none, from the other documents;
// a fragment, a program of another module, one reading its stdin and a
// package other than main are not.
func TestGoExamples(t *testing.T) {
	prog := "package main\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/acme/cli/v2/cmd\"\n)\n\nfunc main() {\n\tfmt.Println(cmd.Name())\n}\n"
	e := repoEnv(t, map[string]string{
		"go.mod":     "module github.com/acme/cli/v2\n\ngo 1.21\n",
		"cmd/cmd.go": "package cmd\n\nfunc Name() string { return \"x\" }\n",
		"README.md":  "# cli\n\n```go\nimport \"github.com/acme/cli/v2\"\n```\n",
		"site/guide.md": "# Guide\n\n```go\npackage main\n\nimport \"{pathToYourApp}/cmd\"\n\nfunc main() { cmd.Execute() }\n```\n\n" +
			"```go\n" + prog + "```\n\n" +
			"```go\npackage cmd\n\nimport \"github.com/acme/cli/v2\"\n```\n\n" +
			"```go\npackage main\n\nimport (\n\t\"bufio\"\n\t\"os\"\n\t\"github.com/acme/cli/v2\"\n)\n\nfunc main() { bufio.NewScanner(os.Stdin).Scan() }\n```\n\n" +
			"```go\npackage main\n\nimport \"github.com/acme/cli/v2\"\n\nfunc main() {\n\t...\n}\n```\n",
		"vendor/github.com/x/y/README.md": "```go\n" + strings.ReplaceAll(prog, "acme/cli/v2/cmd", "x/y") + "```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("examples %+v", cs)
	}
	c := cs[0]
	for _, want := range []string{`> "$d/main.go" && cd "$d" && go mod init heragent.invalid/example`,
		`go mod edit -require=github.com/acme/cli/v2@v2.0.0 -replace=github.com/acme/cli/v2="$r" && { [ ! -f "$r/go.sum" ] || cp "$r/go.sum" .; } && go mod tidy && timeout 60 go run .)`,
		"fmt.Println(cmd.Name())"} {
		if !strings.Contains(c.Text, want) {
			t.Errorf("command lacks %q:\n%s", want, c.Text)
		}
	}
	if c.Bucket != Entry || c.Why[0].Source != "docs" || c.Why[0].File != "site/guide.md" {
		t.Errorf("command %+v", c)
	}
	if GradeRunnable(c) != EvidenceDocumented {
		t.Errorf("a documented example is a real use: %s", GradeRunnable(c))
	}
}

// A Go README program that serves (httprouter's: ListenAndServe(":8080",
// router)) is mined, and started in the background and proved by an
// answer on 127.0.0.1:8080.
func TestGoServerExampleIsProbed(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"go.mod":    "module github.com/acme/router\n\ngo 1.21\n",
		"router.go": "package router\n\nimport \"net/http\"\n\nfunc New() http.Handler { return http.NewServeMux() }\n",
		"README.md": "# router\n\n```go\npackage main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\n\t\"github.com/acme/router\"\n)\n\nfunc main() {\n\tlog.Fatal(http.ListenAndServe(\":8080\", router.New()))\n}\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("want the README's server, got %+v", cs)
	}
	c := serverize(context.Background(), e, cs)[0]
	if !c.Background || !strings.Contains(c.Text, "http://127.0.0.1:8080/") || !strings.Contains(c.Text, "timeout 60 go run .)") {
		t.Errorf("the server is not probed on 127.0.0.1:8080: %+v", c)
	}
}

// A Rust crate's README fragment is run as rustdoc would: wrapped in main
// (with a Result when it uses ?), in a scratch crate depending on the
// checkout by path, offline; blocks marked ignore/no_run and blocks that
// do not name the crate are not.
func TestRustExamples(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"Cargo.toml": "[package]\nname = \"fast-hash\"\nversion = \"1.0.0\"\nedition = \"2015\"\n[lib]\npath = \"lib.rs\"\n",
		"lib.rs":     "pub struct Map;\n",
		"README.md": "# fast-hash\n\n```rust\nuse fast_hash::Map;\n\nlet m = Map;\n```\n\n" +
			"```rust,no_run\nfast_hash::serve();\n```\n\n" +
			"```rust\nlet v: Vec<u8> = Vec::new();\n```\n\n" +
			"```rust\n# use std::error::Error;\nlet x = fast_hash::parse(\"1\")?;\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("examples %+v", cs)
	}
	for _, want := range []string{`fn main() {\nuse fast_hash::Map;`, `name = "heragent-example"`, `edition = "2021"`,
		`fast-hash = { path = "%s" }`, `"$PWD" > "$d/Cargo.toml" && timeout 600 cargo run --offline --quiet --manifest-path "$d/Cargo.toml")`} {
		if !strings.Contains(cs[0].Text, want) {
			t.Errorf("command lacks %q:\n%s", want, cs[0].Text)
		}
	}
	if want := `fn main() -> Result<(), Box<dyn std::error::Error>> {\nuse std::error::Error;`; !strings.Contains(cs[1].Text, want) {
		t.Errorf("a fragment using ? runs in a main returning Result, hidden lines shown:\n%s", cs[1].Text)
	}
}
