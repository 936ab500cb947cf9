// Package greeter builds greetings.
package greeter

import "strings"

// Greet returns a greeting for name.
func Greet(name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		name = "world"
	}
	return "Hello, " + name + "!"
}
