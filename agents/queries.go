package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/heragent/heragent/retrieval"
)

// Query describes one of the retrieval queries the brain's model may call,
// for other clients of the same queries (the MCP server): its name, what
// it answers and the JSON schema of its arguments.
type Query struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Args        map[string]any `json:"args"`
}

// Queries lists the retrieval queries, in the order the model sees them.
func Queries() []Query {
	out := make([]Query, 0, len(retrievalTools))
	for _, t := range retrievalTools {
		out = append(out, Query{Name: t.name, Description: t.desc, Args: Schema(t.args)})
	}
	return out
}

// QueryNames are the queries' names.
func QueryNames() []string {
	var names []string
	for _, t := range retrievalTools {
		names = append(names, t.name)
	}
	return names
}

// RunQuery answers one retrieval query as the model's tool call does, but
// as data (a file tree and read_file are text): args is a JSON object
// checked against the query's schema.
func RunQuery(ctx context.Context, ix *retrieval.Index, name string, args []byte) (any, error) {
	if strings.TrimSpace(string(args)) == "" {
		args = []byte("{}")
	}
	if name == "read_file" {
		var a readArgs
		if err := strictArgs(args, &a); err != nil {
			return nil, err
		}
		return ix.ReadFile(ctx, a.Path, a.From, a.To, true)
	}
	for _, t := range retrievalTools {
		if t.name == name {
			return t.run(ctx, ix, args)
		}
	}
	return nil, fmt.Errorf("no query %q (queries: %s)", name, strings.Join(QueryNames(), ", "))
}
