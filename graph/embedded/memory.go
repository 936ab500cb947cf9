package embedded

import "github.com/heragent/heragent/graph"

// repoGraph is one repository's graph in memory, kept as it is stored:
// per owner, the nodes and edges it produced. Queries scan (a large
// repository has ~10⁵ nodes: a scan is a millisecond), which keeps Open
// cheap: loading is one map insert per owner, not several per node. The
// ID → owner indexes Apply needs are built on its first use.
type repoGraph struct {
	owners    map[string]*ownerData
	nodeOwner map[string]string // node ID → owner (nil until Apply needs it)
	edgeOwner map[string]string // edge key → owner (nil until Apply needs it)
}

type ownerData struct {
	nodes []graph.Node
	edges []graph.Edge
}

func newRepoGraph() *repoGraph { return &repoGraph{owners: map[string]*ownerData{}} }

// index builds the ID → owner maps.
func (g *repoGraph) index() {
	if g.nodeOwner != nil {
		return
	}
	g.nodeOwner, g.edgeOwner = map[string]string{}, map[string]string{}
	for o, d := range g.owners {
		for _, n := range d.nodes {
			g.nodeOwner[n.ID] = o
		}
		for _, e := range d.edges {
			g.edgeOwner[e.Key()] = o
		}
	}
}

func (g *repoGraph) owner(o string) *ownerData {
	d := g.owners[o]
	if d == nil {
		d = &ownerData{}
		g.owners[o] = d
	}
	return d
}

// deleteOwner removes everything o produced.
func (g *repoGraph) deleteOwner(o string) {
	d := g.owners[o]
	if d == nil {
		return
	}
	if g.nodeOwner != nil {
		for _, n := range d.nodes {
			delete(g.nodeOwner, n.ID)
		}
		for _, e := range d.edges {
			delete(g.edgeOwner, e.Key())
		}
	}
	delete(g.owners, o)
}

// putNode upserts n, moving it if another owner held the ID; it returns
// the previous owner ("" when new).
func (g *repoGraph) putNode(n graph.Node) string {
	g.index()
	old, ok := g.nodeOwner[n.ID]
	if ok {
		d := g.owners[old]
		for i := range d.nodes {
			if d.nodes[i].ID == n.ID {
				if old == n.Owner {
					d.nodes[i] = n
					return old
				}
				d.nodes = append(d.nodes[:i], d.nodes[i+1:]...)
				break
			}
		}
	}
	d := g.owner(n.Owner)
	d.nodes = append(d.nodes, n)
	g.nodeOwner[n.ID] = n.Owner
	return old
}

// putEdge adds e (replacing an edge with the same key); it returns the
// previous owner ("" when new).
func (g *repoGraph) putEdge(e graph.Edge) string {
	g.index()
	k := e.Key()
	old, ok := g.edgeOwner[k]
	if ok {
		d := g.owners[old]
		for i := range d.edges {
			if d.edges[i].Key() == k {
				if old == e.Owner {
					d.edges[i] = e
					return old
				}
				d.edges = append(d.edges[:i], d.edges[i+1:]...)
				break
			}
		}
	}
	d := g.owner(e.Owner)
	d.edges = append(d.edges, e)
	g.edgeOwner[k] = e.Owner
	return old
}

// empty drops owners left with nothing.
func (g *repoGraph) empty(o string) bool {
	d := g.owners[o]
	if d != nil && len(d.nodes) == 0 && len(d.edges) == 0 {
		delete(g.owners, o)
	}
	return g.owners[o] == nil
}
