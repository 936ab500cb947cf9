package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/heragent/heragent/sandbox"
	"github.com/spf13/cobra"
)

func newDoctorCmd(g *globals) *cobra.Command {
	var ef engineFlags
	var suite string
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the container engine, base image, CA injection, disk and registry reachability",
		Long: `doctor checks what heragent run needs: the container engine and its API
version, the base image, that the host's extra CA certificates are trusted
inside a real container, free disk space, and which package registries a
container can reach. Exits 3 when something heragent run needs is broken.`,
		Args: exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			certs, err := ef.certs()
			if err != nil {
				return err
			}
			rep := sandbox.Doctor(cmd.Context(), sandbox.DoctorOptions{
				Image: ef.image, CACerts: certs, NoHostCA: ef.noHostCA, Registries: sandbox.DefaultRegistries(suite),
			})
			if err := g.emit(cmd.OutOrStdout(), rep, func(w io.Writer) { printDoctor(w, rep) }); err != nil {
				return err
			}
			if cmd.Context().Err() != nil {
				return cmd.Context().Err()
			}
			if !rep.OK {
				return envError(errors.New("doctor found problems (see above)"))
			}
			return nil
		},
	}
	ef.register(cmd)
	cmd.Flags().StringVar(&suite, "suite", "bookworm", "Debian suite whose archive is probed")
	return cmd
}

func printDoctor(w io.Writer, r sandbox.DoctorReport) {
	mark := map[string]string{sandbox.StatusOK: "ok  ", sandbox.StatusWarn: "WARN", sandbox.StatusFail: "FAIL", sandbox.StatusSkip: "skip"}
	for _, c := range r.Checks {
		fmt.Fprintf(w, "%s %-13s %s\n", mark[c.Status], c.Name, c.Detail)
		if c.Hint != "" {
			fmt.Fprintf(w, "     %-13s → %s\n", "", c.Hint)
		}
	}
	if len(r.Registries) > 0 {
		fmt.Fprintln(w, "registries reachable from a container:")
		for _, reg := range r.Registries {
			yes := "no "
			if reg.Reachable {
				yes = "yes"
			}
			fmt.Fprintf(w, "  %s %-14s %s (%s)\n", yes, reg.Name, strings.TrimSpace(reg.Detail), reg.URL)
		}
	}
}
