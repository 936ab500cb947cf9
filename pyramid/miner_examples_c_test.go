package pyramid

import (
	"context"
	"strings"
	"testing"
)

// A README's whole C++ program that includes the repository's own header
// is compiled against its include directory and run; a fragment without
// main, one including only system headers, or one including a header the
// repository has only in tests is not.
func TestCExamples(t *testing.T) {
	e := repoEnv(t, map[string]string{
		"include/msgpack.hpp":      "#pragma once\n",
		"test/helper.hpp":          "#pragma once\n",
		"single_include/pk/pk.hpp": "#pragma once\n",
		"include/pk/pk.hpp":        "#pragma once\n",
		"README.md": "# msgpack\n\n```c++\n#include <msgpack.hpp>\n#include <iostream>\nint main()\n{\n    std::cout << 1 << std::endl;\n}\n```\n\n" +
			"```cpp\nmsgpack::sbuffer sbuf;\n```\n\n" +
			"```c\n#include <stdio.h>\nint main(void) { return 0; }\n```\n\n" +
			"```cpp\n#include \"helper.hpp\"\nint main() { return 0; }\n```\n\n" +
			"```cpp\n#include <pk/pk.hpp>\nint main() { return 0; }\n```\n",
	})
	cs, err := mineExamples(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("examples %+v", cs)
	}
	if c := cs[0].Text; !strings.Contains(c, "> .heragent-example-1.cc && { c++ -o /tmp/heragent-example-1 .heragent-example-1.cc -Iinclude -pthread 2>/dev/null || {") ||
		!strings.Contains(c, "c++ -o /tmp/heragent-example-1 .heragent-example-1.cc -Iinclude -pthread -Wl,--start-group $L -Wl,--end-group $R; }; } && timeout 60 /tmp/heragent-example-1") ||
		!strings.Contains(c, "    std::cout") {
		t.Errorf("first example: %s", c)
	}
	if c := cs[1].Text; !strings.Contains(c, " -Iinclude -pthread") {
		t.Errorf("an include/ directory is preferred to single_include/: %s", c)
	}
}
