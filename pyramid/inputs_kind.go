package pyramid

import (
	"path"
	"regexp"
	"strings"
)

// A documented use often names the reader's file only by its kind:
// `easyjson -all <file>.go`, `tool convert <input>.json`, `prog
// <data.csv>`. Such a command is no placeholder to drop: the project's own
// file of that kind stands in — one of its examples or test data, not a
// test module — and when it has none, a file named as the placeholder
// says, which withInputs then writes as a sample of its kind.

// kindPlaceholderRe is a placeholder for a file of a kind: "<file>.go",
// "<input>.json", "<data.csv>", "<your-file.md>".
var kindPlaceholderRe = regexp.MustCompile(`<([A-Za-z][\w-]*)>(\.[A-Za-z]\w{0,5})\b|<([A-Za-z][\w-]*)(\.[A-Za-z]\w{0,5})>`)

// exampleDirRe is a directory of examples or test data, whose files are
// the first to stand in for the reader's.
var exampleDirRe = regexp.MustCompile(`(?i)(^|/)(examples?|samples?|testdata|test-data|fixtures?|data|tests?|demo)(/|$)`)

// minStandIn is the size under which a file is likely a stub.
const minStandIn = 256

// testModuleRe is a test module's name: no use's input.
var testModuleRe = regexp.MustCompile(`(?i)(_test\.\w+$|^test_|\.test\.\w+$|\.spec\.\w+$)`)

// kindPlaceholders fills code's placeholders of a file kind; filled says
// what stands in for each, "" when code has none.
func (e *env) kindPlaceholders(code string) (out, filled string) {
	var said []string
	out = kindPlaceholderRe.ReplaceAllStringFunc(code, func(m string) string {
		s := kindPlaceholderRe.FindStringSubmatch(m)
		name, ext := s[1]+s[3], s[2]+s[4]
		f := e.ownOfKind(ext)
		if f == "" {
			f = strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(name, "your-"), "your_")) + ext
			said = append(said, m+" is a sample "+f)
		} else {
			said = append(said, m+" is the project's "+f)
		}
		return f
	})
	return out, strings.Join(said, ", ")
}

// ownOfKind is the checkout's file with extension ext that best stands
// in for a reader's: in a directory of examples or test data first, no
// test module, not a stub, the smallest; "" when there is none. Each
// extension's is looked for once.
func (e *env) ownOfKind(ext string) string {
	return e.bestOwn(&e.kinds, ext, func(rel string, size int64) int {
		if testModuleRe.MatchString(path.Base(rel)) || badFixtureRe.MatchString(rel) {
			return 0 // (a crashers/ or bad-input file is kept to make the program fail)
		}
		rank := 1
		if exampleDirRe.MatchString(path.Dir(rel)) {
			rank = 3
		}
		if size >= minStandIn {
			rank++ // something to work on, not a stub ("// No structs in this file")
		}
		return rank
	})
}
