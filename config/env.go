package config

// ApplyEnv lets NOSH_AI_PROVIDER, NOSH_AI_BASE_URL and NOSH_AI_MODEL, as
// read by getenv, win over the file. An empty variable changes nothing;
// an invalid provider or URL is reported and ignored, like a bad key in
// the file. Callers may drop the result when they have nowhere to show
// it.
//
// NOSH_AI_API_KEY is deliberately not read here: [Config] never holds a
// key, so that printing the configuration (/config, nosh doctor, crash
// reports) cannot leak one. The ai package reads the key itself, from
// NOSH_AI_API_KEY, else the variable named by ai.api_key_env (or the
// provider's usual one), else the output of ai.api_key_cmd.
func ApplyEnv(c *Config, getenv func(string) string) []Warning {
	var ws []Warning
	set := func(name string, dst *string, ok check) {
		v := getenv(name)
		if v == "" {
			return
		}
		if err := ok(v); err != nil {
			ws = append(ws, Warning{Key: name, Msg: err.Error() + "; ignored"})
			return
		}
		*dst = v
	}
	set("NOSH_AI_PROVIDER", &c.AI.Provider, oneOf("provider", Providers()...))
	set("NOSH_AI_BASE_URL", &c.AI.BaseURL, httpURL)
	set("NOSH_AI_MODEL", &c.AI.Model, func(any) error { return nil })
	return ws
}
