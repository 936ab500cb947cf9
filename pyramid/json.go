package pyramid

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
)

// SchemaVersion is the version of pyramid.json this package writes.
const SchemaVersion = 1

// JSON returns pyramid.json (indented, schema_version set).
func (p *Pyramid) JSON() ([]byte, error) {
	q := *p
	q.SchemaVersion = SchemaVersion
	if q.Commands == nil {
		q.Commands = []Command{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // commands hold < > &
	if err := enc.Encode(&q); err != nil {
		return nil, fmt.Errorf("encode pyramid: %w", err)
	}
	return b.Bytes(), nil
}

// Load parses pyramid.json and checks it: a known schema version, known
// buckets, levels matching buckets, compilable expect regexes.
func Load(data []byte) (*Pyramid, error) {
	var p Pyramid
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("decode pyramid: %w", err)
	}
	if p.SchemaVersion < 1 || p.SchemaVersion > SchemaVersion {
		return nil, fmt.Errorf("decode pyramid: schema_version %d not supported (want 1..%d)", p.SchemaVersion, SchemaVersion)
	}
	for i, c := range p.Commands {
		if c.Text == "" {
			return nil, fmt.Errorf("decode pyramid: command %d has no text", i)
		}
		if c.Bucket.Level() == None {
			return nil, fmt.Errorf("decode pyramid: command %d: unknown bucket %q", i, c.Bucket)
		}
		if c.Level == "" {
			p.Commands[i].Level = c.Bucket.Level()
		} else if c.Level != c.Bucket.Level() {
			return nil, fmt.Errorf("decode pyramid: command %d: level %q does not match bucket %q", i, c.Level, c.Bucket)
		}
		for _, x := range c.Expect {
			if _, err := regexp.Compile(x); err != nil {
				return nil, fmt.Errorf("decode pyramid: command %d: expect %q: %w", i, x, err)
			}
		}
	}
	return &p, nil
}
