package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/heragent/heragent/bashfile/debindex"
	"github.com/spf13/cobra"
)

// indexFlags selects which Debian package index a command uses.
type indexFlags struct {
	suite, arch, mirror, cacheDir string
	offline                       bool
}

func (f *indexFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.suite, "suite", "", "Debian suite (default: the host's VERSION_CODENAME, else bookworm)")
	cmd.Flags().StringVar(&f.arch, "arch", "", "Debian architecture (default: the host's)")
	cmd.Flags().StringVar(&f.mirror, "mirror", "", "archive URL (default: the host's apt sources, else "+debindex.DefaultMirror+")")
	cmd.Flags().StringVar(&f.cacheDir, "cache-dir", "", "Debian package index cache directory (default: $XDG_CACHE_HOME/heragent/debindex)")
}

func (f *indexFlags) options() debindex.Options {
	return debindex.Options{Suite: f.suite, Arch: f.arch, Mirror: f.mirror, CacheDir: f.cacheDir, Offline: f.offline}
}

func newIndexCmd(g *globals) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Debian package index: which package provides a header, library, command, module",
	}
	return group(cmd, newIndexUpdateCmd(g), newIndexLookupCmd(g))
}

// indexReport is the JSON form of `index update`.
type indexReport struct {
	Path    string        `json:"path"`
	Bytes   int64         `json:"bytes"`
	Action  string        `json:"action"` // "built", "unchanged"
	Seconds float64       `json:"seconds"`
	Meta    debindex.Meta `json:"meta"`
}

func newIndexUpdateCmd(g *globals) *cobra.Command {
	var f indexFlags
	var force bool
	cmd := &cobra.Command{
		Use:   "update",
		Short: "Build or refresh the cached index from the mirror's Contents files",
		Args:  exactArgs(0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			o := f.options()
			o.MaxAge = -1 // always compare with the Release file
			o.Force = force
			start := time.Now()
			ix, err := debindex.Load(cmd.Context(), o)
			if err != nil {
				return envError(fmt.Errorf("update index: %w", err))
			}
			if err := ix.RefreshError(); err != nil {
				return envError(fmt.Errorf("update index: kept cached index built %s: %w", ix.Meta.Built.Format(time.RFC3339), err))
			}
			path, err := debindex.CachePath(o)
			if err != nil {
				return envError(err)
			}
			r := indexReport{Path: path, Action: "unchanged", Seconds: time.Since(start).Seconds(), Meta: ix.Meta}
			if !ix.Meta.Built.Before(start) {
				r.Action = "built"
			}
			if st, err := os.Stat(path); err == nil {
				r.Bytes = st.Size()
			}
			return g.emit(cmd.OutOrStdout(), r, func(w io.Writer) { printIndexReport(w, r) })
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&force, "force", false, "rebuild even if the Release file is unchanged")
	return cmd
}

func printIndexReport(w io.Writer, r indexReport) {
	m := r.Meta
	fmt.Fprintf(w, "index %s-%s from %s (Release %s): %s in %.1fs\n", m.Suite, m.Arch, m.Mirror, m.ReleaseDate, r.Action, r.Seconds)
	var dl int64
	for _, s := range m.Sources {
		dl += s.Size
	}
	fmt.Fprintf(w, "  %s  %.1f MB (from %.1f MB of Packages and Contents)\n", r.Path, float64(r.Bytes)/1e6, float64(dl)/1e6)
	names := make([]string, 0, len(m.Counts))
	for k := range m.Counts {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%s %d", k, m.Counts[k])
	}
	fmt.Fprintf(w, "  %s\n", strings.Join(parts, ", "))
}

// lookupReport is the JSON form of `index lookup`.
type lookupReport struct {
	Kind       string               `json:"kind"`
	Name       string               `json:"name"`
	Candidates []debindex.Candidate `json:"candidates"`
}

func newIndexLookupCmd(g *globals) *cobra.Command {
	var f indexFlags
	cmd := &cobra.Command{
		Use:   "lookup <header|pkgconfig|library|executable|cmake|python|pypi|node|perl> <name>",
		Short: "List the Debian packages that provide a name, best first",
		Long: "List the Debian packages that provide a name, best first. The index is built on first use\n" +
			"(about 45 MB download) and refreshed when older than a week. No candidates is not an error.",
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			kind, err := debindex.ParseKind(args[0])
			if err != nil {
				return usageError(err)
			}
			ix, err := debindex.Load(cmd.Context(), f.options())
			if err != nil {
				return envError(fmt.Errorf("load index: %w", err))
			}
			r := lookupReport{Kind: kind.String(), Name: args[1], Candidates: ix.Lookup(kind, args[1])}
			if r.Candidates == nil {
				r.Candidates = []debindex.Candidate{}
			}
			return g.emit(cmd.OutOrStdout(), r, func(w io.Writer) {
				if len(r.Candidates) == 0 {
					fmt.Fprintf(w, "no package provides %s %s\n", r.Kind, r.Name)
					return
				}
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "PACKAGE\tSECTION\tKEY\tVIA\tSCORE\tMETAPACKAGE")
				for _, c := range r.Candidates {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\n", c.Package, c.Section, c.Key, c.Via, c.Score, c.Metapackage)
				}
				tw.Flush()
			})
		},
	}
	f.register(cmd)
	cmd.Flags().BoolVar(&f.offline, "offline", false, "use only the cached index")
	return cmd
}
