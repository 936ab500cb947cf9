package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A README's list of uses, each a code block in a list item (seqtk's
// "* Reverse complement FASTA/Q:" then `seqtk seq -r in.fq > out.fq`),
// runs the program a plain Makefile links (./seqtk), on a FASTQ sample.
func TestListItemUsesOfAMakefileProgram(t *testing.T) {
	ix := repoIndex(t, map[string]string{
		"Makefile":  "all:seqtk\n\nseqtk:seqtk.c\n\t$(CC) $(CFLAGS) seqtk.c -o $@ -lz -lm\n",
		"seqtk.c":   "#include <stdio.h>\nint main(int argc, char *argv[]) { return 0; }\n",
		"README.md": "Seqtk Examples\n--------------\n\n* Reverse complement FASTA/Q:\n\n        seqtk seq -r in.fq > out.fq\n\n* Install it:\n\n        make install\n",
	})
	p, err := Mine(context.Background(), ix, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var use, install bool
	for _, c := range p.Commands {
		use = use || c.Bucket == Entry && strings.Contains(c.Text, "> in.fq && ./seqtk seq -r in.fq >out.fq") && strings.Contains(c.Text, "@read1")
		install = install || strings.Contains(c.Text, "make install")
	}
	if !use || install {
		t.Errorf("use %v, install %v: %v", use, install, p.Commands)
	}
}
