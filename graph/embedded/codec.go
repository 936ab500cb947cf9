package embedded

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/heragent/heragent/graph"
)

// The blob codec: a compact binary form of an ownerBlob, several times
// faster to decode than JSON (opening the store decodes every blob).
//
//	blob  = version(1) uvarint(#nodes) node* uvarint(#edges) edge*
//	node  = str(id) str(label) str(owner) uvarint(#props) (str(key) prop)*
//	prop  = 's' str | 'i' varint | 't' | 'f' | 'l' uvarint(n) str*n
//	edge  = str(from) str(to) str(type) str(owner)
//	str   = uvarint(len) bytes
const codecVersion = 1

func appendStr(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func encodeBlob(blob ownerBlob) ([]byte, error) {
	b := make([]byte, 0, 256)
	b = append(b, codecVersion)
	b = binary.AppendUvarint(b, uint64(len(blob.Nodes)))
	for _, n := range blob.Nodes {
		b = appendStr(b, n.ID)
		b = appendStr(b, string(n.Label))
		b = appendStr(b, n.Owner)
		b = binary.AppendUvarint(b, uint64(len(n.Props)))
		for _, k := range n.Props.Keys() {
			b = appendStr(b, k)
			switch v := n.Props[k].(type) {
			case string:
				b = appendStr(append(b, 's'), v)
			case int64:
				b = binary.AppendVarint(append(b, 'i'), v)
			case bool:
				if v {
					b = append(b, 't')
				} else {
					b = append(b, 'f')
				}
			case []string:
				b = binary.AppendUvarint(append(b, 'l'), uint64(len(v)))
				for _, s := range v {
					b = appendStr(b, s)
				}
			default:
				return nil, fmt.Errorf("encode property %q: unsupported type %T", k, v)
			}
		}
	}
	b = binary.AppendUvarint(b, uint64(len(blob.Edges)))
	for _, e := range blob.Edges {
		b = appendStr(b, e.From)
		b = appendStr(b, e.To)
		b = appendStr(b, string(e.Type))
		b = appendStr(b, e.Owner)
	}
	return b, nil
}

var errCorrupt = errors.New("corrupt blob")

// decoder reads a blob; it interns the short strings that repeat (labels,
// property keys, owners) to keep the loaded graph small.
type decoder struct {
	b      []byte
	err    error
	intern map[string]string
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) bytes() []byte {
	n := d.uvarint()
	if d.err != nil || n > uint64(len(d.b)) {
		d.err = errCorrupt
		return nil
	}
	s := d.b[:n]
	d.b = d.b[n:]
	return s
}

func (d *decoder) str() string { return string(d.bytes()) }

func (d *decoder) interned() string {
	b := d.bytes()
	if s, ok := d.intern[string(b)]; ok {
		return s
	}
	s := string(b)
	d.intern[s] = s
	return s
}

func (d *decoder) byte() byte {
	if d.err != nil || len(d.b) == 0 {
		d.err = errCorrupt
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *decoder) blob(v []byte) (ownerBlob, error) {
	d.b, d.err = v, nil
	if d.byte() != codecVersion {
		return ownerBlob{}, fmt.Errorf("decode blob: unknown codec version")
	}
	var out ownerBlob
	nn := d.uvarint()
	if nn > uint64(len(d.b)) {
		return out, errCorrupt
	}
	out.Nodes = make([]graph.Node, 0, nn)
	for i := uint64(0); i < nn && d.err == nil; i++ {
		n := graph.Node{ID: d.str(), Label: graph.Label(d.interned()), Owner: d.interned()}
		np := d.uvarint()
		if np > uint64(len(d.b)) {
			return out, errCorrupt
		}
		n.Props = make(graph.Props, np)
		for j := uint64(0); j < np && d.err == nil; j++ {
			k := d.interned()
			switch d.byte() {
			case 's':
				n.Props[k] = d.str()
			case 'i':
				n.Props[k] = d.varint()
			case 't':
				n.Props[k] = true
			case 'f':
				n.Props[k] = false
			case 'l':
				c := d.uvarint()
				if c > uint64(len(d.b)) {
					return out, errCorrupt
				}
				l := make([]string, c)
				for x := range l {
					l[x] = d.str()
				}
				n.Props[k] = l
			default:
				d.err = errCorrupt
			}
		}
		out.Nodes = append(out.Nodes, n)
	}
	ne := d.uvarint()
	if ne > uint64(len(d.b)) {
		return out, errCorrupt
	}
	out.Edges = make([]graph.Edge, 0, ne)
	for i := uint64(0); i < ne && d.err == nil; i++ {
		out.Edges = append(out.Edges, graph.Edge{From: d.str(), To: d.str(), Type: graph.EdgeType(d.interned()), Owner: d.interned()})
	}
	if d.err != nil {
		return out, fmt.Errorf("decode blob: %w", d.err)
	}
	return out, nil
}
