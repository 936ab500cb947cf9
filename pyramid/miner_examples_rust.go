package pyramid

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A Rust library's README shows its use as rustdoc would test it: a
// fragment (`use fnv::FnvHashMap; let mut map = …`) that rustdoc wraps in
// `fn main`. rustExample does the same in a scratch crate outside the
// checkout that depends on the checkout by path, and runs it with cargo
// offline (the registry is what the project's own build fetched).

// rustSkipAttrs are code block attributes rustdoc does not run.
var rustSkipAttrs = set("ignore", "no_run", "compile_fail", "should_panic", "text", "sh", "toml")

var (
	rustMainRe   = regexp.MustCompile(`(?m)^\s*(?:pub\s+)?fn\s+main\s*\(`)
	rustHiddenRe = regexp.MustCompile(`(?m)^(\s*)# `) // rustdoc's hidden lines run too
	rustTryRe    = regexp.MustCompile(`\?\s*;`)
	rustWaitsRe  = regexp.MustCompile(`\.incoming\(\)|TcpListener::bind|stdin\(\)|\.serve\(`)
)

// rustExample is the command that runs a README code block in language
// lang (an info string such as "rust,no_run") as rustdoc would, against
// the checkout's crate, or false when the block does not use the crate.
func rustExample(ctx context.Context, e *env, lang, code string, n int) (string, bool) {
	attrs := strings.FieldsFunc(strings.ToLower(lang), func(r rune) bool { return r == ',' || r == ' ' })
	if len(attrs) == 0 || (attrs[0] != "rust" && attrs[0] != "rs") {
		return "", false
	}
	for _, a := range attrs[1:] {
		if rustSkipAttrs[a] {
			return "", false
		}
	}
	name, edition := cargoPackage(ctx, e)
	ident := strings.ReplaceAll(name, "-", "_")
	if name == "" || !regexp.MustCompile(`\b`+regexp.QuoteMeta(ident)+`::`).MatchString(code) ||
		rustWaitsRe.MatchString(code) || ellipsisLine.MatchString(code) {
		return "", false
	}
	code = rustHiddenRe.ReplaceAllString(code, "$1")
	switch {
	case rustMainRe.MatchString(code):
	case rustTryRe.MatchString(code):
		code = "fn main() -> Result<(), Box<dyn std::error::Error>> {\n" + code + "\nOk(())\n}\n"
	default:
		code = "fn main() {\n" + code + "\n}\n"
	}
	code = "#![allow(unused)]\n" + code
	if edition != "2018" && edition != "2021" && edition != "2024" {
		edition = "2021" // a 2015 crate's users name it without extern crate too
	}
	manifest := fmt.Sprintf("[package]\nname = \"heragent-example\"\nversion = \"0.0.0\"\nedition = \"%s\"\n\n[dependencies]\n%s = { path = \"%%s\" }\n", edition, name)
	d := fmt.Sprintf("/tmp/heragent-example-%d", n)
	return fmt.Sprintf(`(d=%s; rm -rf "$d" && mkdir -p "$d/src" && printf '%%s' %s > "$d/src/main.rs" && printf %s "$PWD" > "$d/Cargo.toml" && `+
		`timeout 600 cargo run --offline --quiet --manifest-path "$d/Cargo.toml")`, d, quoteArg(code), quoteArg(manifest)), true
}

// cargoPackage is the top Cargo.toml's package name and edition.
func cargoPackage(ctx context.Context, e *env) (name, edition string) {
	fs, err := e.ix.FindFiles(ctx, retrieval.FileQuery{Glob: "Cargo.toml"})
	if err != nil || len(fs) == 0 {
		return "", ""
	}
	name, _ = fs[0].Facts["name"].(string)
	edition, _ = fs[0].Facts["edition"].(string)
	return name, edition
}
