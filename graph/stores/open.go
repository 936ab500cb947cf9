// Package stores opens a graph.Store from a location string: a file path
// for the embedded store, or a neo4j://, neo4j+s://, bolt:// URI for Neo4j
// (user and password from HERAGENT_NEO4J_USER / HERAGENT_NEO4J_PASSWORD or
// the URI's user info).
package stores

import (
	"context"
	"net/url"
	"os"
	"strings"

	"github.com/heragent/heragent/graph"
	"github.com/heragent/heragent/graph/embedded"
	"github.com/heragent/heragent/graph/neo4jstore"
)

// IsNeo4j reports whether location names a Neo4j server.
func IsNeo4j(location string) bool {
	for _, p := range []string{"neo4j://", "neo4j+s://", "neo4j+ssc://", "bolt://", "bolt+s://", "bolt+ssc://"} {
		if strings.HasPrefix(location, p) {
			return true
		}
	}
	return false
}

// Open opens the store at location.
func Open(ctx context.Context, location string) (graph.Store, error) {
	if !IsNeo4j(location) {
		return embedded.Open(ctx, location)
	}
	u, err := url.Parse(location)
	if err != nil {
		return nil, err
	}
	user, pass := os.Getenv("HERAGENT_NEO4J_USER"), os.Getenv("HERAGENT_NEO4J_PASSWORD")
	if u.User != nil {
		user = u.User.Username()
		if p, ok := u.User.Password(); ok {
			pass = p
		}
		u.User = nil
	}
	if user == "" {
		user = "neo4j"
	}
	db := strings.TrimPrefix(u.Path, "/")
	u.Path = ""
	return neo4jstore.Open(ctx, neo4jstore.Config{URI: u.String(), User: user, Password: pass, Database: db})
}
