// Package export writes a repository's graph as JSON, Graphviz DOT or a
// Cypher script. In the Cypher script every value is an escaped literal
// and every label or type comes from the schema's closed lists.
package export

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/heragent/heragent/graph"
)

// Write exports repo from store in format (json, dot, cypher).
func Write(ctx context.Context, w io.Writer, store graph.Store, repo, format string) error {
	nodes, err := store.Nodes(ctx, repo, graph.NodeQuery{})
	if err != nil {
		return fmt.Errorf("export nodes: %w", err)
	}
	edges, err := store.Edges(ctx, repo, graph.EdgeQuery{})
	if err != nil {
		return fmt.Errorf("export edges: %w", err)
	}
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(map[string]any{"repo": repo, "nodes": nodes, "edges": edges})
	case "dot":
		return writeDOT(w, repo, nodes, edges)
	case "cypher":
		return writeCypher(w, repo, nodes, edges)
	}
	return fmt.Errorf("export: unknown format %q", format)
}

func writeDOT(w io.Writer, repo string, nodes []graph.Node, edges []graph.Edge) error {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %s {\n  rankdir=LR;\n  node [shape=box, fontsize=10];\n", strconv.Quote(repo))
	for _, n := range nodes {
		label := n.Props.Str("name")
		if label == "" {
			label = n.Props.Str("path")
		}
		if label == "" {
			label = n.Props.Str("target")
		}
		fmt.Fprintf(&b, "  %s [label=%s];\n", strconv.Quote(n.ID), strconv.Quote(string(n.Label)+"\n"+label))
	}
	for _, e := range edges {
		fmt.Fprintf(&b, "  %s -> %s [label=%s];\n", strconv.Quote(e.From), strconv.Quote(e.To), strconv.Quote(string(e.Type)))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// cypherString quotes s as a Cypher string literal.
func cypherString(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '\'':
			b.WriteString(`\'`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// cypherKey quotes a property name with backticks.
func cypherKey(k string) string { return "`" + strings.ReplaceAll(k, "`", "``") + "`" }

func cypherValue(v any) string {
	switch x := v.(type) {
	case string:
		return cypherString(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		return strconv.FormatBool(x)
	case []string:
		parts := make([]string, len(x))
		for i, s := range x {
			parts[i] = cypherString(s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return "null"
}

func writeCypher(w io.Writer, repo string, nodes []graph.Node, edges []graph.Edge) error {
	var b strings.Builder
	b.WriteString("CREATE CONSTRAINT heragent_node_uid IF NOT EXISTS FOR (n:HNode) REQUIRE n._uid IS UNIQUE;\n")
	uid := func(id string) string {
		j, _ := json.Marshal([]string{repo, id})
		return cypherString(string(j))
	}
	for _, n := range nodes {
		if !graph.ValidLabel(n.Label) {
			return fmt.Errorf("export: invalid label %q", n.Label)
		}
		keys := n.Props.Keys()
		sort.Strings(keys)
		props := []string{"_uid: " + uid(n.ID), "_repo: " + cypherString(repo), "_id: " + cypherString(n.ID),
			"_owner: " + cypherString(n.Owner), "_label: " + cypherString(string(n.Label))}
		for _, k := range keys {
			props = append(props, cypherKey(k)+": "+cypherValue(n.Props[k]))
		}
		fmt.Fprintf(&b, "MERGE (n:HNode {_uid: %s}) SET n = {%s} SET n:%s;\n", uid(n.ID), strings.Join(props, ", "), n.Label)
	}
	for _, e := range edges {
		if !graph.ValidEdgeType(e.Type) {
			return fmt.Errorf("export: invalid edge type %q", e.Type)
		}
		fmt.Fprintf(&b, "MATCH (a:HNode {_uid: %s}), (b:HNode {_uid: %s}) MERGE (a)-[r:%s]->(b) SET r._repo = %s, r._owner = %s;\n",
			uid(e.From), uid(e.To), e.Type, cypherString(repo), cypherString(e.Owner))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
