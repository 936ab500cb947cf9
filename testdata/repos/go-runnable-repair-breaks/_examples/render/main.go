// Command render prints a coloured word-frequency chart of a text file.
package main

import (
	"fmt"
	"os"

	"example.com/wordcount"
	"example.invalid/heragent/colors"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: render FILE")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	for w, n := range wordcount.Count(f) {
		fmt.Println(colors.Bar(n), w)
	}
}
