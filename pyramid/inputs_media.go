package pyramid

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// A documented use of an image or sound program names the reader's own
// file (`primitive -i input.png -o output.png -n 100`). Such files cannot
// be written as text; the project's own of the same kind — an example
// image, a test fixture — stands in for it, the smallest found, copied to
// the name the command uses.

// mediaFileRe is a relative path to an image or sound file.
var mediaFileRe = regexp.MustCompile(`(?i)^[\w][\w./+-]*\.(png|jpe?g|gif|bmp|webp|tiff?|ppm|pgm|pbm|wav|mp3|ogg|flac)$`)

// ownMedia is the smallest file of the checkout with the extension of
// name, an image or sound file's (walkFiles: outside dependencies); ""
// when name is none or the checkout has no such file. Each extension's
// is looked for once.
func (e *env) ownMedia(name string) string {
	if !mediaFileRe.MatchString(name) {
		return ""
	}
	ext := strings.ToLower(path.Ext(name))
	if own, ok := e.media[ext]; ok {
		return own
	}
	best, size := "", int64(-1)
	e.walkFiles(func(rel string, d fs.DirEntry) {
		if !d.Type().IsRegular() || strings.ToLower(path.Ext(rel)) != ext {
			return
		}
		if info, err := d.Info(); err == nil && info.Size() > 0 && (size < 0 || info.Size() < size) {
			best, size = rel, info.Size()
		}
	})
	if e.media == nil {
		e.media = map[string]string{}
	}
	e.media[ext] = best
	return best
}

// mediaStandIns splits a command's missing inputs: the image and sound
// files, for which the commands copying the project's own (and making
// their directories) are pre, and the rest. A media file the project
// has none of stays missing, and nothing is written for it.
func (e *env) mediaStandIns(missing []string) (pre, rest []string) {
	for _, f := range missing {
		if !mediaFileRe.MatchString(f) {
			rest = append(rest, f)
			continue
		}
		if own := e.ownMedia(f); own != "" {
			if d := path.Dir(f); d != "." {
				pre = append(pre, "mkdir -p "+quoteArg(d))
			}
			pre = append(pre, "cp "+quoteArg(own)+" "+quoteArg(f))
		}
	}
	return pre, rest
}
