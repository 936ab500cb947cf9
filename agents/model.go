package agents

import (
	"fmt"
	"net/http"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"
)

// httpTimeout bounds one model request (a local model on a CPU is slow).
const httpTimeout = 10 * time.Minute

// NewModel connects the configured provider through langchaingo. Nothing
// is sent until the first call.
func NewModel(c Config) (llms.Model, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	hc := &http.Client{Timeout: httpTimeout}
	switch c.Provider {
	case ProviderOpenAI:
		key := c.APIKey
		if key == "" {
			key = "unused" // local servers ignore it, the client insists on one
		}
		opts := []openai.Option{openai.WithModel(c.Model), openai.WithToken(key), openai.WithHTTPClient(hc)}
		if c.BaseURL != "" {
			opts = append(opts, openai.WithBaseURL(c.BaseURL))
		}
		m, err := openai.New(opts...)
		if err != nil {
			return nil, fmt.Errorf("connect openai: %w", redactErr(err, c.APIKey))
		}
		return m, nil
	case ProviderAnthropic:
		opts := []anthropic.Option{anthropic.WithModel(c.Model), anthropic.WithToken(c.APIKey), anthropic.WithHTTPClient(hc)}
		if c.BaseURL != "" {
			opts = append(opts, anthropic.WithBaseURL(c.BaseURL))
		}
		m, err := anthropic.New(opts...)
		if err != nil {
			return nil, fmt.Errorf("connect anthropic: %w", redactErr(err, c.APIKey))
		}
		return m, nil
	case ProviderOllama:
		opts := []ollama.Option{ollama.WithModel(c.Model), ollama.WithHTTPClient(hc)}
		if c.BaseURL != "" {
			opts = append(opts, ollama.WithServerURL(c.BaseURL))
		}
		m, err := ollama.New(opts...)
		if err != nil {
			return nil, fmt.Errorf("connect ollama: %w", err)
		}
		return m, nil
	}
	return nil, fmt.Errorf("unknown LLM provider %q", c.Provider)
}
