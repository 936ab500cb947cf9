// Package screenshot lets tests look at a page as a person would: headless
// Chromium renders an HTML file to a PNG, which is decoded and checked
// (its size, that it is not blank, that a chart's colour shows). Without
// Chromium the test skips, or fails when CI=true
// (scripts/provision-chromium.sh installs it).
package screenshot

import (
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Browser returns the path of Chromium.
func Browser(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium required when CI=true (scripts/provision-chromium.sh installs it)")
	}
	t.Skip("no chromium: apt-get install chromium")
	return ""
}

// Dir is where screenshots go: $HERAGENT_SCREENSHOTS when set (to keep
// them and look), else the test's temporary directory.
func Dir(t testing.TB) string {
	if d := os.Getenv("HERAGENT_SCREENSHOTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		return d
	}
	return t.TempDir()
}

// Take renders the HTML file page at a w×h window into out (a PNG) and
// returns it decoded; it fails the test when no PNG of that size came.
func Take(t testing.TB, page, out string, w, h int) image.Image {
	t.Helper()
	bin := Browser(t)
	abs, err := filepath.Abs(page)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(flags(t), "--screenshot="+out, "--window-size="+strconv.Itoa(w)+","+strconv.Itoa(h), "file://"+abs)...)
	log, err := cmd.CombinedOutput()
	f, ferr := os.Open(out)
	if ferr != nil {
		t.Fatalf("chromium wrote no screenshot (%v): %v\n%s", err, ferr, log)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot %s is no PNG: %v", out, err)
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("screenshot %s is %dx%d, asked %dx%d", out, b.Dx(), b.Dy(), w, h)
	}
	return img
}

// DOM loads the HTML file page, runs its scripts and returns the
// document as they left it.
func DOM(t testing.TB, page string) string {
	t.Helper()
	bin := Browser(t)
	abs, err := filepath.Abs(page)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, append(flags(t), "--dump-dom", "file://"+abs)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	return string(out)
}

func flags(t testing.TB) []string {
	return []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run", "--user-data-dir=" + t.TempDir()}
}

// Colours counts the distinct colours of an image.
func Colours(img image.Image) int {
	seen := map[color.RGBA]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			seen[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)] = true
		}
	}
	return len(seen)
}

// Pixels counts the pixels of colour hex ("#238b45"), within 2 per
// channel: how much of a chart drawn in that colour shows.
func Pixels(img image.Image, hex string) int {
	want := parseHex(hex)
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if near(c.R, want.R) && near(c.G, want.G) && near(c.B, want.B) {
				n++
			}
		}
	}
	return n
}

func near(a, b uint8) bool { return int(a)-int(b) <= 2 && int(b)-int(a) <= 2 }

func parseHex(s string) color.RGBA {
	var v [3]uint8
	for i := range v {
		v[i] = hexByte(s[1+2*i])<<4 | hexByte(s[2+2*i])
	}
	return color.RGBA{v[0], v[1], v[2], 255}
}

func hexByte(c byte) uint8 {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}
