package bytesize

import "testing"

func TestParse(t *testing.T) {
	for in, want := range map[string]int64{"4096": 4096, "4GiB": 4 << 30, "4G": 4 << 30, "4gb": 4 << 30, "500M": 500 << 20,
		"1.5k": 1536, "2 TiB": 2 << 40, "0": 0, "10B": 10} {
		if got, err := Parse(in); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "G", "-1G", "4X", "4GiBs", "1e3", "four", "99999999P"} {
		if got, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) = %d, want an error", in, got)
		}
	}
}

func TestFormat(t *testing.T) {
	for in, want := range map[int64]string{0: "0B", 512: "512B", 1536: "1.5KiB", 36 << 10: "36KiB", 200 << 20: "200MiB", 4 << 30: "4GiB"} {
		if got := Format(in); got != want {
			t.Errorf("Format(%d) = %q, want %q", in, got, want)
		}
	}
}
