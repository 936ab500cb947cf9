package retrieval

import "github.com/heragent/heragent/graph"

// symbolQuery selects Symbol nodes of a kind (function, method, class, main, test).
func symbolQuery(kind string) graph.NodeQuery {
	return graph.NodeQuery{Label: graph.Symbol, Props: map[string]any{"kind": kind}}
}
