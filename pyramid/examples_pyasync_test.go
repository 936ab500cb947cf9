package pyramid

import (
	"strings"
	"testing"
)

// aiofiles' README writes a coroutine's body at the top level: it runs
// inside an async def that asyncio.run runs; code without top-level await
// (a coroutine defined and run by the example itself) is left as it is.
func TestAsyncMain(t *testing.T) {
	code := "import aiofiles\nasync with aiofiles.tempfile.TemporaryFile('wb') as f:\n    await f.write(b'Hello')\n\nprint('done')\n"
	got := asyncMain(code)
	for _, want := range []string{"import asyncio\n", "async def _heragent_main():\n    import aiofiles\n    async with aiofiles", "\n        await f.write(b'Hello')\n\n    print('done')\n", "asyncio.run(_heragent_main())\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	for _, c := range []string{
		"import asyncio\nasync def main():\n    await asyncio.sleep(0)\nasyncio.run(main())\n",
		"import x\nprint(x.f())\n",
		"import asyncio\nasync def coro(q):\n    for i in range(3):\n        val = await q.get()\n\nasyncio.run(coro(q))\n", // janus
	} {
		if asyncMain(c) != c {
			t.Errorf("changed %q", c)
		}
	}
	if got := asyncMain("db = await aiosqlite.connect(':memory:')\nrow = await (await db.execute('SELECT 1')).fetchone()\n"); !strings.HasPrefix(got, "import asyncio") {
		t.Errorf("an assignment of an await: %q", got)
	}
}
