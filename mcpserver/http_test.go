package mcpserver

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/heragent/heragent/internal/enginetest"
)

// TestHTTPClientGoneMidSetup: over streamable HTTP, a client whose
// connections break during a setup (its process died) leaves no container:
// the next progress notification (a heartbeat at the latest) cannot be
// sent, and the call is cancelled.
func TestHTTPClientGoneMidSetup(t *testing.T) {
	if testing.Short() {
		t.Skip("containers in -short mode")
	}
	e := enginetest.Engine(t)
	h := newHarness(t, enginetest.Image(), nil)
	removeImages(t, e, h.srv.RunID())
	repo := slowRepo(t, h.root)
	ts := httptest.NewServer(h.srv.HTTPHandler(2 * time.Second))
	defer ts.Listener.Close() // not ts.Close: it would wait for a call still running
	var mu sync.Mutex
	var conns []net.Conn
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		mu.Lock()
		conns = append(conns, c)
		mu.Unlock()
		return c, err
	}
	hc := &http.Client{Transport: &http.Transport{DialContext: dial}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "http-client", Version: "v0"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: ts.URL, HTTPClient: hc, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	go cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "setup_environment", Arguments: map[string]any{"repo": repo, "level": "installable"}, Meta: mcp.Meta{"progressToken": "s"}})
	if !waitFor(3*time.Minute, func() bool { ids, _ := e.Containers(context.Background(), h.srv.RunID()); return len(ids) > 0 }) {
		t.Fatal("no container started within 3 minutes")
	}
	mu.Lock()
	for _, c := range conns {
		c.Close()
	}
	mu.Unlock()
	if !waitFor(time.Minute, func() bool { ids, _ := e.Containers(context.Background(), h.srv.RunID()); return len(ids) == 0 }) {
		t.Fatal("containers left after the HTTP client went away")
	}
}
