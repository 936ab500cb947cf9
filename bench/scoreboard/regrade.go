package main

import (
	"os"
	"path/filepath"

	"github.com/heragent/heragent/batch"
	"github.com/heragent/heragent/pyramid"
	"github.com/heragent/heragent/report"
)

// regrade fills, for a report written before schema 2 (no grades, no
// test counts, no time to the level), what the scoreboard shows, by the
// same rules: the command that proved Testable (its last passing one) is
// graded with pyramid.GradeTestable from its pyramid.json entry, without
// the graph's test count; the time to the level is the whole run's.
func regrade(dir batch.Dir, rec batch.Result, rep *report.Report) {
	if rep.SchemaVersion >= 2 {
		return
	}
	rep.TestsRun = rep.Tests.Passed + rep.Tests.Failed + rep.Tests.Errors
	rep.LevelSeconds = rep.Seconds
	if rep.Level.Rank() < pyramid.Testable.Rank() {
		return
	}
	var pyr *pyramid.Pyramid
	if b, err := os.ReadFile(filepath.Join(string(dir), rec.Out, "pyramid.json")); err == nil {
		pyr, _ = pyramid.Load(b)
	}
	last := 0
	for _, c := range rep.Commands {
		last = max(last, c.Iteration)
	}
	for _, cr := range rep.Commands {
		if cr.Iteration != last || !cr.Passed || cr.Level != pyramid.Testable {
			continue
		}
		c := pyramid.Command{Text: cr.Text, Dir: cr.Dir, Bucket: cr.Bucket, Level: cr.Level}
		if pyr != nil {
			for _, pc := range pyr.Commands {
				if pc.Text == cr.Text && pc.Level == cr.Level {
					c = pc
				}
			}
		}
		rep.TestableEvidence, _ = pyramid.GradeTestable(c, cr.Counts, 0)
	}
}
