package mcpserver

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/report"
)

// envFiles are the exports an environment's image is made of.
var envFiles = []string{"Dockerfile", "setup.sh", "entrypoint.sh", "report.json", "pyramid.json"}

// imageRef names an environment's image by a hash of its exports: a new
// setup makes a new image, and a server started later finds the one
// built before.
func imageRef(id, out string) string {
	h := sha256.New()
	for _, f := range envFiles {
		b, _ := os.ReadFile(filepath.Join(out, f))
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	name := strings.Trim(badRefChars.ReplaceAllString(strings.ToLower(id), "-"), "-._")
	return "localhost/heragent-env/" + name + ":" + hex.EncodeToString(h.Sum(nil))[:16]
}

var badRefChars = regexp.MustCompile(`[^a-z0-9._-]+`)

// image is the environment's image: the one built from these exports
// before, or built now from the exported Dockerfile (the layer cache
// reused), each build step a progress notification.
func (s *Server) image(ctx context.Context, progress func(report.Event), ev *env) (string, error) {
	e, err := s.engineFor(ctx)
	if err != nil {
		return "", err
	}
	mu := s.envLock(ev.id)
	mu.Lock()
	defer mu.Unlock()
	ref := imageRef(ev.id, ev.out)
	if id, err := e.ImageID(ctx, ref); err == nil {
		return id, nil
	}
	progress(report.Event{Phase: "image", Message: "building the environment's image " + ref + " from " + filepath.Join(ev.out, "Dockerfile")})
	stop := heartbeat(ctx, progress, "image", "building "+ref)
	defer stop()
	o := loops.VerifyOptions{CACerts: s.cfg.CACerts, RunID: s.cfg.RunID, Log: &stepWriter{say: progress}}
	built, err := loops.BuildEnvironment(ctx, loops.Docker(e), ev.out, o, ref)
	if err != nil {
		return "", fmt.Errorf("build the environment's image: %w", err)
	}
	return built.Image, nil
}

func (s *Server) envLock(id string) *sync.Mutex {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.envMu[id] == nil {
		s.envMu[id] = &sync.Mutex{}
	}
	return s.envMu[id]
}

// heartbeatEvery is how often a long step says it is still going: clients
// that reset their request timeout on progress keep waiting.
const heartbeatEvery = 15 * time.Second

// heartbeat sends "what (Ns)" every heartbeatEvery until stop is called.
func heartbeat(ctx context.Context, progress func(report.Event), phase, what string) (stop func()) {
	done := make(chan struct{})
	var once sync.Once
	go func() {
		start := time.Now()
		t := time.NewTicker(heartbeatEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				progress(report.Event{Phase: phase, Command: what, Message: fmt.Sprintf("still going after %.0fs", time.Since(start).Seconds())})
			}
		}
	}()
	return func() { once.Do(func() { close(done) }) }
}

// stepWriter turns an image build's output into progress: one
// notification per Dockerfile step.
type stepWriter struct {
	say  func(report.Event)
	line []byte
}

func (w *stepWriter) Write(p []byte) (int, error) {
	w.line = append(w.line, p...)
	for {
		i := bytes.IndexByte(w.line, '\n')
		if i < 0 {
			break
		}
		l := strings.TrimSpace(string(w.line[:i]))
		w.line = w.line[i+1:]
		if strings.HasPrefix(l, "STEP ") || strings.HasPrefix(l, "Step ") {
			w.say(report.Event{Phase: "image", Message: l})
		}
	}
	return len(p), nil
}
