package embedded

import "github.com/heragent/heragent/graph"

// repoGraph is one repository's graph in memory with the indexes the
// queries need. The edge indexes are built on first use: opening a store
// for an unchanged-repository rebuild never needs them.
type repoGraph struct {
	nodes    map[string]graph.Node
	edges    map[string]graph.Edge
	byLabel  map[graph.Label]map[string]bool
	ownNodes map[string]map[string]bool
	ei       *edgeIndex
}

type edgeIndex struct {
	byType   map[graph.EdgeType]map[string]bool
	ownEdges map[string]map[string]bool
	out, in  map[string]map[string]bool
}

func newRepoGraph() *repoGraph {
	return &repoGraph{
		nodes: map[string]graph.Node{}, edges: map[string]graph.Edge{},
		byLabel: map[graph.Label]map[string]bool{}, ownNodes: map[string]map[string]bool{},
	}
}

// index returns the edge indexes, building them if needed.
func (g *repoGraph) index() *edgeIndex {
	if g.ei == nil {
		g.ei = &edgeIndex{byType: map[graph.EdgeType]map[string]bool{}, ownEdges: map[string]map[string]bool{},
			out: map[string]map[string]bool{}, in: map[string]map[string]bool{}}
		for k, e := range g.edges {
			g.ei.add(k, e)
		}
	}
	return g.ei
}

func (x *edgeIndex) add(k string, e graph.Edge) {
	add(x.byType, e.Type, k)
	add(x.ownEdges, e.Owner, k)
	add(x.out, e.From, k)
	add(x.in, e.To, k)
}

func (x *edgeIndex) del(k string, e graph.Edge) {
	del(x.byType, e.Type, k)
	del(x.ownEdges, e.Owner, k)
	del(x.out, e.From, k)
	del(x.in, e.To, k)
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
	if g.ei != nil {
		if old, ok := g.edges[k]; ok {
			g.ei.del(k, old)
		}
		g.ei.add(k, e)
	}
	g.edges[k] = e
}

func (g *repoGraph) deleteEdge(k string) {
	if e, ok := g.edges[k]; ok {
		if g.ei != nil {
			g.ei.del(k, e)
		}
		delete(g.edges, k)
	}
}
