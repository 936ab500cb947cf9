package pyramid

import "testing"

func TestExpandMatrix(t *testing.T) {
	tests := []struct {
		name, text string
		matrix     []string
		want, note string
	}{
		{"listed values: the first", "cmake -DCC=${{ matrix.cc }} -DX=${{ matrix.os }}", []string{"cc=gcc,clang"},
			"cmake -DCC=gcc -DX=${{ matrix.os }}", "matrix cc=gcc of gcc,clang"},
		// tmux's regress job: include entries only, the first is for macOS
		{"include entries only: the first for Linux", "${{ matrix.make }} -C regress",
			[]string{"include[0].runner=macos-26", "include[0].make=gmake", "include[1].runner=ubuntu-24.04", "include[1].make=make"},
			"make -C regress", "matrix make=make of gmake,make"},
		// an include entry that agrees with the first combination adds its keys
		{"include extends the combination it matches", "tox run -e ${{ matrix.tox }}",
			[]string{"python=3.12,3.11", "include[0].python=3.11", "include[0].tox=py311", "include[1].python=3.12", "include[1].tox=py312"},
			"tox run -e py312", "matrix tox=py312 of py311,py312"},
		{"an empty include value is a value", "./configure ${{ matrix.flags }}",
			[]string{"include[0].os=ubuntu-latest", "include[0].flags="}, "./configure ", "matrix flags= of "},
	}
	for _, tt := range tests {
		got, note := expandMatrix(tt.text, tt.matrix)
		if got != tt.want || note != tt.note {
			t.Errorf("%s: expandMatrix = %q, %q; want %q, %q", tt.name, got, note, tt.want, tt.note)
		}
	}
}
