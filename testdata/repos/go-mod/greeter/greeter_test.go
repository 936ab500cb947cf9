package greeter

import "testing"

func TestGreet(t *testing.T) {
	for in, want := range map[string]string{"Ada": "Hello, Ada!", " ": "Hello, world!"} {
		if got := Greet(in); got != want {
			t.Errorf("Greet(%q) = %q, want %q", in, got, want)
		}
	}
}
