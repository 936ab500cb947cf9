package bashfile

import (
	"context"
	"regexp"
	"slices"
	"strings"
)

// A development requirements file lists what the maintainers run as well
// as what the tests import: sortedcontainers' requirements.txt has
// pylint, sphinx, tox and twine beside pytest, and from Debian they cost
// more than the project itself (172 s of setup, most of it sphinx's and
// pylint's dependency trees). Without PyPI the Bash File installs the
// distributions the tests can use and leaves out the maintainers'
// programs — linters, formatters and type checkers, documentation
// builders, release and environment tools — unless code of the checkout
// (not its documentation's) imports them: a Sphinx extension's tests
// import sphinx, and then it is installed. So are the distributions only
// benchmark and plotting scripts import.

// maintainerToolRe names the distributions of maintainers' programs.
var maintainerToolRe = regexp.MustCompile(`^(?:` +
	`pylint|flake8(?:-.+)?|pyflakes|pycodestyle|pydocstyle|black|isort|autopep8|yapf|mypy|ruff|pyright|pytype|bandit|` +
	`pre-commit|codespell|pyupgrade|autoflake|doc8|rstcheck|restructuredtext-lint|check-manifest|pyroma|` +
	`sphinx(?:-.+)?|sphinxcontrib-.+|mkdocs(?:-.+)?|furo|myst-parser|nbsphinx|pdoc3?|pydoctor|` +
	`twine|bump2version|bumpversion|bump-my-version|zest-releaser|towncrier|readme-renderer|check-wheel-contents|` +
	`tox|nox|virtualenv|pip-tools|pipenv|poetry|pdm|hatch|uv|coveralls|codecov)$`)

// maintainerTool reports whether dist is a maintainer's program that no
// code of the checkout outside its docs imports, or a distribution only
// the maintainers' benchmark and plotting scripts import (benchScript).
func (p *planner) maintainerTool(ctx context.Context, dist string) bool {
	name := normDist(dist)
	files, err := p.ix.Importers(ctx, strings.ReplaceAll(name, "-", "_"))
	if err != nil {
		return false
	}
	if !maintainerToolRe.MatchString(name) {
		// known to be imported (a module named like the distribution), and
		// only by scripts no test run imports: sortedcontainers'
		// requirements.txt has matplotlib and scipy for tests/benchmark_plot.py
		// and tests/plot_*.py, 120 s of setup from Debian
		return len(files) > 0 && !slices.ContainsFunc(files, func(f string) bool { return !benchScript(f) })
	}
	for _, f := range files {
		if !strings.HasPrefix(f, "docs/") && !strings.HasPrefix(f, "doc/") {
			return false
		}
	}
	return true
}

// benchScriptRe is a maintainer's script of measurement or its
// documentation: under docs/, doc/, bench/ or benchmark(s)/, or named
// bench*, benchmark*, plot* or profile* (tests/benchmark_plot.py).
var benchScriptRe = regexp.MustCompile(`(?i)^(?:docs?|bench|benchmarks?)/|(?:^|/)(?:bench|benchmark|plot|profile)[\w-]*\.py$`)

// benchScript reports whether f is such a script.
func benchScript(f string) bool { return benchScriptRe.MatchString(f) }
