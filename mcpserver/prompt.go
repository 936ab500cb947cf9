package mcpserver

import (
	"context"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// instructions is what the server tells a client at initialisation.
const instructions = `heragent sets up a repository's environment in containers and proves how far it works: installable, testable, runnable. Call setup_environment once per repository (minutes), then run_tests and run_in_environment as often as you like: each runs in a fresh container of the verified image with the repository's current working tree copied in, so your edits are what is tested. Repository code never runs on the host. Use query_repository to look at the code's structure, get_plan to see the setup script before running anything, get_report for what was proved.`

// workflow is the prompt's text: how an agent uses the tools.
const workflow = `You have heragent's tools to work on the repository at {{repo}} in a verified, reproducible environment. Repository code never runs on the host: every command runs in a fresh container of the environment's image, with the repository's current working tree copied in.

1. Call setup_environment with repo={{repo}} (level "testable" is enough to change code; "runnable" also proves the program runs). It takes minutes and reports progress. Keep the environment_id it returns. Read level, why_not_higher and test_command: the level is proved by running commands, not guessed.
2. Before you change anything, call run_tests with the environment_id: this is the baseline (tests.passed, tests.failed, failed_tests).
3. Edit files in the working tree as usual. Then call run_tests again (or with scope set to a narrower test command, e.g. one test) and compare with the baseline. A test that failed before your change is not your regression.
4. For anything else — build, run the program, a one-off script — call run_in_environment with a bash command; it runs in /repo. Output is bounded (head and tail); the whole log path is in the result.
5. To understand the code, use query_repository (file_tree, find_files, search_text, read_file, doc_sections, ci_steps, entry_points, declared_dependencies, unresolved_includes, includers) rather than guessing.
6. get_report gives the setup script, the pyramid of commands and the report; the resources heragent://environments/<id>/setup.sh, Dockerfile and report.json are the exports a human can use without heragent.

Nothing you run in the environment changes the host's files: to keep a change, edit the working tree.`

func (s *Server) addPrompt() {
	s.mcp.AddPrompt(&mcp.Prompt{Name: "work_in_environment", Title: "Work on a repository in a verified environment",
		Description: "How to set up, test and change a repository with heragent's tools",
		Arguments:   []*mcp.PromptArgument{{Name: "repo", Description: "the repository's directory", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			repo := req.Params.Arguments["repo"]
			if repo == "" {
				repo = "."
			}
			return &mcp.GetPromptResult{Description: "heragent workflow for " + repo,
				Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: strings.ReplaceAll(workflow, "{{repo}}", repo)}}}}, nil
		})
}
