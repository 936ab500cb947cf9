package pyramid

import "testing"

// A program's file arguments are counted from what it declares or opens.
func TestFileArgCount(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"parser.add_argument('FILE1', type=argparse.FileType('r'))\nparser.add_argument('FILE2', type=argparse.FileType('r'))\nparser.add_argument('--indent', type=int)\n", 2},
		{"parser.add_argument('infile', nargs='?', type=argparse.FileType('r'))\nparser.add_argument('outfile', type=argparse.FileType('w'))\n", 1},
		{"FILE *a = fopen(argv[1], \"r\");\nFILE *b = fopen(argv[2], \"r\");\n", 2},
		{"const s = fs.readFileSync(process.argv[2])\n", 1},
		{"with open(sys.argv[1]) as f:\n", 1},
		{"int main(int argc, char **argv) { return 0; }", 1},
		{"p.add_argument('pattern')\np.add_argument('infile', type=argparse.FileType('r'))\n", 1},                                   // a pattern is no file
		{"p.add_argument('cmd')\np.add_argument('--out', type=argparse.FileType('w'))\n", 1},                                        // an option's file
		{"p.add_argument('a', type=argparse.FileType('r'),\n    nargs='?')\np.add_argument('b', type=argparse.FileType('r'))\n", 1}, // nargs on the next line
	} {
		if got := fileArgCount(c.src); got != c.want {
			t.Errorf("%q: got %d, want %d", c.src, got, c.want)
		}
	}
}
