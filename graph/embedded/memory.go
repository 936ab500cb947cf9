package embedded

import "github.com/heragent/heragent/graph"

// repoGraph is one repository's graph in memory with the indexes the
// queries need.
type repoGraph struct {
	nodes    map[string]graph.Node
	edges    map[string]graph.Edge
	byLabel  map[graph.Label]map[string]bool
	byType   map[graph.EdgeType]map[string]bool
	ownNodes map[string]map[string]bool
	ownEdges map[string]map[string]bool
	out, in  map[string]map[string]bool
}

func newRepoGraph() *repoGraph {
	return &repoGraph{
		nodes: map[string]graph.Node{}, edges: map[string]graph.Edge{},
		byLabel: map[graph.Label]map[string]bool{}, byType: map[graph.EdgeType]map[string]bool{},
		ownNodes: map[string]map[string]bool{}, ownEdges: map[string]map[string]bool{},
		out: map[string]map[string]bool{}, in: map[string]map[string]bool{},
	}
}

func add[K comparable](m map[K]map[string]bool, k K, v string) {
	s := m[k]
	if s == nil {
		s = map[string]bool{}
		m[k] = s
	}
	s[v] = true
}

func del[K comparable](m map[K]map[string]bool, k K, v string) {
	if s := m[k]; s != nil {
		delete(s, v)
		if len(s) == 0 {
			delete(m, k)
		}
	}
}

func (g *repoGraph) putNode(n graph.Node) {
	if old, ok := g.nodes[n.ID]; ok {
		del(g.byLabel, old.Label, n.ID)
		del(g.ownNodes, old.Owner, n.ID)
	}
	g.nodes[n.ID] = n
	add(g.byLabel, n.Label, n.ID)
	add(g.ownNodes, n.Owner, n.ID)
}

func (g *repoGraph) deleteNode(id string) {
	if old, ok := g.nodes[id]; ok {
		del(g.byLabel, old.Label, id)
		del(g.ownNodes, old.Owner, id)
		delete(g.nodes, id)
	}
}

func (g *repoGraph) putEdge(e graph.Edge) {
	k := e.Key()
	if old, ok := g.edges[k]; ok {
		del(g.ownEdges, old.Owner, k)
	}
	g.edges[k] = e
	add(g.byType, e.Type, k)
	add(g.ownEdges, e.Owner, k)
	add(g.out, e.From, k)
	add(g.in, e.To, k)
}

func (g *repoGraph) deleteEdge(k string) {
	if e, ok := g.edges[k]; ok {
		del(g.byType, e.Type, k)
		del(g.ownEdges, e.Owner, k)
		del(g.out, e.From, k)
		del(g.in, e.To, k)
		delete(g.edges, k)
	}
}
