package pyramid

import "testing"

func TestClassify(t *testing.T) {
	tests := []struct {
		text   string
		bucket Bucket // "" when dropped
	}{
		{"cmake -S . -B build", Build},
		{"cmake --build build", Build},
		{`BASE_NAME=$(PYTHONPATH=bin/ python -c 'from helpers import path; print(path("", "py")[:-4])')`, ""}, // only sets a variable (cheroot's CI)
		{"go run honnef.co/go/tools/cmd/staticcheck@v0.8.0 ./...", ""},                                        // a tool at a version (zeebo/blake3's CI)
		{"go run ./cmd/app -v", Entry},
		{"go run ./_readme-gofmt/main.go", ""}, // tooling in a directory the go tool ignores (testify's CI)
		{"go run .", Entry},
		{"go run ./_examples/render", Entry}, // example programs kept out of ./...
		{"./_tools/go-inline *.go && go fmt . && go test -v ./... -coverpkg=$(go list ./... | sed 's/\\n/,/g')", Unit}, // a program preparing the test run (gopher-lua's CI); a pipe inside $(…) is an argument's
		{"echo 'a|b' | ./prog", Entry},
		{"./app in.txt && ./app --version", Entry},
		{"gcc -o c4 c4.c", Build},   // a program compiled from its source (rswier/c4's README)
		{"gcc -c -o c4.o c4.c", ""}, // an object, not a program
		{"cc -o app", ""},           // no source
		{"ctest --test-dir build --output-on-failure", Unit},
		{"meson setup build", Build},
		{"meson test -C build", Unit},
		{"./configure --prefix=/usr", Build},
		{"make", Build},
		{"make -j4", Build},
		{"make check", Unit},
		{"make -C tests test-lz4", Unit},
		{"make -C regress", Unit},
		{"bmake regress", Unit},               // BSD make's regression suite (lowdown's CI)
		{"npx nyc@latest npm run test", Unit}, // coverage at a version around the tests (stylus)
		{"cmake ../test -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc-10 -DCMAKE_CXX_COMPILER=g++-10", ""}, // a matrix variant
		{"cmake ../test -DCMAKE_BUILD_TYPE=Debug -T ClangCL", ""},
		{"cmake .. -DCMAKE_C_COMPILER=/usr/bin/gcc", Build},
		{"cmake -S . -B build -DCMAKE_CXX_COMPILER=c++", Build},
		{"./ci.sh coverage -d v2", ""},              // go-toml's CI script
		{"npx zx .github/scripts/coverage.mjs", ""}, // expr's
		{"bash ci-build.sh", ""},
		{"pytest -c .github/pytest.ini", Unit},                   // an argument under .github/ is no CI script
		{"./cities.sh", Entry},                                   // not ci
		{"node benchmark/index.js --start-char=a --depth=5", ""}, // rimraf's CI
		{"python3 -O benchmarks/run.py", ""},
		{"node bin/bench.js", ""}, // a benchmark file too
		{"node bin/cli.js", Entry},
		{"node test.js", Unit},    // fx's CI
		{"node test/toFixed", ""}, // one test file, resolved to .js (big.js's README)
		{"node bin/cli", Entry},
		{"npm run coverage && npx nyc report --reporter=lcov", ""}, // async's CI
		{"npx nyc mocha test/", Unit},
		{"npx c8 node --test", Unit},
		{"node workbench.js", Entry},
		{"node --icu-data-dir=./node_modules/full-icu", ""}, // a REPL (luxon's docs)
		{"NODE_ICU_DATA=\"$(pwd)/node_modules/full-icu\" node", ""},
		{"node -e \"console.log(1)\"", Entry},
		{"node --experimental-vm-modules app.js", Entry},
		{"node test/fixtures/index.js", ""},
		{"node test/index.mjs", Unit},
		{"node lib/parser.test.js", Unit},
		{"node test/support/createdb.js", ""}, // node-sqlite3's helper
		{"node ./test/benchmark.js", ""},      // nanoid's
		{"deno test --allow-read test/deno/*", Unit},
		{"node contest.js", Entry},
		{"node ./bin/cli.js ./test/fixtures/user.ejs", Entry},
		{"cd test && rake ci", Unit},
		{"make -C doc", ""},
		{"python3 ci_single_header_check.py", ""},
		{"python tools/update_zoneinfo.py", ""},
		{"python scripts/assemble.py --remap", ""},
		{"./apply-clang-tidy.sh", ""},
		{"python3 -m http.server -d docs 8080", ""},
		{"python3 tools/amalgamate/amalgamate.py -c x.json -s .", ""},
		{"python3 server.py", Entry},
		{"python3 ./scripts/run-tests.py", Unit},
		{"python3 test/spec_tests.py --program build/src/cmark", Unit},
		{"python runtests.py -v", Unit},
		{"python3 latest.py", Entry},
		// a script in the test suite's directory is no program of the
		// project: a test when it says so, else a helper (mosquitto's CI
		// coverage job, libfuse's docs job)
		{"test/merge-gcda.py", ""},
		{"test/ci/doxygen.sh", ""},
		{"python3 testsuite/fleettest.py --fleet fleettest-ci.json --list", ""},
		{"python3 testsuite/runtests.py -j 8", Unit},
		// docs notation for an optional word (yq: `make [local] test`), not
		// a glob
		{"make [local] test", ""},
		{"./tests/run-all.sh", Unit},
		{"./ci_tools/retry.sh python updatezinfo.py", ""},
		{"npx jsr add @sitnik/nanoid", ""},
		{"npx nanoid --size 10", Entry},
		{"node ./bin/cli.js -p [ -c ] ./template_file.ejs -o ./output.html", ""},
		{"make -C docs html", ""},
		{"just test", Unit},
		{"task test:unit", Unit},
		{"rake spec[verbose]", Unit},
		{"just -f build.just build", Build},
		{"just", ""},
		{"task lint", ""},
		{"go test -v ./...", Unit},
		{"go test -v ./src/algo/ -fuzz=FuzzIndexByteTwo -fuzztime=5s", ""},
		{"go test -run=^$ -bench=. ./...", ""},
		{"./configure --host=aarch64-linux-android --enable-ipv6", ""},
		{"./configure --host=x86_64-linux-gnu --disable-docs", Build},
		{`cmake "-DPCAP_ROOT={path-to-sdk}" -G {generator} ..`, ""},
		{"make clean", ""},
		{"./config --libdir=lib [--prefix=/opt/quictls]", ""}, // an optional argument in brackets: a template
		{"make -j $(nproc) TARGET=linux-glibc", Build},
		{"make -v", ""},
		{"make dist dist-zip", ""},
		{"make run", Integration},
		{"make -j test >/dev/null", Unit},
		{"npm ci", Build},
		{"npm install -g express-generator@4", ""},
		{"npm test", Unit},
		{"npm run lint", ""},
		{"nox -s perf", ""},
		{"tox -e docs", ""},
		{"nox -s tests-3.11", Unit},
		{"tox -e py311", Unit},
		{"hatch run test:with-coverage", Unit},
		{"hatch run +py=3.12 tests:cov", Unit},
		{"hatch run docs:build", ""},
		{"hatch run style:fix", ""},
		{"hatch run test:python -m pip install redis==8", ""},
		{"hatch run test:typing", ""},
		{"./bootstrap.sh", Build},
		{`python3 "/opt/oss-fuzz/infra/cifuzz/cifuzz_combined_entrypoint.py"`, ""},
		{"./buildconf", Build},
		{"./autogen.sh", Build},
		{"npm start", Entry},
		{"npm publish", ""},
		{"pip install -e .", Build},
		{"pip install pytest", ""},
		{"python -m pytest -q", Unit},
		{"python3 -m unittest discover -s tests", Unit},
		{"python main.py config.yaml", Entry},
		{"python -c 'import wordcount'", Smoke},
		{"go build ./...", Build},
		{"go test ./...", Unit},
		{"go vet ./...", ""},
		{"go run . Ada", Entry},
		{"go run", ""}, // easyjson's prose: "invokes `go run` on a temporary file"
		{"python -m", ""},
		{"cargo test", Unit},
		{"mvn -B test", Unit},
		{"./build/checksum-cli hello", Entry},
		{"./build/checksum-cli --version", Smoke},
		{`echo "one two three" | ./wordfreq`, Entry},
		{"./tests/run_tests.sh", Unit},
		{"./checkpatch.sh -r", ""},
		{"apt-get install -y zlib1g-dev", ""},
		{"git push origin main", ""},
		{"docker push img", ""},
		{"twine upload dist/*", ""},
		{"rm -rf /usr/local/lib", ""},
		{"./prog <file>", ""},
		{"./prog --token your-token", ""},
		{"./yourtool --completion-script-bash", ""}, // the reader's own program (kingpin's README)
		{"./myapp serve", ""},
		{"./toolbox --version", Smoke},
		{"./zstd -D dict FILE", ""},
		{"make platformTest CC=$XCC", ""},
		{"make CC=aarch64-linux-android21-clang", ""},
		{"cmake -G Xcode ..", ""},
		{"flake8 .", ""},
		{"cmake .. && make && make test", Unit},
		{"./bootstrap-vcpkg.sh", ""},
		{"./mkdist.sh", ""}, // a distribution archive (LibRaw's), no use
		{"sh makerelease.sh 1.2", ""},
		{"./distcc.sh", Entry},
		{"./configure --help", ""},
		{"./ci/install-dependencies.sh", ""},
		{"./scripts/top-length", ""},
		{"go install github.com/x/tool@main", ""},
		{"python -m pyright src/", ""},
		{"make ci", Unit},
		{"./src/curl https://example.com/", ""},
		{"./src/curl http://127.0.0.1:8080/", Entry},
		{"./src/curl ipfs://bafy", ""},
		{"./src/curl file:///etc/hosts", Entry},
		{"make the above studies consistent among themselves.", ""},
		{"./build/git bisect start [BAD [GOOD...]]", ""},
		{"make regressions very difficult to track down. It can even be", ""},
		{"../cmake-configure --prefix=/some/install/path", ""},
		// CI diagnostics: a tool's version, not the project's program
		{"ninja --version", ""},
		{"echo && cmake --version", ""},
		{"tox --version", ""},
		{"./haproxy --version", Smoke},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			v := classify(tt.text)
			got := v.Bucket
			if v.Drop != "" {
				got = ""
			}
			if got != tt.bucket {
				t.Errorf("classify(%q) = %q (drop %q), want %q", tt.text, got, v.Drop, tt.bucket)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"go test ./...", "go test -v ./..."},
		{"go test -v ./...", "go test -v ./..."},
		{"go test -json ./...", "go test -json ./..."},
		{"GOFLAGS=-mod=mod go test ./pkg", "GOFLAGS=-mod=mod go test -v ./pkg"},
		{"go test -v ./... -bench=. -count=10", "go test -v ./..."},             // go-toml's CI: the tests, not ten benchmark runs
		{"go test -v -race -bench . -benchmem ./...", "go test -v -race ./..."}, // zerolog's
		{"go test -count=1 ./...", "go test -v -count=1 ./..."},                 // uncached, once: kept
		{"./rsync-ssl --no-motd host::mod/ || true", "./rsync-ssl --no-motd host::mod/"},
		{"make check || :", "make check"},
		{`xkbcli compile-keymap --layout test && echo "valid!" || echo "invalid!"`, "xkbcli compile-keymap --layout test"},
		{`./tool x || echo failed`, "./tool x"},
		{`./tool x && echo done`, "./tool x && echo done"},
		{"echo true", "echo true"},
		{"go test -v -coverprofile=coverage.out ./... >/dev/null", "go test -v -coverprofile=coverage.out ./..."}, // gods' CI: the output is the evidence
		{"make check > /dev/null 2>&1", "make check"},
		{"make check 2>/dev/null", "make check 2>/dev/null"},
		{"make -C test atcmd_test CC=gcc >log", "make -C test atcmd_test CC=gcc"}, // mongoose's nightly CI uploads the log
		{"make test > test-output.txt 2>&1", "make test"},
		{"make test > results.xml", "make test > results.xml"},
		{"make test > /tmp/x/log", "make test > /tmp/x/log"},
	}
	for _, tt := range tests {
		if got := normalize(tt.in, Unit); got != tt.want {
			t.Errorf("normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
