package pyramid

import (
	"image"
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The picture a checkout lacks is written by the command itself: bash's
// printf makes a file that decodes as the kind its name says.
func TestMadeMedia(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"test.jpg", "in.PNG", "a.gif"} {
		cmd := exec.Command("bash", "-c", madeMedia(name))
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v: %s", name, err, out)
		}
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		cfg, kind, err := image.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != 16 || cfg.Height != 16 {
			t.Fatalf("%s: %s %+v %v", name, kind, cfg, err)
		}
	}
	if madeMedia("song.wav") != "" || madeMedia("notes.txt") != "" {
		t.Fatal("only pictures are drawn")
	}
}

// What an example writes is no input to make first: resize's
// os.Create("test_resized.jpg"), Python's open("out.txt", "w").
func TestWrittenIsNoInput(t *testing.T) {
	for code, want := range map[string]bool{
		`out, _ := os.Create("test_resized.jpg")`: true,
		`img.save("out.png")`:                     true,
		`with open("out.txt", "w") as f:`:         true,
		`with open("in.txt") as f:`:               false,
		`file, _ := os.Open("test.jpg")`:          false,
	} {
		m := literalFileRe.FindStringSubmatchIndex(code)
		if got := written(code, m[0], m[1]); got != want {
			t.Errorf("written(%q) = %v", code, got)
		}
	}
}
