package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/repair"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
)

// A run that stopped below its level on a limit of the base image's
// Debian release — a C++ standard its GCC lacks (capnproto: C++23), a
// pkg-config module older than the project asks that the next release's
// packages could not replace beside this release's (gexiv2's exiv2 ≥
// 0.28) — runs again on the next release's base image, bootstrapped from
// the Debian mirror when the engine lacks it, with the time the first run
// left. Only when the run's image is the default one: an image the user
// chose is theirs. --out holds the better of the two; the report of a
// second run that did better says why it ran on the newer release.

// minNewerTime is the least time left worth a second run.
const minNewerTime = 5 * time.Minute

// newerRelease is the Debian release a recorded limit of a run below its
// target names, or "".
func newerRelease(rep *report.Report) string {
	if rep.Level.Rank() >= rep.Target.Rank() {
		return ""
	}
	for i := len(rep.Repairs) - 1; i >= 0; i-- {
		if r := rep.Repairs[i]; r.Action == repair.ActionRecord && r.Release != "" {
			return r.Release
		}
	}
	return ""
}

// releaseImage is the default base image's reference for a release.
func releaseImage(release string) string {
	name, _, _ := strings.Cut(sandbox.DefaultImage, ":")
	return name + ":" + release
}

// onNewerRelease runs o again on the base image of the release first
// names, and returns the better report (its outputs in f.out).
func (f *runFlags) onNewerRelease(ctx context.Context, e *sandbox.Engine, first *report.Report, o loops.RunOptions, say func(string)) (*report.Report, error) {
	rel := newerRelease(first)
	if rel == "" || o.Image != sandbox.DefaultImage {
		return first, nil
	}
	left := o.MaxTime - time.Duration(first.Seconds*float64(time.Second))
	if left < minNewerTime {
		say(fmt.Sprintf("Debian %s might do better (%s), but the run has %s left", rel, first.WhyNotHigher, left.Round(time.Second)))
		return first, nil
	}
	image := releaseImage(rel)
	if ok, err := e.ImageExists(ctx, image); err != nil || !ok {
		say(fmt.Sprintf("bootstrapping %s from the Debian mirror (`heragent image bootstrap --suite %s`)", image, rel))
		if _, err := e.Bootstrap(ctx, sandbox.BootstrapOptions{Suite: rel, Tag: image}); err != nil {
			say(fmt.Sprintf("no %s: %v", image, err))
			return first, nil
		}
	}
	say(fmt.Sprintf("running again on Debian %s (%s): %s", rel, image, first.WhyNotHigher))
	out := o.Out
	o.Image, o.MaxTime, o.Out = image, left, out+".on-"+rel
	o.PublicBase = e.PublicBase(ctx, image)
	o.Notes = append(append([]string(nil), o.Notes...), fmt.Sprintf("ran on Debian %s (%s): on %s the run reached %s in %.0fs and stopped on a limit of that release: %s",
		rel, image, sandbox.DefaultImage, first.Level, first.Seconds, first.WhyNotHigher))
	os.RemoveAll(o.Out) // a second run's output a killed run left
	second, err := loops.Run(ctx, loops.Docker(e), o)
	if err != nil {
		os.RemoveAll(o.Out)
		return nil, err
	}
	if second.Level.Rank() <= first.Level.Rank() {
		say(fmt.Sprintf("on Debian %s it reached %s: %s keeps the first run's outputs", rel, second.Level, out))
		os.RemoveAll(o.Out)
		return first, nil
	}
	old := out + ".first-" + o.RunID
	if err := os.Rename(out, old); err != nil {
		return nil, err
	}
	if err := os.Rename(o.Out, out); err != nil {
		os.Rename(old, out)
		return nil, err
	}
	os.RemoveAll(old)
	return second, nil
}
