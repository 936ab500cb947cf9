package bashfile

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heragent/heragent/internal/testrepo"
)

// The offline source install writes what an install gives: the console
// scripts and every other entry point group, which plugin registries are
// read from (Python-Markdown's extensions, found by name).
func TestSourceInstallWritesEntryPoints(t *testing.T) {
	files := map[string]string{
		"pyproject.toml": "[project]\nname = \"mdx\"\nversion = \"1.2\"\nlicense = \"BSD-3-Clause\"\n[project.scripts]\nmdx = \"mdx.cli:main\"\n" +
			"[project.entry-points.'mdx.extensions']\ntoc = \"mdx.toc:TocExtension\"\n",
		"mdx/__init__.py": "",
		"mdx/cli.py":      "def main():\n    print('mdx cli')\n",
		"mdx/toc.py":      "class TocExtension:\n    pass\n",
	}
	vpy, venv := sourceInstalled(t, files)
	check := "from importlib.metadata import entry_points, version\n" +
		"print(version('mdx'), [e.load().__name__ for e in entry_points(group='mdx.extensions')], [e.name for e in entry_points(group='console_scripts') if e.name == 'mdx'])\n"
	out, err := exec.Command(vpy, "-c", check).CombinedOutput()
	if err != nil {
		t.Fatalf("metadata: %v: %s", err, out)
	}
	if got, want := strings.TrimSpace(string(out)), "1.2 ['TocExtension'] ['mdx']"; got != want {
		t.Errorf("metadata read back %q, want %q", got, want)
	}
	if out, err := exec.Command(filepath.Join(venv, "bin", "mdx")).CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "mdx cli" {
		t.Errorf("console script: %v: %s", err, out)
	}
}

// setuptools' dynamic dependencies, read from a requirements file, are the
// source install's requirements too: pip check then names a Debian
// package older than they ask (urwid's wcwidth>=0.4 in requirements.txt).
func TestSourceInstallDynamicRequirements(t *testing.T) {
	files := map[string]string{
		"pyproject.toml":   "[project]\nname = \"uw\"\nversion = \"2.0\"\ndynamic = [\"dependencies\"]\n[tool.setuptools.dynamic]\ndependencies = { file = [\"requirements.txt\"] }\n",
		"requirements.txt": "# runtime\nwcwidth>=0.4  # widths\n-r extra.txt\ntyping-extensions\n",
		"uw/__init__.py":   "",
	}
	vpy, _ := sourceInstalled(t, files)
	out, err := exec.Command(vpy, "-c", "from importlib.metadata import requires; print(requires('uw'))").CombinedOutput()
	if err != nil {
		t.Fatalf("metadata: %v: %s", err, out)
	}
	if got, want := strings.TrimSpace(string(out)), "['wcwidth>=0.4', 'typing-extensions']"; got != want {
		t.Errorf("requirements read back %q, want %q", got, want)
	}
}

// A project with Cython modules gets them compiled in place when its
// editable install fails (cytoolz); one without gets no such step.
func TestSourceInstallCompilesCython(t *testing.T) {
	if got := pySourceInstall("", true, false); !strings.Contains(got, "SETUPTOOLS_USE_DISTUTILS=stdlib python3 -m Cython.Build.Cythonize -i -3 $pyx") || !strings.HasSuffix(strings.TrimSpace(got), "}") {
		t.Errorf("with Cython: %s", got[len(got)-400:])
	}
	if got := pySourceInstall("", false, false); strings.Contains(got, "Cythonize") {
		t.Error("without Cython sources: a Cythonize step")
	}
}

// A setup.py declaring extension modules gets them built in place, with
// pyproject.toml aside and put back (ultrajson); the text is valid shell.
func TestSourceInstallBuildsExtensions(t *testing.T) {
	got := pySourceInstall("", false, true)
	for _, want := range []string{"mv pyproject.toml .heragent-pyproject.toml", "python3 setup.py build_clib build_ext --inplace ||", "mv .heragent-pyproject.toml pyproject.toml"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in %s", want, got[len(got)-500:])
		}
	}
	if err := exec.Command("bash", "-n", "-c", got).Run(); err != nil {
		t.Errorf("bash -n: %v", err)
	}
	// a setup.py-only project has no pyproject.toml to move: under the
	// Bash File's errexit the step goes on
	step := "set -e; log() { :; }; python3() { return 0; }; cd " + t.TempDir() + "\n" + fmt.Sprintf(extensionsInPlace, "--inplace") + "\necho done"
	if out, err := exec.Command("bash", "-c", step).CombinedOutput(); err != nil || !strings.Contains(string(out), "done") {
		t.Errorf("without pyproject.toml: %v %s", err, out)
	}
	// a src layout (Pillow): the modules go under src/, where the package is
	if got := pySourceInstall("/src", false, true); !strings.Contains(got, "build_clib build_ext --build-lib ./src ||") {
		t.Errorf("src layout: %s", got[len(got)-300:])
	}
	if strings.Contains(pySourceInstall("", false, false), "build_ext") {
		t.Error("without extension modules: a build_ext step")
	}
}

// sourceInstalled writes files into a repository, makes a venv and runs
// the offline source install of the repository into it; it returns the
// venv's python and the venv.
func sourceInstalled(t *testing.T, files map[string]string) (vpy, venv string) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this host")
	}
	repo := testrepo.Write(t, files)
	venv = filepath.Join(t.TempDir(), "venv")
	if out, err := exec.Command(py, "-m", "venv", "--without-pip", venv).CombinedOutput(); err != nil {
		t.Skipf("python3 cannot make a venv here: %v: %s", err, out)
	}
	vpy = filepath.Join(venv, "bin", "python3")
	cmd := exec.Command(vpy, "-", repo, "")
	cmd.Stdin = strings.NewReader(pySourceInstallScript)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("source install: %v: %s", err, out)
	}
	return vpy, venv
}
