// Package bytesize reads and writes sizes in bytes the way people type
// them: 4GiB, 500M, 1.5g, 4096.
package bytesize

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

var units = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"}

// Parse reads a size: a number, optionally followed by K, M, G, T or P
// with an optional "i" and "B" (any case). Every multiple is binary, as
// docker's --memory reads them: 4G and 4GB are both 4 GiB.
func Parse(s string) (int64, error) {
	t := strings.TrimSpace(s)
	num := t[:strings.LastIndexAny(t, "0123456789")+1]
	unit := strings.ToUpper(strings.TrimSpace(t[len(num):]))
	unit = strings.TrimSuffix(strings.TrimSuffix(unit, "B"), "I")
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || strings.ContainsAny(num, "eE+-") {
		return 0, fmt.Errorf("invalid size %q (want e.g. 4GiB, 500M, 4096)", s)
	}
	exp := 0
	if unit != "" {
		exp = strings.Index("KMGTP", unit) + 1
		if len(unit) != 1 || exp == 0 {
			return 0, fmt.Errorf("invalid size %q: unknown unit (K, M, G, T, P)", s)
		}
	}
	v := f * math.Pow(1024, float64(exp))
	if v >= math.MaxInt64 {
		return 0, fmt.Errorf("invalid size %q: too large", s)
	}
	return int64(v), nil
}

// Format writes n with a binary unit: 4GiB, 200MiB, 1.5KiB, 512B.
func Format(n int64) string {
	f, u := float64(n), 0
	for math.Abs(f) >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	s := strconv.FormatFloat(f, 'f', 1, 64)
	return strings.TrimSuffix(s, ".0") + units[u]
}
