package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/graph/build"
	"github.com/heragent/heragent/graph/export"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/retrieval"
)

// graphFlags are the flags the graph subcommands share.
type graphFlags struct {
	store   string
	name    string
	force   bool
	maxSize int64
}

func newGraphCmd(g *globals) *cobra.Command {
	f := &graphFlags{}
	cmd := &cobra.Command{
		Use:   "graph",
		Short: "Build and query the knowledge graph of a repository",
	}
	registerStore(cmd, true, &f.store)
	cmd.PersistentFlags().StringVar(&f.name, "name", "", "repository name in the store (default: directory name + hash of its path)")
	return group(cmd, newGraphBuildCmd(g, f), newGraphQueryCmd(g, f), newGraphExportCmd(f))
}

// options are the graph flags as the pipeline takes them.
func (f *graphFlags) options() pipeline.GraphOptions {
	return pipeline.GraphOptions{Store: f.store, Name: f.name, Force: f.force, MaxFileSize: f.maxSize}
}

// openGraph opens the store and builds or updates the graph of the
// repository (pipeline.OpenGraph), with the CLI's exit codes.
func openGraph(ctx context.Context, f *graphFlags, repo string) (*retrieval.Index, *build.Summary, func(), error) {
	ix, sum, done, err := pipeline.OpenGraph(ctx, repo, f.options())
	if err != nil {
		return nil, nil, nil, analysisError(err)
	}
	return ix, sum, done, nil
}

func newGraphBuildCmd(g *globals, f *graphFlags) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "build <repo>",
		Short: "Build or update the graph of a repository and print a summary",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, sum, done, err := openGraph(cmd.Context(), f, args[0])
			if err != nil {
				return err
			}
			defer done()
			return g.emit(cmd.OutOrStdout(), sum, func(w io.Writer) { printSummary(w, sum) })
		},
	}
	cmd.Flags().BoolVar(&f.force, "force", false, "re-parse every file")
	cmd.Flags().Int64Var(&f.maxSize, "max-file-size", 1<<20, "skip files larger than this many bytes")
	return cmd
}

func printSummary(w io.Writer, s *build.Summary) {
	fmt.Fprintf(w, "repository  %s (%s)\n", s.Repo, s.Root)
	fmt.Fprintf(w, "files       %d (parsed %d, unchanged %d, removed %d, invalid %d) in %.2fs\n", s.Files, s.Parsed, s.Unchanged, s.Removed, s.Invalid, s.Seconds)
	fmt.Fprintf(w, "languages   %s\n", counts(s.Languages))
	fmt.Fprintf(w, "kinds       %s\n", counts(s.Kinds))
	fmt.Fprintf(w, "nodes       %s\n", counts(s.Nodes))
	fmt.Fprintf(w, "edges       %s\n", counts(s.Edges))
	fmt.Fprintf(w, "skipped     %s\n", counts(s.Skipped))
	const shown = 20
	for i, p := range s.Problems {
		if i == shown {
			fmt.Fprintf(w, "  … %d more (--json lists them)\n", len(s.Problems)-shown)
			break
		}
		fmt.Fprintf(w, "  %s: %s\n", p.Path, p.Reason)
	}
}

// counts renders a count map as "a 3, b 2", largest first.
func counts[K ~string](m map[K]int) string {
	type kv struct {
		k string
		v int
	}
	var l []kv
	for k, v := range m {
		name := string(k)
		if name == "" {
			name = "(unknown)"
		}
		l = append(l, kv{name, v})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v || l[i].v == l[j].v && l[i].k < l[j].k })
	var parts []string
	for _, e := range l {
		parts = append(parts, fmt.Sprintf("%s %d", e.k, e.v))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

const queryHelp = `Queries:
  files [glob] [--kind K] [--lang L]   files by glob, kind (source, test, manifest, build, ci, doc, script, config, data) and language
  search <text…>                       document sections and CI steps containing every word
  tree [depth]                         the file tree (default depth 2)
  entry-points                         main functions, scripts, bins, executables
  includers <header>                   files that include a header
  unresolved-includes                  headers the code includes that the repository does not have
  dependencies [ecosystem]             declared dependencies (npm, pypi, go, cmake, pkg-config, meson, autoconf-lib, …)
  ci-steps                             CI and Dockerfile run steps
  docs [topic…]                        documentation sections (with code blocks) mentioning a topic
  targets [kind]                       build targets, scripts and tests (executable, library, test, make, script, bin)
  read <path> [from] [to]              a file, or a line range of it
  stacks                               build systems and ecosystems (cmake, meson, autotools, make, npm, python, go, …)`

func newGraphQueryCmd(g *globals, f *graphFlags) *cobra.Command {
	var kind, lang string
	cmd := &cobra.Command{
		Use:   "query <repo> <query> [args]",
		Short: "Ask the graph of a repository a question (builds or updates it first)",
		Long:  queryHelp,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) < 2 {
				return usageError(fmt.Errorf("query needs a repository and a query name\n%s", queryHelp))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			ix, _, done, err := openGraph(ctx, f, args[0])
			if err != nil {
				return err
			}
			defer done()
			v, text, err := runQuery(ctx, ix, args[1], args[2:], kind, lang)
			if err != nil {
				return err
			}
			return g.emit(cmd.OutOrStdout(), v, text)
		},
	}
	cmd.Flags().StringVar(&kind, "kind", "", "files: file kind")
	cmd.Flags().StringVar(&lang, "lang", "", "files: language")
	return cmd
}

func intArg(args []string, i, def int) (int, error) {
	if len(args) <= i {
		return def, nil
	}
	n, err := strconv.Atoi(args[i])
	if err != nil {
		return 0, usageError(fmt.Errorf("argument %q is not a number", args[i]))
	}
	return n, nil
}

func lines[T any](items []T, line func(T) string) func(io.Writer) {
	return func(w io.Writer) {
		for _, it := range items {
			fmt.Fprintln(w, line(it))
		}
	}
}

func runQuery(ctx context.Context, ix *retrieval.Index, q string, args []string, kind, lang string) (any, func(io.Writer), error) {
	arg := func(i int) string {
		if i < len(args) {
			return args[i]
		}
		return ""
	}
	switch q {
	case "files":
		r, err := ix.FindFiles(ctx, retrieval.FileQuery{Glob: arg(0), Kind: kind, Language: lang})
		return r, lines(r, func(f retrieval.FileInfo) string { return fmt.Sprintf("%s\t%s\t%s", f.Path, f.Kind, f.Language) }), err
	case "search":
		if len(args) == 0 {
			return nil, nil, usageError(fmt.Errorf("search needs text"))
		}
		r, err := ix.SearchText(ctx, strings.Join(args, " "), 20)
		return r, lines(r, func(h retrieval.TextHit) string {
			return fmt.Sprintf("%s:%d\t%s\t%s", h.Path, h.Line, h.Heading, firstLine(h.Text))
		}), err
	case "tree":
		depth, err := intArg(args, 0, 2)
		if err != nil {
			return nil, nil, err
		}
		r, err := ix.FileTree(ctx, depth)
		if err != nil {
			return nil, nil, err
		}
		return r, func(w io.Writer) { io.WriteString(w, r.Render()) }, nil
	case "entry-points":
		r, err := ix.EntryPoints(ctx)
		return r, lines(r, func(e retrieval.EntryPoint) string {
			return fmt.Sprintf("%s:%d\t%s\t%s\t%s", e.Path, e.Line, e.Kind, e.Name, e.Command)
		}), err
	case "includers":
		if len(args) != 1 {
			return nil, nil, usageError(fmt.Errorf("includers needs one header name"))
		}
		r, err := ix.Includers(ctx, args[0])
		return r, lines(r, func(i retrieval.Include) string { return fmt.Sprintf("%s:%d\t%s", i.Path, i.Line, i.Target) }), err
	case "unresolved-includes":
		r, err := ix.UnresolvedIncludes(ctx)
		return r, lines(r, func(u retrieval.UnresolvedInclude) string {
			return fmt.Sprintf("%s\t%d includers (first %s:%d)", u.Header, len(u.Includers), u.Includers[0].Path, u.Includers[0].Line)
		}), err
	case "dependencies":
		r, err := ix.DeclaredDependencies(ctx, arg(0))
		return r, lines(r, func(d retrieval.Dependency) string {
			return fmt.Sprintf("%s\t%s\t%s\t%s\t%s:%d", d.Ecosystem, d.Name, d.Constraint, d.Scope, d.Path, d.Line)
		}), err
	case "ci-steps":
		r, err := ix.CISteps(ctx)
		return r, lines(r, func(s retrieval.CIStep) string {
			return fmt.Sprintf("%s:%d\t%s\t%s\t%s", s.Path, s.Line, s.System, s.Job, firstLine(s.Text))
		}), err
	case "docs":
		r, err := ix.DocSections(ctx, strings.Join(args, " "))
		return r, lines(r, func(s retrieval.DocSection) string {
			return fmt.Sprintf("%s:%d-%d\t%s\t%d code blocks", s.Path, s.Line, s.EndLine, s.Heading, len(s.Code))
		}), err
	case "targets":
		r, err := ix.Targets(ctx, arg(0))
		return r, lines(r, func(t retrieval.Target) string {
			return fmt.Sprintf("%s:%d\t%s\t%s\t%s", t.Path, t.Line, t.Kind, t.Name, firstLine(t.Command))
		}), err
	case "stacks":
		r, err := ix.Stacks(ctx)
		return r, lines(r, func(s string) string { return s }), err
	case "read":
		if len(args) < 1 {
			return nil, nil, usageError(fmt.Errorf("read needs a path"))
		}
		from, err := intArg(args, 1, 0)
		if err != nil {
			return nil, nil, err
		}
		to, err := intArg(args, 2, 0)
		if err != nil {
			return nil, nil, err
		}
		r, err := ix.ReadFile(ctx, args[0], from, to, true)
		if err != nil {
			return nil, nil, usageError(err)
		}
		return map[string]any{"path": args[0], "text": r}, func(w io.Writer) { io.WriteString(w, r) }, nil
	}
	return nil, nil, usageError(fmt.Errorf("unknown query %q\n%s", q, queryHelp))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

func newGraphExportCmd(f *graphFlags) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "export <repo> --format json|dot|cypher",
		Short: "Export the graph of a repository",
		Args:  exactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "json" && format != "dot" && format != "cypher" {
				return usageError(fmt.Errorf("unknown format %q (json, dot, cypher)", format))
			}
			ix, _, done, err := openGraph(cmd.Context(), f, args[0])
			if err != nil {
				return err
			}
			defer done()
			return export.Write(cmd.Context(), cmd.OutOrStdout(), ix.Store, ix.Repo, format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "json", "json, dot or cypher")
	return cmd
}
