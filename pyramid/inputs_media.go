package pyramid

import (
	"io/fs"
	"path"
	"path/filepath"
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

// mediaSkipDirs are directories whose files are not the project's.
var mediaSkipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, "third_party": true, ".venv": true}

// ownMedia is the smallest file of the checkout with name's extension,
// "" when it has none.
func (e *env) ownMedia(name string) string {
	ext := strings.ToLower(path.Ext(name))
	best, size := "", int64(-1)
	root := e.ix.Root
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if mediaSkipDirs[d.Name()] || strings.Count(strings.TrimPrefix(p, root), string(filepath.Separator)) > 4 {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || strings.ToLower(filepath.Ext(p)) != ext {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() == 0 {
			return nil
		}
		if size < 0 || info.Size() < size {
			rel, _ := filepath.Rel(root, p)
			best, size = filepath.ToSlash(rel), info.Size()
		}
		return nil
	})
	return best
}
