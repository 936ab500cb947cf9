// Command hello greets its arguments.
package main

import (
	"fmt"
	"os"

	"example.com/hello/greeter"
)

func main() {
	for _, name := range os.Args[1:] {
		fmt.Println(greeter.Greet(name))
	}
}
