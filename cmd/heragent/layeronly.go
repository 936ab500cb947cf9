package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/report"
	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

// layerOnlyHelp is --layer-only's usage line.
const layerOnlyHelp = "only make the shared toolchain layer the run's first setup starts from (what a batch does for its next repositories while one runs); no repository code runs, nothing is written to --out"

// runLayerOnly analyses repo as run does and makes the shared toolchain
// layer its Bash File starts from (loops.PrepareLayer), then stops.
func runLayerOnly(cmd *cobra.Command, g *globals, f *runFlags, a *analysis, saved *pipeline.Plan, repo string) error {
	e, certs, rp, err := f.engineAndPlan(cmd, g, a, saved, repo)
	if err != nil {
		return err
	}
	defer e.Close()
	l, err := loops.PrepareLayer(cmd.Context(), loops.Docker(e), loops.RunOptions{
		Image: f.engine.image, CACerts: certs, File: rp.File, RunID: f.runID, NoCheckpoints: f.noCkpt,
		Limits:       sandbox.Limits{CPUs: f.cpus, MemoryBytes: f.memoryMiB << 20},
		SetupTimeout: f.setupTime, Progress: func(ev report.Event) { progress(g, cmd.ErrOrStderr(), ev) },
	})
	if err != nil {
		return err
	}
	return g.emit(cmd.OutOrStdout(), l, func(w io.Writer) { printLayer(w, l) })
}

func printLayer(w io.Writer, l loops.ToolchainLayer) {
	switch {
	case len(l.Packages) == 0:
		fmt.Fprintln(w, "no shared toolchain layer: the Bash File installs no toolchain package by name")
	case l.Image == "":
		fmt.Fprintf(w, "the shared toolchain layer of %s could not be made (the run installs them itself)\n", strings.Join(l.Packages, " "))
	case l.Made:
		fmt.Fprintf(w, "made the shared toolchain layer of %s in %.0fs\n", strings.Join(l.Packages, " "), l.Seconds)
	default:
		fmt.Fprintf(w, "the shared toolchain layer of %s is there\n", strings.Join(l.Packages, " "))
	}
}
