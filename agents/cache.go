package agents

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/heragent/heragent/report"
)

// Cache stores model answers on disk keyed by the hash of model, messages
// and tools: asking the same question of the same model twice costs
// nothing the second time. A nil *Cache caches nothing.
type Cache struct {
	Dir string
}

// OpenCache returns a cache in dir; "" or "off" means none.
func OpenCache(dir string) (*Cache, error) {
	if dir == "" || dir == "off" {
		return nil, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create response cache: %w", err)
	}
	return &Cache{Dir: dir}, nil
}

type cacheEntry struct {
	Model    string   `json:"model"`
	Role     string   `json:"role"`
	Response Response `json:"response"`
}

func (c *Cache) path(key string) string {
	return filepath.Join(c.Dir, key[:2], key+".json")
}

func (c *Cache) get(key string) (Response, bool) {
	if c == nil {
		return Response{}, false
	}
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		return Response{}, false
	}
	var e cacheEntry
	if json.Unmarshal(b, &e) != nil {
		return Response{}, false
	}
	return e.Response, true
}

// put stores an answer; a cache that cannot be written is not an error.
func (c *Cache) put(key, role, model string, r Response) {
	if c == nil {
		return
	}
	p := c.path(key)
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	b, _ := json.Marshal(cacheEntry{Model: model, Role: role, Response: r})
	tmp := p + ".tmp"
	if os.WriteFile(tmp, b, 0o600) == nil {
		os.Rename(tmp, p)
	}
}

// Replay is a recorded run's brain: its mode, its model and every answer
// it got, by question key.
type Replay struct {
	Mode    Mode
	Config  Config
	answers map[string][]Exchange
	used    map[string]int
}

// BrainEvent is the first thing a run's trajectory records about its brain.
type BrainEvent struct {
	Mode   Mode   `json:"mode"`
	Config Config `json:"config"` // without the key (Config.MarshalJSON)
	Price  Price  `json:"price"`  // of the model, so a replay costs the same
}

// LoadReplay reads the model exchanges of a trajectory.jsonl.
func LoadReplay(path string) (*Replay, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open trajectory: %w", err)
	}
	defer f.Close()
	r := &Replay{answers: map[string][]Exchange{}, used: map[string]int{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	n, brain := 0, false
	for sc.Scan() {
		n++
		var ev struct {
			report.Event
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			return nil, fmt.Errorf("read trajectory %s:%d: %w", path, n, err)
		}
		switch ev.Phase {
		case "brain":
			var b struct {
				Mode   Mode `json:"mode"`
				Config struct {
					Provider string `json:"provider"`
					Model    string `json:"model"`
					BaseURL  string `json:"base_url"`
				} `json:"config"`
				Price Price `json:"price"`
			}
			if err := json.Unmarshal(ev.Data, &b); err != nil {
				return nil, fmt.Errorf("read trajectory %s:%d: %w", path, n, err)
			}
			r.Mode, r.Config = b.Mode, Config{Provider: b.Config.Provider, Model: b.Config.Model, BaseURL: b.Config.BaseURL,
				PriceIn: b.Price.In, PriceOut: b.Price.Out}
			brain = true
		case "llm":
			var x Exchange
			if err := json.Unmarshal(ev.Data, &x); err != nil {
				return nil, fmt.Errorf("read trajectory %s:%d: %w", path, n, err)
			}
			r.answers[x.Key] = append(r.answers[x.Key], x)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read trajectory: %w", err)
	}
	if !brain {
		return nil, fmt.Errorf("read trajectory %s: no brain recorded (not a heragent run trajectory, or from an older heragent)", path)
	}
	return r, nil
}

// Exchanges counts the recorded answers.
func (r *Replay) Exchanges() int {
	n := 0
	for _, xs := range r.answers {
		n += len(xs)
	}
	return n
}

// take serves the recorded answers of a key in order (the last again when
// the same question was asked more often than recorded).
func (r *Replay) take(key string) (Exchange, bool) {
	xs := r.answers[key]
	if len(xs) == 0 {
		return Exchange{}, false
	}
	i := r.used[key]
	if i >= len(xs) {
		i = len(xs) - 1
	}
	r.used[key]++
	return xs[i], true
}

// String names a replay for progress output.
func (r *Replay) String() string {
	return strings.TrimSpace(fmt.Sprintf("%s brain, %d recorded answers of %s", r.Mode, r.Exchanges(), r.Config))
}
