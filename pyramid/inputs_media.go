package pyramid

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io/fs"
	"path"
	"regexp"
	"strings"
)

// A documented use of an image or sound program names the reader's own
// file (`primitive -i input.png -o output.png -n 100`). Such files cannot
// be written as text; the project's own of the same kind — an example
// image, a test fixture — stands in for it, the smallest found, copied to
// the name the command uses. A picture the project has none of is drawn
// here (a PNG, JPEG or GIF) and written by the command itself.

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
	return e.bestOwn(&e.media, path.Ext(name), func(string, int64) int { return 1 })
}

// bestOwn is the checkout's non-empty file with extension ext of the
// highest rank, the smallest of those (walkFiles: outside
// dependencies); "" when there is none, or rank is 0 for each. What each
// extension gives is kept in *cache and looked for once.
func (e *env) bestOwn(cache *map[string]string, ext string, rank func(rel string, size int64) int) string {
	ext = strings.ToLower(ext)
	if f, ok := (*cache)[ext]; ok {
		return f
	}
	best, bestRank, size := "", 0, int64(-1)
	e.walkFiles(func(rel string, d fs.DirEntry) {
		if !d.Type().IsRegular() || strings.ToLower(path.Ext(rel)) != ext {
			return
		}
		info, err := d.Info()
		if err != nil || info.Size() == 0 {
			return
		}
		if r := rank(rel, info.Size()); r > bestRank || r == bestRank && r > 0 && info.Size() < size {
			best, bestRank, size = rel, r, info.Size()
		}
	})
	if *cache == nil {
		*cache = map[string]string{}
	}
	(*cache)[ext] = best
	return best
}

// mediaStandIns splits a command's missing inputs: the image and sound
// files, for which the commands copying the project's own or writing a
// picture (and making their directories) are pre, and the rest. A sound
// file the project has none of stays missing, and nothing is written
// for it.
func (e *env) mediaStandIns(missing []string) (pre, rest []string) {
	for _, f := range missing {
		if !mediaFileRe.MatchString(f) {
			rest = append(rest, f)
			continue
		}
		own, made := e.ownMedia(f), madeMedia(f)
		if own == "" && made == "" {
			continue
		}
		if d := path.Dir(f); d != "." {
			pre = append(pre, "mkdir -p "+quoteArg(d))
		}
		if own != "" {
			pre = append(pre, "cp "+quoteArg(own)+" "+quoteArg(f))
		} else {
			pre = append(pre, made)
		}
	}
	return pre, rest
}

// madeMedia is a command writing a small picture of name's kind (16×16,
// a colour gradient, encoded by the standard library, written through
// coreutils' base64) for a checkout
// that has none of its own (resize's README opens test.jpg); "" for
// other kinds.
func madeMedia(name string) string {
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			img.Set(x, y, color.RGBA{R: uint8(x * 16), G: uint8(y * 16), B: 128, A: 255})
		}
	}
	var b bytes.Buffer
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".png":
		err = png.Encode(&b, img)
	case ".jpg", ".jpeg":
		err = jpeg.Encode(&b, img, &jpeg.Options{Quality: 75})
	case ".gif":
		err = gif.Encode(&b, img, nil)
	default:
		return ""
	}
	if err != nil {
		return ""
	}
	return "printf '%s' " + base64.StdEncoding.EncodeToString(b.Bytes()) + " | base64 -d > " + quoteArg(name)
}
