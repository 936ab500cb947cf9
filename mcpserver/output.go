package mcpserver

import (
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// headTail returns a log's text whole when it holds at most limit bytes,
// else its first and last limit/2 bytes around a line saying how much was
// left out; its size; and whether it was cut.
func headTail(path string, limit int) (string, int64, bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", 0, false
	}
	size := st.Size()
	if size <= int64(limit) {
		b, _ := io.ReadAll(f)
		return validUTF8(b), size, false
	}
	half := int64(limit / 2)
	head := make([]byte, half)
	n, _ := io.ReadFull(f, head)
	tail := make([]byte, half)
	m, _ := f.ReadAt(tail, size-half)
	return fmt.Sprintf("%s\n… %d bytes left out …\n%s", validUTF8(head[:n]), size-2*half, validUTF8(tail[:m])), size, true
}

// readTail is the last max bytes of a file.
func readTail(path string, max int64) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > max {
		f.Seek(st.Size()-max, io.SeekStart)
	}
	b, _ := io.ReadAll(io.LimitReader(f, max))
	return string(b)
}

// validUTF8 drops the bytes of a rune a cut split, and any other invalid
// byte: the text goes into JSON.
func validUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]rune, 0, len(b))
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r != utf8.RuneError || n > 1 {
			out = append(out, r)
		}
		b = b[n:]
	}
	return string(out)
}
