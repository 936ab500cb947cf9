package agents

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// Providers.
const (
	ProviderOpenAI    = "openai"    // OpenAI or any OpenAI-compatible server (vLLM, llama.cpp, Ollama /v1, LM Studio)
	ProviderAnthropic = "anthropic" // Anthropic's Messages API
	ProviderOllama    = "ollama"    // Ollama's native API
)

// Price is what a model costs, in USD per million tokens.
type Price struct {
	In  float64 `yaml:"in" json:"in"`
	Out float64 `yaml:"out" json:"out"`
}

// Config says which model the LLM brain talks to and what it may spend.
// Its String and JSON forms never show the API key.
type Config struct {
	Provider string           `yaml:"provider"`
	Model    string           `yaml:"model"`
	BaseURL  string           `yaml:"base_url"`
	APIKey   string           `yaml:"api_key"` // prefer the environment; a config file holding it should be 0600
	Prices   map[string]Price `yaml:"prices"`  // per model
	// PriceIn and PriceOut (flags) override Prices for the model in use.
	PriceIn   float64 `yaml:"-"`
	PriceOut  float64 `yaml:"-"`
	MaxCost   float64 `yaml:"max_cost"`   // USD; 0: no limit
	MaxTokens int     `yaml:"max_tokens"` // prompt + completion; 0: no limit
	Cache     string  `yaml:"cache"`      // response cache directory; "off" disables it
}

// DefaultConfigPath is $XDG_CONFIG_HOME/heragent/config.yaml (or the
// platform's user config directory).
func DefaultConfigPath() string {
	d, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "heragent", "config.yaml")
}

// DefaultCacheDir is <user cache dir>/heragent/llm.
func DefaultCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "heragent", "llm")
}

// LoadConfigFile reads a config file. A missing file is an error only when
// required (the user named it).
func LoadConfigFile(path string, required bool) (Config, error) {
	var c Config
	if path == "" {
		return c, nil
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) && !required {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("read config: %w", err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && err.Error() != "EOF" {
		return c, fmt.Errorf("parse config %s: %w", path, err)
	}
	return c, nil
}

// Resolve merges the sources: flags over environment over file.
func Resolve(flags, file Config, getenv func(string) string) Config {
	c := file
	env := Config{Provider: getenv("HERAGENT_LLM_PROVIDER"), Model: getenv("HERAGENT_LLM_MODEL"), BaseURL: getenv("HERAGENT_LLM_BASE_URL")}
	for _, o := range []Config{env, flags} {
		c.Provider = pick(o.Provider, c.Provider)
		c.Model = pick(o.Model, c.Model)
		c.BaseURL = pick(o.BaseURL, c.BaseURL)
		c.Cache = pick(o.Cache, c.Cache)
		if o.MaxCost > 0 {
			c.MaxCost = o.MaxCost
		}
		if o.MaxTokens > 0 {
			c.MaxTokens = o.MaxTokens
		}
		if o.PriceIn > 0 || o.PriceOut > 0 {
			c.PriceIn, c.PriceOut = o.PriceIn, o.PriceOut
		}
	}
	c.Provider = strings.ToLower(c.Provider)
	if c.Provider == "" && c.Model != "" {
		c.Provider = ProviderOpenAI
	}
	// The key: the provider's own variable, then heragent's, then the file.
	key := ""
	switch c.Provider {
	case ProviderOpenAI:
		key = getenv("OPENAI_API_KEY")
	case ProviderAnthropic:
		key = getenv("ANTHROPIC_API_KEY")
	}
	c.APIKey = pick(pick(getenv("HERAGENT_LLM_API_KEY"), key), file.APIKey)
	if c.Cache == "" {
		c.Cache = DefaultCacheDir()
	}
	return c
}

func pick(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Check reports what is missing for the model to be usable, as one line.
func (c Config) Check() error {
	if c.Model == "" {
		return errors.New("no model configured: set --llm-model (or HERAGENT_LLM_MODEL, or model: in " + DefaultConfigPath() + ")")
	}
	switch c.Provider {
	case ProviderOpenAI:
		if c.BaseURL == "" && c.APIKey == "" {
			return errors.New("no API key for provider openai: set OPENAI_API_KEY, or --llm-base-url for a local OpenAI-compatible server")
		}
	case ProviderAnthropic:
		if c.APIKey == "" {
			return errors.New("no API key for provider anthropic: set ANTHROPIC_API_KEY")
		}
	case ProviderOllama:
	default:
		return fmt.Errorf("unknown LLM provider %q: want openai, anthropic or ollama", c.Provider)
	}
	if c.MaxCost > 0 && c.Price() == (Price{}) {
		return fmt.Errorf("--max-cost needs a price for model %s: set --llm-price-in/--llm-price-out or prices: in the config file", c.Model)
	}
	return nil
}

// Price is the price of the configured model; zero when unknown.
func (c Config) Price() Price {
	if c.PriceIn > 0 || c.PriceOut > 0 {
		return Price{c.PriceIn, c.PriceOut}
	}
	return c.Prices[c.Model]
}

// String describes the configuration without the key.
func (c Config) String() string {
	s := c.Provider + " " + c.Model
	if c.BaseURL != "" {
		s += " at " + c.BaseURL
	}
	return s
}

// MarshalJSON leaves the key out.
func (c Config) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Provider string `json:"provider"`
		Model    string `json:"model"`
		BaseURL  string `json:"base_url,omitempty"`
	}{c.Provider, c.Model, c.BaseURL})
}
