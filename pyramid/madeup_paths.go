package pyramid

import (
	"regexp"
)

// A README program often reads a file at a made-up absolute path
// (gojsonschema's NewReferenceLoader("file:///home/me/schema.json"),
// "/path/to/config.yaml"): the reader puts the file where they like.
// localPlaceholders moves such a path into the directory the program runs
// in — its base name, or a file:// URI of it there (dir) — where the
// example's inputs are written (inputsFrom: the document's block of that
// kind, else a sample).

// madeUpPathRe is a quoted made-up absolute path to a data file, or
// its file:// URI: under /home, /Users, /path, /some, /your, /my, /foo or
// /example.
var madeUpPathRe = regexp.MustCompile("([\"'`])(file://)?/(?:home|Users|path|some|your|my|foo|example)/(?:[\\w.-]+/)*([\\w-][\\w.-]*\\.(?:ya?ml|json|toml|xml|csv|tsv|txt|md|ini|cfg|conf|html?|proto|sql|dot|hcl))([\"'`])")

// localPlaceholders is code with its made-up absolute paths made local to
// dir: a plain path becomes the file's base name (the program runs in
// dir), a file:// URI one of dir's file; dir "" gives base names only.
func localPlaceholders(code, dir string) string {
	return madeUpPathRe.ReplaceAllStringFunc(code, func(q string) string {
		m := madeUpPathRe.FindStringSubmatch(q)
		if m[2] != "" && dir != "" {
			return m[1] + "file://" + dir + "/" + m[3] + m[4]
		}
		return m[1] + m[3] + m[4]
	})
}
