package build

import (
	"path/filepath"
	"testing"
)

func TestIgnoreSet(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, ".gitignore"), "# comment\n/git-add\n*.o\n*.tar.gz\nbuild/\ncore\n!keep.o\n/docs/*.html\ntmp\n")
	write(t, filepath.Join(root, "sub", ".gitignore"), "/local\n*.log\n!tmp\n")
	var s ignoreSet
	s.add(root, ".")
	s.add(filepath.Join(root, "sub"), "sub")
	for _, c := range []struct {
		rel  string
		dir  bool
		want bool
	}{
		{"git-add", false, true}, {"a/git-add", false, false}, {"x.o", false, true}, {"a/b/x.o", false, true},
		{"keep.o", false, false}, {"build", true, true}, {"build", false, false}, {"a/core", false, true},
		{"docs/a.html", false, true}, {"docs/x/a.html", false, false}, {"sub/local", false, true},
		{"local", false, false}, {"sub/a.log", false, true}, {"a.log", false, false},
		{"sub/tmp", false, false}, {"tmp", false, true}, {"main.c", false, false}, {"a/x.tar.gz", false, true}, {"x.gz", false, false},
	} {
		if got := s.ignored(c.rel, c.dir); got != c.want {
			t.Errorf("ignored(%q, dir=%v) = %v, want %v", c.rel, c.dir, got, c.want)
		}
	}
}
