package graph

import "context"

// Store persists the graphs of one or more repositories. Every method is
// scoped to a repository name (the builder uses the repository's directory
// name unless told otherwise). Implementations must be safe for use by one
// goroutine at a time at least; the builder serialises its writes.
type Store interface {
	// Apply performs one batch of changes: first everything owned by each
	// of batch.DeleteOwners (nodes and edges) is removed, then batch.Nodes
	// are upserted (replacing the props of a node with the same ID) and
	// batch.Edges added. Edges whose endpoints do not exist are kept; the
	// builder only writes edges between nodes it writes.
	Apply(ctx context.Context, repo string, batch Batch) error
	// Nodes returns the nodes matching q, ordered by ID.
	Nodes(ctx context.Context, repo string, q NodeQuery) ([]Node, error)
	// Edges returns the edges matching q, ordered by (From, Type, To).
	Edges(ctx context.Context, repo string, q EdgeQuery) ([]Edge, error)
	// SearchText returns the nodes with a "text" property (TextChunk,
	// Step) containing every whitespace-separated term of query,
	// case-insensitively, best matches first, at most limit (0: 50).
	SearchText(ctx context.Context, repo, query string, limit int) ([]Node, error)
	// Counts returns the number of nodes per label and edges per type.
	Counts(ctx context.Context, repo string) (Counts, error)
	// Repositories lists the repository names in the store, sorted.
	Repositories(ctx context.Context) ([]string, error)
	// DeleteRepository removes a repository and everything in it.
	DeleteRepository(ctx context.Context, repo string) error
	// Close flushes and releases the store.
	Close() error
}

// Batch is one unit of change for Store.Apply.
type Batch struct {
	DeleteOwners []string
	Nodes        []Node
	Edges        []Edge
}

// NodeQuery selects nodes; zero fields match everything. Props matches
// nodes whose property equals the given string, int64 or bool value.
type NodeQuery struct {
	Label Label
	IDs   []string
	Owner *string
	Props map[string]any
}

// EdgeQuery selects edges; zero fields match everything.
type EdgeQuery struct {
	Type EdgeType
	From string
	To   string
}

// Counts are the sizes of a repository's graph.
type Counts struct {
	Nodes map[Label]int    `json:"nodes"`
	Edges map[EdgeType]int `json:"edges"`
}

// MatchProps reports whether n has every property of want with an equal value.
func MatchProps(n Node, want map[string]any) bool {
	for k, v := range want {
		nv, err := normValue(v)
		if err != nil {
			return false
		}
		if _, isList := nv.([]string); isList {
			return false
		}
		got := n.Props[k]
		if _, isList := got.([]string); isList || got != nv {
			return false
		}
	}
	return true
}
