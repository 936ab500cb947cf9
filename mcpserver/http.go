package mcpserver

import (
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultHTTPIdle is how long an HTTP session with no request open may
// stay: a client whose connection broke (its process died) leaves its
// session behind, and closing it cancels its calls still running, which
// removes their containers.
const DefaultHTTPIdle = 5 * time.Minute

// HTTPHandler serves the server as streamable HTTP; sessions with no
// request open for idle are closed (DefaultHTTPIdle when 0).
func (s *Server) HTTPHandler(idle time.Duration) http.Handler {
	if idle <= 0 {
		idle = DefaultHTTPIdle
	}
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s.mcp }, &mcp.StreamableHTTPOptions{SessionTimeout: idle})
}
