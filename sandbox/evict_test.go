package sandbox

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/image"
)

// Eviction keeps the checkpoints under the cap: the least recently used
// leaf first (its parent only once no child is left), never one a
// container runs from or a live run made, and it stops once under.
func TestEvictCheckpoints(t *testing.T) {
	t.Setenv("HERAGENT_STATE_DIR", t.TempDir())
	live, dead := parent(t), exited(t)
	hour := func(h int) int64 { return time.Now().Add(-time.Duration(h) * time.Hour).Unix() }
	ckpt := func(key string, o Owner) map[string]string {
		return map[string]string{LabelKind: KindCheckpoint, LabelRun: "r", LabelOwner: o.String(), "key": key}
	}
	const gb = 1 << 30
	api := &fakeGCAPI{
		containers: []container.Summary{{ID: "c", ImageID: "sha256:used", Labels: map[string]string{}}},
		images: []image.Summary{
			{ID: "sha256:base", Size: 1 * gb}, // the base image: not a checkpoint
			{ID: "sha256:tool", ParentID: "sha256:base", Size: 2 * gb, Created: hour(50), Labels: ckpt("tool", dead)}, // 1 GB, parent of two
			{ID: "sha256:a", ParentID: "sha256:tool", Size: 5 * gb, Created: hour(40), Labels: ckpt("a", dead)},       // 3 GB, oldest leaf
			{ID: "sha256:b", ParentID: "sha256:tool", Size: 4 * gb, Created: hour(30), Labels: ckpt("b", dead)},       // 2 GB, used an hour ago
			{ID: "sha256:used", ParentID: "sha256:base", Size: 3 * gb, Created: hour(60), Labels: ckpt("u", dead)},    // 2 GB, a container's
			{ID: "sha256:mine", ParentID: "sha256:base", Size: 2 * gb, Created: hour(70), Labels: ckpt("m", live)},    // 1 GB, a live run's
		},
	}
	e := newEngine(api, "fake")
	lastUsed := func(l map[string]string) time.Time {
		if l["key"] == "b" {
			return time.Now().Add(-time.Hour)
		}
		return time.Time{}
	}
	// 9 GB in all; a cap of 6 GB: a (oldest leaf, 3 GB) goes and that is enough
	ev, err := e.EvictCheckpoints(context.Background(), 6*gb, lastUsed)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ev.Images, []string{"sha256:a"}) || ev.Freed != 3*gb || ev.Left != 6*gb {
		t.Fatalf("evicted %+v", ev)
	}
	// a cap of 1 GB: b goes, then tool (its children gone); used and mine stay
	api.images = slices.DeleteFunc(api.images, func(im image.Summary) bool { return im.ID == "sha256:a" })
	api.removed = nil
	ev, err = e.EvictCheckpoints(context.Background(), 1*gb, lastUsed)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(api.removed, []string{"sha256:b", "sha256:tool"}) || ev.Left != 3*gb {
		t.Fatalf("removed %v, left %d", api.removed, ev.Left)
	}
	// under the cap: nothing listed as removed
	api.removed = nil
	if ev, err := e.EvictCheckpoints(context.Background(), 100*gb, lastUsed); err != nil || len(ev.Images) != 0 || len(api.removed) != 0 {
		t.Fatalf("under the cap: %+v %v %v", ev, api.removed, err)
	}
}
