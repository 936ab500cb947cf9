package pyramid

import (
	"path"
	"regexp"
	"strings"
)

// A documented use can name an input of a kind only the project knows
// (stylus's `stylus style.styl -o style.css`, a template engine's
// `pug index.pug`, a schema compiler's `flatc -c monster.fbs`): no sample
// of the kind can be written here, but the project's own files of that
// kind — its examples, its test cases — are real inputs of the right
// kind: the one ownOfKind ranks first is copied to the name the command
// uses.

// ownKindArgRe is a relative path with an extension (the kind).
var ownKindArgRe = regexp.MustCompile(`^[\w][\w./+-]*\.([A-Za-z][A-Za-z0-9]{0,7})$`)

// ownKindStandIns are the commands copying, for each input of c the
// checkout lacks whose kind no sample is written for (dataFileRe,
// mediaFileRe, code), the project's own file of its kind to its name.
func (e *env) ownKindStandIns(c Command) (pre, names []string) {
	ws := words(c.Text)
	script := scriptArg(ws)
	for i := 1; i < len(ws); i++ {
		f := ws[i]
		m := ownKindArgRe.FindStringSubmatch(f)
		if m == nil || i == script || outputFlags[ws[i-1]] || strings.Contains(f, "..") || dataFileRe.MatchString(f) || mediaFileRe.MatchString(f) ||
			codeFileRe.MatchString(f) || notFixtures[strings.ToLower(m[1])] || e.fileExists(path.Join(c.Dir, f)) {
			continue
		}
		own := e.ownOfKind("." + m[1])
		if own == "" {
			continue
		}
		if d := path.Dir(f); d != "." {
			pre = append(pre, "mkdir -p "+quoteArg(d))
		}
		pre = append(pre, "cp "+quoteArg(own)+" "+quoteArg(f))
		names = append(names, f+" ← "+own)
	}
	return pre, names
}
