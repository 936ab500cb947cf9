package graph

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// Props are node properties. Values are string, int64, bool or []string
// only, so that every backend stores and returns them unchanged;
// Normalize converts the other forms backends and callers produce.
type Props map[string]any

// Str returns a string property ("" when absent).
func (p Props) Str(k string) string { s, _ := p[k].(string); return s }

// Int returns an integer property (0 when absent).
func (p Props) Int(k string) int64 { i, _ := p[k].(int64); return i }

// Bool returns a boolean property.
func (p Props) Bool(k string) bool { b, _ := p[k].(bool); return b }

// Strs returns a []string property.
func (p Props) Strs(k string) []string { s, _ := p[k].([]string); return s }

// Keys returns the property names, sorted.
func (p Props) Keys() []string {
	ks := make([]string, 0, len(p))
	for k := range p {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Normalize returns props with every value converted to one of the
// allowed types; values that cannot be converted are an error. Empty
// strings, false booleans and empty lists are kept.
func Normalize(in map[string]any) (Props, error) {
	out := make(Props, len(in))
	for k, v := range in {
		nv, err := normValue(v)
		if err != nil {
			return nil, fmt.Errorf("normalize property %q: %w", k, err)
		}
		if nv != nil {
			out[k] = nv
		}
	}
	return out, nil
}

func normValue(v any) (any, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string, bool, int64:
		return x, nil
	case int:
		return int64(x), nil
	case int32:
		return int64(x), nil
	case uint32:
		return int64(x), nil
	case float64:
		if x != math.Trunc(x) {
			return nil, fmt.Errorf("non-integer number %v", x)
		}
		return int64(x), nil
	case json.Number:
		i, err := x.Int64()
		if err != nil {
			return nil, fmt.Errorf("number %s: %w", x, err)
		}
		return i, nil
	case []string:
		return x, nil
	case []any:
		s := make([]string, 0, len(x))
		for _, e := range x {
			es, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("list element %T is not a string", e)
			}
			s = append(s, es)
		}
		return s, nil
	default:
		return nil, fmt.Errorf("unsupported type %T", v)
	}
}
