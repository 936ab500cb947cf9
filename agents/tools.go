package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/tmc/langchaingo/llms"

	"github.com/heragent/heragent/retrieval"
)

// toolbox serves the retrieval queries as tools a model may call while it
// decides whether it knows enough. Answers are JSON, clipped.
type toolbox struct {
	ix     *retrieval.Index
	served map[string]bool // read_file ranges already served in this conversation
	tools  []tool
}

type tool struct {
	name string
	desc string
	args any // a struct value: its schema is the parameters
	run  func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error)
}

type findFilesArgs struct {
	Glob string `json:"glob,omitempty" desc:"path pattern: '*.cmake', 'src/*.c', '**/CMakeLists.txt'; empty for all"`
	Kind string `json:"kind,omitempty" desc:"file kind" enum:"source|test|manifest|build|ci|doc|script|config|data"`
}
type searchArgs struct {
	Query string `json:"query" desc:"words that must all appear in a document section or CI step"`
}
type treeArgs struct {
	Depth int `json:"depth,omitempty" desc:"directory levels to show (default 2)"`
}
type readArgs struct {
	Path string `json:"path" desc:"repository-relative path"`
	From int    `json:"from,omitempty" desc:"first line, 1-based"`
	To   int    `json:"to,omitempty" desc:"last line, inclusive"`
}
type topicArgs struct {
	Topic string `json:"topic,omitempty" desc:"words the section must mention, e.g. 'build', 'install', 'test'; empty for all"`
}
type ecoArgs struct {
	Ecosystem string `json:"ecosystem,omitempty" desc:"npm, pypi, go, cargo, maven, cmake, pkg-config, meson…; empty for all"`
}
type headerArgs struct {
	Header string `json:"header" desc:"a header as included, e.g. 'zlib.h'"`
}
type noArgs struct{}

// retrievalTools are the retrieval queries offered to a model, in this order.
var retrievalTools = []tool{
	{"file_tree", "The repository's directory tree.", treeArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		var a treeArgs
		if err := strictArgs(raw, &a); err != nil {
			return nil, err
		}
		if a.Depth <= 0 {
			a.Depth = 2
		}
		t, err := ix.FileTree(ctx, a.Depth)
		if err != nil {
			return nil, err
		}
		return t.Render(), nil
	}},
	{"find_files", "Files of the repository by path pattern and kind, with manifest facts.", findFilesArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		var a findFilesArgs
		if err := strictArgs(raw, &a); err != nil {
			return nil, err
		}
		return ix.FindFiles(ctx, retrieval.FileQuery{Glob: a.Glob, Kind: a.Kind})
	}},
	{"search_text", "Document sections and CI/Dockerfile steps containing every word of the query.", searchArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		var a searchArgs
		if err := strictArgs(raw, &a); err != nil {
			return nil, err
		}
		return ix.SearchText(ctx, a.Query, 10)
	}},
	{"read_file", "Lines of a repository file.", readArgs{}, nil},
	{"doc_sections", "README/docs sections with their code blocks.", topicArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		var a topicArgs
		if err := strictArgs(raw, &a); err != nil {
			return nil, err
		}
		return ix.DocSections(ctx, a.Topic)
	}},
	{"ci_steps", "Shell steps of CI workflows and Dockerfiles, in order.", noArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		return ix.CISteps(ctx)
	}},
	{"entry_points", "Main functions, bin scripts, console scripts and executable targets.", noArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		return ix.EntryPoints(ctx)
	}},
	{"declared_dependencies", "Dependencies declared in manifests and build files.", ecoArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		var a ecoArgs
		if err := strictArgs(raw, &a); err != nil {
			return nil, err
		}
		return ix.DeclaredDependencies(ctx, a.Ecosystem)
	}},
	{"unresolved_includes", "Headers the code includes that are not in the repository (system or third-party).", noArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		return ix.UnresolvedIncludes(ctx)
	}},
	{"includers", "Who includes a header.", headerArgs{}, func(ctx context.Context, ix *retrieval.Index, raw []byte) (any, error) {
		var a headerArgs
		if err := strictArgs(raw, &a); err != nil {
			return nil, err
		}
		return ix.Includers(ctx, a.Header)
	}},
}

func newToolbox(ix *retrieval.Index) *toolbox {
	return &toolbox{ix: ix, served: map[string]bool{}, tools: retrievalTools}
}

func (tb *toolbox) defs() []llms.Tool {
	out := make([]llms.Tool, 0, len(tb.tools))
	for _, t := range tb.tools {
		out = append(out, llms.Tool{Type: "function", Function: &llms.FunctionDefinition{Name: t.name, Description: t.desc, Parameters: Schema(t.args)}})
	}
	return out
}

// call runs a tool and returns its answer as text; errors are answers too,
// so the model can correct itself.
func (tb *toolbox) call(ctx context.Context, name, args string) string {
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	if name == "read_file" {
		return tb.read(ctx, []byte(args))
	}
	for _, t := range tb.tools {
		if t.name != name {
			continue
		}
		v, err := t.run(ctx, tb.ix, []byte(args))
		if err != nil {
			return "error: " + err.Error()
		}
		if s, ok := v.(string); ok {
			return s
		}
		return compactJSON(v)
	}
	return fmt.Sprintf("error: no tool %q", name)
}

// read serves a file range once per conversation: a second request of the
// same range is answered by a pointer to the first.
func (tb *toolbox) read(ctx context.Context, raw []byte) string {
	var a readArgs
	if err := strictArgs(raw, &a); err != nil {
		return "error: " + err.Error()
	}
	k := fmt.Sprintf("%s:%d-%d", a.Path, a.From, a.To)
	if tb.served[k] {
		return "already served above in this conversation"
	}
	s, err := tb.ix.ReadFile(ctx, a.Path, a.From, a.To, true)
	if err != nil {
		return "error: " + err.Error()
	}
	tb.served[k] = true
	return s
}

// strictArgs decodes tool arguments against their schema.
func strictArgs(raw []byte, out any) error {
	if err := Decode(string(raw), out); err != nil {
		return fmt.Errorf("bad arguments: %w", err)
	}
	return nil
}
