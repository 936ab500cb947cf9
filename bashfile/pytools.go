package bashfile

import (
	"context"
	"regexp"
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
// import sphinx, and then it is installed.

// maintainerToolRe names the distributions of maintainers' programs.
var maintainerToolRe = regexp.MustCompile(`^(?:` +
	`pylint|flake8(?:-.+)?|pyflakes|pycodestyle|pydocstyle|black|isort|autopep8|yapf|mypy|ruff|pyright|pytype|bandit|` +
	`pre-commit|codespell|pyupgrade|autoflake|doc8|rstcheck|restructuredtext-lint|check-manifest|pyroma|` +
	`sphinx(?:-.+)?|sphinxcontrib-.+|mkdocs(?:-.+)?|furo|myst-parser|nbsphinx|pdoc3?|pydoctor|` +
	`twine|bump2version|bumpversion|bump-my-version|zest-releaser|towncrier|readme-renderer|check-wheel-contents|` +
	`tox|nox|virtualenv|pip-tools|pipenv|poetry|pdm|hatch|uv|coveralls|codecov)$`)

// maintainerTool reports whether dist is a maintainer's program that no
// code of the checkout outside its docs imports.
func (p *planner) maintainerTool(ctx context.Context, dist string) bool {
	name := normDist(dist)
	if !maintainerToolRe.MatchString(name) {
		return false
	}
	files, err := p.ix.Importers(ctx, strings.ReplaceAll(name, "-", "_"))
	if err != nil {
		return false
	}
	for _, f := range files {
		if !strings.HasPrefix(f, "docs/") && !strings.HasPrefix(f, "doc/") {
			return false
		}
	}
	return true
}
