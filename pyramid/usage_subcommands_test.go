package pyramid

import (
	"testing"
)

// A program of subcommands whose help only says <command> is run with
// the listed subcommands that answer by themselves (capnp's `id`,
// "Generate a new unique ID."); help, completion, a server, the
// deprecated and one working on files it is given (capnp's compile) are not; a program without a subcommand placeholder gets
// none.
func TestHelpSubcommands(t *testing.T) {
	capnp := "Usage: ./build/c++/src/capnp/capnp [<option>...] <command> [<arg>...]\n\nCommand-line tool for Cap'n Proto development and debugging.\n\nCommands:\n" +
		"  compile  Generate source code from schema files.\n  convert  Convert messages between binary, text, JSON, etc.\n  decode   DEPRECATED (use `convert`)\n" +
		"  encode   DEPRECATED (use `convert`)\n  eval     Evaluate a const from a schema file.\n  id       Generate a new unique ID.\n\n" +
		"See 'capnp help <command>' for more information on a specific command.\n\nOptions:\n    -I<dir>, --import-path=<dir>\n"
	c := Command{Text: "timeout 10 ./build/c++/src/capnp/capnp --help", Bucket: Entry, Level: Runnable, Synth: true, Reason: "last resort: asks the program for its usage"}
	got := FromHelp(c, capnp)
	if len(got) != 1 || got[0].Text != "timeout 10 ./build/c++/src/capnp/capnp id" || got[0].LastResort() {
		t.Fatalf("capnp: %+v", got)
	}
	cobra := "A tool\n\nUsage:\n  app [command]\n\nAvailable Commands:\n  completion  Generate the autocompletion script for the specified shell\n  help        Help about any command\n" +
		"  serve       Start the server and show its address\n  status      Show the status of the store\n\nFlags:\n  -h, --help   help for app\n"
	got = FromHelp(Command{Text: "./app --help", Bucket: Entry, Level: Runnable, Synth: true}, cobra)
	if len(got) != 1 || got[0].Text != "./app status" {
		t.Fatalf("cobra: %+v", got)
	}
	if got := FromHelp(Command{Text: "./tool --help", Bucket: Entry, Level: Runnable, Synth: true}, "Usage: tool [options] <file>\n\nCommands:\n  list  List things\n"); len(got) != 0 && got[0].Text == "./tool list" {
		t.Fatalf("no subcommand placeholder: %+v", got)
	}
}
