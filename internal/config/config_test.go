package config

import (
	"strings"
	"testing"
	"time"
)

func TestDefaultsEnvAndFlags(t *testing.T) {
	c, err := Parse("serve", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Listen != "127.0.0.1:8080" || c.DataDir != "./data" || !c.Demo || c.TokenTTL != 12*time.Hour || c.DSN() != "data/brigade.db" {
		t.Fatalf("defaults: %+v dsn %s", c, c.DSN())
	}
	t.Setenv("BRIGADE_LISTEN", "127.0.0.1:9999")
	t.Setenv("BRIGADE_DATABASE_URL", "postgres://u@h/db")
	c, err = Parse("serve", []string{"--data", "/tmp/x"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Listen != "127.0.0.1:9999" || c.DataDir != "/tmp/x" || c.DSN() != "postgres://u@h/db" {
		t.Fatalf("env and flags: %+v", c)
	}
	// A flag wins over its environment twin.
	c, _ = Parse("serve", []string{"--listen", "127.0.0.1:7000"})
	if c.Listen != "127.0.0.1:7000" {
		t.Fatalf("flag over env: %s", c.Listen)
	}
}

func TestInvalidConfigIsRefusedInFrench(t *testing.T) {
	for _, args := range [][]string{{"--listen", "nope"}, {"--database-url", "mysql://x"}, {"--token-ttl", "1s"}, {"--log-format", "xml"}} {
		if _, err := Parse("serve", args); err == nil || !strings.Contains(err.Error(), "--") {
			t.Errorf("%v: %v", args, err)
		}
	}
}
