package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/heragent/heragent/agents"
	"github.com/heragent/heragent/loops"
	"github.com/heragent/heragent/pipeline"
	"github.com/heragent/heragent/report"
)

// runBrain answers every role of a run: the analysis roles the pipeline
// declares (context, plan, pyramid) and the roles the loops declare.
type runBrain interface {
	pipeline.Brain
	loops.Repairer
	loops.CommandChooser
	loops.Reflector
	loops.Journal
}

// brainFlags choose the brain and its model.
type brainFlags struct {
	mode      string
	provider  string
	model     string
	baseURL   string
	config    string
	cache     string
	replay    string
	priceIn   float64
	priceOut  float64
	maxCost   float64
	maxTokens int
}

func (f *brainFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.mode, "brain", "rules", "decision maker: rules, llm or hybrid (rules first, the model where they abstain or stagnate)")
	fl.StringVar(&f.provider, "llm-provider", "", "openai (any OpenAI-compatible server), anthropic or ollama [$HERAGENT_LLM_PROVIDER]")
	fl.StringVar(&f.model, "llm-model", "", "model name [$HERAGENT_LLM_MODEL]")
	fl.StringVar(&f.baseURL, "llm-base-url", "", "server URL, e.g. http://localhost:8080/v1 for llama.cpp's llama-server [$HERAGENT_LLM_BASE_URL]")
	fl.StringVar(&f.config, "llm-config", "", "the model's settings file (default "+agents.DefaultConfigPath()+"); --config is the project's heragent.yaml")
	fl.StringVar(&f.cache, "llm-cache", "", "response cache directory, or off (default "+agents.DefaultCacheDir()+")")
	fl.StringVar(&f.replay, "replay", "", "answer every model question from this recorded trajectory.jsonl, offline")
	fl.Float64Var(&f.priceIn, "llm-price-in", 0, "USD per million prompt tokens (for cost accounting)")
	fl.Float64Var(&f.priceOut, "llm-price-out", 0, "USD per million completion tokens")
	fl.Float64Var(&f.maxCost, "max-cost", 0, "stop the run once the model cost this many USD (0: no limit)")
	fl.IntVar(&f.maxTokens, "max-tokens", 0, "stop the run once the model used this many tokens (0: no limit)")
}

// client checks the brain's configuration and returns its mode and model
// client (nil for the rules brain). It runs before any container starts;
// its errors are usage errors.
func (f *brainFlags) client(cmd *cobra.Command) (agents.Mode, *agents.Client, error) {
	mode, err := agents.ParseMode(f.mode)
	if err != nil {
		return "", nil, err
	}
	if f.replay != "" {
		rec, err := agents.LoadReplay(f.replay)
		if err != nil {
			return "", nil, fmt.Errorf("--replay: %w", err)
		}
		if !cmd.Flags().Changed("brain") {
			mode = rec.Mode
		}
		if mode == agents.ModeRules {
			return mode, nil, nil
		}
		if rec.Config.Model == "" {
			return "", nil, fmt.Errorf("--replay %s: the recorded run used no model", f.replay)
		}
		c := agents.NewReplayClient(rec)
		return mode, c, nil
	}
	if mode == agents.ModeRules {
		return mode, nil, nil
	}
	path, required := f.config, f.config != ""
	if path == "" {
		path = agents.DefaultConfigPath()
	}
	file, err := agents.LoadConfigFile(path, required)
	if err != nil {
		return "", nil, fmt.Errorf("--llm-config: %w", err)
	}
	cfg := agents.Resolve(agents.Config{Provider: f.provider, Model: f.model, BaseURL: f.baseURL, Cache: f.cache,
		PriceIn: f.priceIn, PriceOut: f.priceOut, MaxCost: f.maxCost, MaxTokens: f.maxTokens}, file, os.Getenv)
	m, err := agents.NewModel(cfg)
	if err != nil {
		return "", nil, fmt.Errorf("--brain %s: %w", mode, err)
	}
	cache, err := agents.OpenCache(cfg.Cache)
	if err != nil {
		return "", nil, err
	}
	return mode, agents.NewClient(cfg, m, cache), nil
}

// newBrain puts the brain together once the rules repairer exists.
func newBrain(mode agents.Mode, rules loops.Repairer, c *agents.Client) (runBrain, error) {
	return agents.New(mode, rules, c)
}

// printUsage adds the model spend to the run summary.
func printUsage(w interface{ Write([]byte) (int, error) }, r *report.Report) {
	if r.LLM == nil {
		return
	}
	t := r.LLM.Total
	fmt.Fprintf(w, "model: %s %s, %d call(s) (%d cached), %d tokens, $%.4f\n", r.LLM.Provider, r.LLM.Model, t.Calls, t.CacheHits, t.Tokens(), t.CostUSD)
}
