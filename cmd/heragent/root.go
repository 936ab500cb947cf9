package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

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
		newMCPCmd(g),
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

// group makes cmd a command that only holds subcommands: alone it prints
// its help; with an argument that names none of them it is a usage error
// (exit 2) naming the valid ones and cobra's nearest spelling.
func group(cmd *cobra.Command, subs ...*cobra.Command) *cobra.Command {
	cmd.AddCommand(subs...)
	cmd.Args = cobra.ArbitraryArgs
	cmd.SuggestionsMinimumDistance = 2
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		var names []string
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				names = append(names, c.Name())
			}
		}
		msg := fmt.Sprintf("unknown command %q for %q (valid: %s)", args[0], cmd.CommandPath(), strings.Join(names, ", "))
		if near := cmd.SuggestionsFor(args[0]); len(near) > 0 {
			msg += "; did you mean " + strings.Join(near, " or ") + "?"
		}
		return usageError(errors.New(msg))
	}
	return cmd
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
