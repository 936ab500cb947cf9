package pyramid

import (
	"path"
	"slices"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// A README that shows the file its example reads — "Consider an INI file
// such as the following:" and an ini block, then the code that reads
// `./Original.ini` (npm/ini); a YAML block, then `yq '.a' sample.yaml` —
// gave the reader that content. shownData finds it: the nearest code block
// before the command in the same section of the same document whose
// language is the file's kind. The sample of the kind (sampleFor) stays
// the fallback; the document's own data makes the example's output the
// one the docs describe.

// dataLangs are the code block languages of a data file's extension.
var dataLangs = map[string][]string{
	"ini": {"ini", "dosini", "cfg"}, "cfg": {"ini", "dosini", "cfg"}, "conf": {"conf", "ini", "nginx", "apache"},
	"json": {"json", "jsonc", "json5"}, "yaml": {"yaml", "yml"}, "yml": {"yaml", "yml"}, "toml": {"toml"},
	"xml": {"xml"}, "csv": {"csv"}, "tsv": {"tsv"}, "properties": {"properties"}, "proto": {"proto", "protobuf"},
	"sql": {"sql"}, "html": {"html"}, "htm": {"html"}, "hcl": {"hcl", "terraform", "tf"},
	// templates a template engine's example reads (tempura's readFile('example.hbs'))
	"hbs": {"hbs", "handlebars", "html"}, "handlebars": {"hbs", "handlebars", "html"}, "mustache": {"mustache", "html"},
	"ejs": {"ejs", "html"}, "njk": {"njk", "nunjucks", "jinja", "html"}, "j2": {"jinja", "jinja2", "j2", "html"},
	"jinja": {"jinja", "jinja2", "j2", "html"}, "jinja2": {"jinja", "jinja2", "j2", "html"}, "liquid": {"liquid", "html"}, "pug": {"pug", "jade"},
}

// shownData is the content of the data file f that doc shows before line
// in the same section, and whether there is one.
func shownData(secs []retrieval.DocSection, doc string, line int64, f string) (string, bool) {
	if d, ok := catShown(secs, doc, line, f); ok {
		return d, true
	}
	langs := dataLangs[strings.TrimPrefix(path.Ext(f), ".")]
	if len(langs) == 0 || doc == "" || line <= 0 {
		return "", false
	}
	for _, s := range secs {
		if s.Path != doc || line < s.Line || s.EndLine > 0 && line > s.EndLine {
			continue
		}
		best := -1
		for i, cb := range s.Code {
			if cb.Line < line && dataBlock(cb, langs) {
				best = i
			}
		}
		if best >= 0 {
			code := s.Code[best].Code
			if !strings.HasSuffix(code, "\n") {
				code += "\n"
			}
			return code, true
		}
	}
	return "", false
}

// docShown finds the data a code block cb of section s reads: the block
// of its kind before it in the section (shownData), else one anywhere in
// the document (shownInDoc).
func docShown(secs []retrieval.DocSection, s retrieval.DocSection, cb retrieval.CodeBlock) func(f string) (string, bool) {
	return func(f string) (string, bool) {
		if d, ok := shownData([]retrieval.DocSection{s}, s.Path, cb.Line, f); ok {
			return d, true
		}
		return shownInDoc(secs, s.Path, f)
	}
}

// noShown is for code no document section holds.
func noShown(string) (string, bool) { return "", false }

// shownInDoc is the content of the data file f that doc shows anywhere:
// the first code block of f's kind in a section whose text names the file,
// else the document's first block of that kind (hcl's README shows
// config.hcl in a later section than the program reading it).
func shownInDoc(secs []retrieval.DocSection, doc, f string) (string, bool) {
	langs := dataLangs[strings.TrimPrefix(path.Ext(f), ".")]
	first := ""
	for _, s := range secs {
		if s.Path != doc {
			continue
		}
		for _, cb := range s.Code {
			if !dataBlock(cb, langs) {
				continue
			}
			code := cb.Code
			if !strings.HasSuffix(code, "\n") {
				code += "\n"
			}
			if strings.Contains(s.Text, path.Base(f)) {
				return code, true
			}
			if first == "" {
				first = code
			}
		}
	}
	return first, first != ""
}

// dataBlock reports a whole code block in one of a data kind's languages.
func dataBlock(cb retrieval.CodeBlock, langs []string) bool {
	return slices.Contains(langs, strings.ToLower(cb.Lang)) && !ellipsisLine.MatchString(cb.Code) && strings.TrimSpace(cb.Code) != ""
}
