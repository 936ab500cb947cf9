package repair

import (
	"regexp"
	"strings"
)

// A pytest configuration (addopts, ini keys) that names a plugin's option
// fails without the plugin: "__main__.py: error: unrecognized arguments:
// --asyncio-mode=strict" (exit 4, no test run), or, under -W error,
// "PytestConfigWarning: Unknown config option: timeout", or under
// --strict-config "ERROR: Unknown config option: timeout". The option
// names the plugin; the missing plugin is a missing Python module,
// repaired as one (Debian's python3-pytest-… or pip). An ini key no
// installed plugin knows is also declared (pytestStrictConfig), so a
// plugin older than the configuration needs no second repair.

// pytestPluginOptions maps a plugin's command-line option or ini key
// (without dashes, '-' as '_') to the plugin's import name.
var pytestPluginOptions = map[string]string{
	"asyncio_mode": "pytest_asyncio", "asyncio_default_fixture_loop_scope": "pytest_asyncio",
	"cov": "pytest_cov", "cov_report": "pytest_cov", "cov_config": "pytest_cov", "cov_fail_under": "pytest_cov", "cov_branch": "pytest_cov", "no_cov": "pytest_cov",
	"timeout": "pytest_timeout", "timeout_method": "pytest_timeout", "timeout_func_only": "pytest_timeout",
	"numprocesses": "xdist", "n": "xdist", "dist": "xdist", "maxprocesses": "xdist", "looponfail": "xdist",
	"benchmark_skip": "pytest_benchmark", "benchmark_only": "pytest_benchmark", "benchmark_disable": "pytest_benchmark", "benchmark_min_rounds": "pytest_benchmark",
	"mypy": "pytest_mypy", "flake8": "pytest_flake8", "black": "pytest_black", "doctest_plus": "pytest_doctestplus",
	"reruns": "pytest_rerunfailures", "reruns_delay": "pytest_rerunfailures", "randomly_seed": "pytest_randomly", "forked": "pytest_forked",
	"mpl": "pytest_mpl", "html": "pytest_html", "snapshot_update": "syrupy", "env": "pytest_env", "mock_use_standalone_module": "pytest_mock",
	"hypothesis_profile": "hypothesis", "hypothesis_show_statistics": "hypothesis", "subtests": "pytest_subtests",
}

var (
	pytestUnrecognizedRe = regexp.MustCompile(`(?:pytest|__main__\.py|py\.test): error: unrecognized arguments: (.+)`)
	pytestUnknownIniRe   = regexp.MustCompile(`(?:PytestConfigWarning: |^ERROR: )Unknown config option: (\w+)`)
)

// pytestPlugins finds the plugins a pytest run's configuration needs and
// does not have, as missing-module diagnoses, in log order.
func pytestPlugins(log string) []Diagnosis {
	var out []Diagnosis
	seen := map[string]bool{}
	add := func(opt, line, detail string) {
		key := strings.ReplaceAll(strings.TrimLeft(opt, "-"), "-", "_")
		key, _, _ = strings.Cut(key, "=")
		mod := pytestPluginOptions[key]
		if mod == "" || seen[mod] {
			return
		}
		seen[mod] = true
		out = append(out, Diagnosis{Kind: MissingPythonModule, Subject: mod, Evidence: strings.TrimSpace(line), Detail: detail})
	}
	for _, l := range logLines(log) {
		if m := pytestUnrecognizedRe.FindStringSubmatch(l); m != nil {
			for _, a := range strings.Fields(m[1]) {
				if strings.HasPrefix(a, "-") {
					add(a, l, "")
				}
			}
		} else if m := pytestUnknownIniRe.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
			add(m[1], l, "")
		} else if m := pytestFixtureRe.FindStringSubmatch(l); m != nil {
			if mod := pytestPluginFixtures[m[1]]; mod != "" && !seen[mod] {
				seen[mod] = true
				out = append(out, Diagnosis{Kind: MissingPythonModule, Subject: mod, Evidence: strings.TrimSpace(l)})
			}
		}
	}
	return out
}

// A test asks for a fixture a plugin provides, and the plugin is not
// installed: "E       fixture 'mocker' not found" (radon's tests use
// pytest-mock's, hpack's pytest-benchmark's). The fixture names the
// plugin, a missing Python module like the options' (pytestPluginOptions).
var (
	pytestFixtureRe      = regexp.MustCompile(`^E?\s*fixture '(\w+)' not found`)
	pytestPluginFixtures = map[string]string{
		"mocker": "pytest_mock", "class_mocker": "pytest_mock", "module_mocker": "pytest_mock", "package_mocker": "pytest_mock", "session_mocker": "pytest_mock",
		"benchmark": "pytest_benchmark", "httpserver": "pytest_httpserver", "snapshot": "syrupy", "freezer": "pytest_freezer",
		"requests_mock": "requests_mock", "httpx_mock": "pytest_httpx", "respx_mock": "respx", "fs": "pyfakefs", "datadir": "pytest_datadir",
		"shared_datadir": "pytest_datadir", "xprocess": "xprocess", "qtbot": "pytestqt", "subtests": "pytest_subtests", "aiohttp_client": "pytest_aiohttp",
		"time_machine": "time_machine", "event_loop": "pytest_asyncio", "faker": "faker", "lazy_fixture": "pytest_lazyfixture",
		"nursery": "pytest_trio", "autojump_clock": "pytest_trio", "mock_clock": "pytest_trio",
	}
)
