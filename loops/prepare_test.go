package loops

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/heragent/heragent/bashfile"
	"github.com/heragent/heragent/pyramid"
)

// A batch prepares a repository's shared toolchain layer before its run
// (`heragent run --layer-only`): the layer is made without the
// repository, under the key the run looks for, so the run starts from it
// and makes none; preparing it again makes nothing.
func TestPreparedLayerServesTheRun(t *testing.T) {
	f := newFake()
	l, err := PrepareLayer(context.Background(), f, RunOptions{Image: "base", File: builtFile()})
	if err != nil || !l.Made || l.Image == "" || !slices.Equal(l.Packages, []string{"gcc", "make"}) {
		t.Fatalf("prepared %+v, %v: want the layer of gcc and make made", l, err)
	}
	if !slices.Equal(f.repos, []string{""}) || !slices.Equal(f.runs, []string{"install_base_toolchain"}) {
		t.Fatalf("sandboxes' repositories %q, sections run %v: want the base section alone, no repository", f.repos, f.runs)
	}
	again, err := PrepareLayer(context.Background(), f, RunOptions{Image: "base", File: builtFile()})
	if err != nil || again.Made || again.Image != l.Image {
		t.Fatalf("prepared again %+v, %v: want the same layer, not made", again, err)
	}
	g := newFakeLike(f).sharing(f)
	rep, _ := runFake(t, g, RunOptions{File: builtFile(), Pyramid: pyr(0), Target: pyramid.Installable, Repairer: scripted(nil)})
	if rep.Level != pyramid.Installable || rep.Setup[0].FromCheckpoint != "toolchain" || slices.Contains(g.repos, "") {
		t.Fatalf("the run: level %s, setup %+v, sandboxes' repositories %q: want a start from the prepared layer", rep.Level, rep.Setup, g.repos)
	}
	if traj := strings.Join(g.runs, " "); g.froms[0] != l.Image {
		t.Fatalf("the run started from %q (sections %s), want the prepared layer %q", g.froms[0], traj, l.Image)
	}
}

// A Bash File that installs no toolchain package by name has no layer to
// prepare, and no sandbox is started for it.
func TestNoLayerToPrepare(t *testing.T) {
	libs := bashfile.New()
	libs.AddPackages(bashfile.Base, testWhy, "libonig-dev")
	libs.Append(bashfile.Build, "make", testWhy)
	f := newFake()
	l, err := PrepareLayer(context.Background(), f, RunOptions{Image: "base", File: libs})
	if err != nil || l.Made || l.Image != "" || len(l.Packages) != 0 || len(f.repos) != 0 {
		t.Fatalf("prepared %+v, %v, sandboxes %q: want nothing", l, err, f.repos)
	}
}
