package pyramid

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

var matrixRe = regexp.MustCompile(`\$\{\{\s*matrix\.([\w-]+)\s*\}\}`)

// mineCI mines the run steps of CI workflows (GitHub Actions, GitLab CI,
// Travis, CircleCI) and Dockerfile RUN instructions. A simple matrix is
// expanded to its first combination (the values are listed in the note):
// one toolchain is enough to prove a level.
func mineCI(ctx context.Context, e *env) ([]Command, error) {
	steps, err := e.ix.CISteps(ctx)
	if err != nil {
		return nil, err
	}
	var out []Command
	for _, s := range steps {
		if s.System == "dockerfile" && s.Name != "" && s.Name != "RUN" {
			continue // CMD / ENTRYPOINT: the entry-point miner
		}
		text, note := expandMatrix(s.Text, s.Matrix)
		if s.Job != "" {
			note = strings.TrimSpace("job " + s.Job + " " + note)
		}
		src := "ci"
		if s.System == "dockerfile" {
			src = "dockerfile"
		}
		out = append(out, fromShell(e, text, src, s.Path, int(s.Line), note)...)
	}
	return out, nil
}

// expandMatrix substitutes ${{ matrix.K }} with K's first value.
func expandMatrix(text string, matrix []string) (string, string) {
	vals := map[string][]string{}
	for _, m := range matrix {
		k, v, ok := strings.Cut(m, "=")
		if ok {
			vals[k] = strings.Split(v, ",")
		}
	}
	var used []string
	text = matrixRe.ReplaceAllStringFunc(text, func(m string) string {
		k := matrixRe.FindStringSubmatch(m)[1]
		if v := vals[k]; len(v) > 0 && v[0] != "" {
			used = append(used, fmt.Sprintf("matrix %s=%s of %s", k, v[0], strings.Join(v, ",")))
			return v[0]
		}
		return m // unknown: left as a placeholder, dropped by the classifier
	})
	return text, strings.Join(used, "; ")
}
