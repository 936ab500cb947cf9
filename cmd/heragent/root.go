package main

import (
	"encoding/json"
	"io"

	"github.com/heragent/heragent/internal/buildinfo"
	"github.com/spf13/cobra"
)

// globals holds the flags every command shares.
type globals struct {
	json bool // print machine-readable JSON instead of text
}

func newRootCmd() *cobra.Command {
	g := &globals{}
	root := &cobra.Command{
		Use:           "heragent",
		Short:         "Turn a source repository into a verified, reproducible environment",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       buildinfo.Version(),
	}
	root.SetVersionTemplate("heragent {{.Version}}\n")
	root.PersistentFlags().BoolVar(&g.json, "json", false, "print machine-readable JSON")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	root.AddCommand( // one constructor per command file
		newDoctorCmd(g),
		newExecCmd(g),
		newGCCmd(g),
		newGraphCmd(g),
		newImageCmd(g),
		newIndexCmd(g),
		newVerifyCmd(g),
		newPyramidCmd(g),
		newRunCmd(g),
		newPlanCmd(g),
		newBatchCmd(g),
		newWorkerCmd(g),
		newVersionCmd(g),
	)
	return root
}

// emit prints v as indented JSON when --json is set, and calls text otherwise.
func (g *globals) emit(w io.Writer, v any, text func(io.Writer)) error {
	if g.json {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	text(w)
	return nil
}

// exactArgs is cobra.ExactArgs with a usage exit code.
func exactArgs(n int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.ExactArgs(n)(cmd, args); err != nil {
			return usageError(err)
		}
		return nil
	}
}

// rangeArgs is cobra.RangeArgs with a usage exit code.
func rangeArgs(min, max int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if err := cobra.RangeArgs(min, max)(cmd, args); err != nil {
			return usageError(err)
		}
		return nil
	}
}

// hideAliases hides flags kept only as old spellings of renamed ones
// (README's command table names the current ones), so scripts written
// for the old names keep working.
func hideAliases(cmd *cobra.Command, names ...string) {
	for _, n := range names {
		if err := cmd.Flags().MarkHidden(n); err != nil {
			panic(err) // a name that was never registered: a bug here
		}
	}
}
