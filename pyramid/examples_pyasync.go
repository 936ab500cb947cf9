package pyramid

import (
	"regexp"
	"strings"
)

// An asyncio library's README writes its example as the body of a
// coroutine (aiofiles' `async with aiofiles.open(…) as f:` / `await
// f.write(…)`, aiosqlite's `db = await aiosqlite.connect(…)`): top-level
// await is a SyntaxError in a script. asyncMain runs such code the way
// its reader would: inside an `async def` that asyncio.run runs.

// topAwaitRe is a top-level line that only a coroutine may hold; an
// indented `val = await q.get()` is a coroutine's own (janus' README
// defines its coroutines and runs them with asyncio.run).
var topAwaitRe = regexp.MustCompile(`(?m)^(?:await\s|async\s+(?:with|for)\s|[\w.\[\]][\w.\[\], ]*=\s*await\s|print\(\s*await\s)`)

// asyncMain wraps Python code with top-level await in a coroutine run by
// asyncio.run; other code is returned as it is.
func asyncMain(code string) string {
	if !topAwaitRe.MatchString(code) {
		return code
	}
	var head, body []string
	for _, l := range strings.Split(strings.TrimRight(code, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "from __future__ import"):
			head = append(head, l)
		case strings.TrimSpace(l) == "":
			body = append(body, "")
		default:
			body = append(body, "    "+l)
		}
	}
	head = append(head, "import asyncio", "", "", "async def _heragent_main():")
	return strings.Join(head, "\n") + "\n" + strings.Join(body, "\n") + "\n\n\nasyncio.run(_heragent_main())\n"
}
