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
	for _, args := range [][]string{{"--listen", "nope"}, {"--database-url", "mysql://x"}, {"--token-ttl", "1s"}, {"--log-format", "xml"},
		{"--blob-url", "ftp://x/y"}, {"--blob-url", "/var/blobs"}, {"--blob-url", "s3:///prefixe"}, {"--blob-url", "file://"}} {
		if _, err := Parse("serve", args); err == nil || !strings.Contains(err.Error(), "--") {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// TestDemoOnlyOnTheEmbeddedDefault: the demo (with its known passwords) is
// loaded on the embedded default, never into a database given by URL unless
// asked with --demo or BRIGADE_DEMO=true.
func TestDemoOnlyOnTheEmbeddedDefault(t *testing.T) {
	for _, c := range []struct {
		name string
		env  map[string]string
		args []string
		want bool
	}{
		{"embedded default", nil, nil, true},
		{"database URL", nil, []string{"--database-url", "postgres://u@h/db"}, false},
		{"database URL in the environment", map[string]string{"BRIGADE_DATABASE_URL": "postgres://u@h/db"}, nil, false},
		{"database URL and --demo", nil, []string{"--database-url", "postgres://u@h/db", "--demo"}, true},
		{"database URL and BRIGADE_DEMO=true", map[string]string{"BRIGADE_DEMO": "true"}, []string{"--database-url", "postgres://u@h/db"}, true},
		{"--demo=false on the embedded default", nil, []string{"--demo=false"}, false},
		{"BRIGADE_DEMO=false", map[string]string{"BRIGADE_DEMO": "false"}, nil, false},
		{"--demo=auto", nil, []string{"--demo=auto", "--database-url", "postgres://u@h/db"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			got, err := Parse("serve", c.args)
			if err != nil {
				t.Fatal(err)
			}
			if got.Demo != c.want {
				t.Fatalf("Demo = %v (mode %q), want %v", got.Demo, got.DemoMode, c.want)
			}
		})
	}
	if _, err := Parse("serve", []string{"--demo=peut-etre"}); err == nil {
		t.Fatal("--demo=peut-etre must be refused")
	}
	t.Setenv("BRIGADE_DEMO", "peut-etre")
	if _, err := Parse("serve", nil); err == nil || !strings.Contains(err.Error(), "--demo") {
		t.Fatalf("BRIGADE_DEMO=peut-etre: %v", err)
	}
}

func TestBlobURL(t *testing.T) {
	c, err := Parse("serve", []string{"--data", "/tmp/x"})
	if err != nil || c.BlobURL != "" || c.BlobDir() != "/tmp/x/blobs" {
		t.Fatalf("default: %q %s %v", c.BlobURL, c.BlobDir(), err)
	}
	const s3 = "s3://brigade/prod?endpoint=http://127.0.0.1:7070&region=eu-west-3"
	t.Setenv("BRIGADE_BLOB_URL", s3)
	if c, err = Parse("serve", nil); err != nil || c.BlobURL != s3 {
		t.Fatalf("from the environment: %q %v", c.BlobURL, err)
	}
	if c, err = Parse("serve", []string{"--blob-url", "file:///srv/blobs"}); err != nil || c.BlobURL != "file:///srv/blobs" {
		t.Fatalf("flag: %q %v", c.BlobURL, err)
	}
	t.Setenv("BRIGADE_BLOB_URL", "http://bucket")
	if _, err := Parse("serve", nil); err == nil || !strings.Contains(err.Error(), "seuls s3:// et file:// sont acceptés") {
		t.Fatalf("http:// accepted: %v", err)
	}
	if !strings.Contains(Help("serve"), "BRIGADE_BLOB_URL") {
		t.Fatal("help does not list BRIGADE_BLOB_URL")
	}
}

func TestSMTPURL(t *testing.T) {
	c, err := Parse("serve", nil)
	if err != nil || c.SMTPURL != "" {
		t.Fatalf("default: %q %v", c.SMTPURL, err)
	}
	t.Setenv("BRIGADE_SMTP_URL", "smtp://brigade:secret@mail.exemple.fr:587?from=Brigade%20<noreply@exemple.fr>")
	if c, err := Parse("serve", nil); err != nil || c.SMTPURL == "" {
		t.Fatalf("env: %q %v", c.SMTPURL, err)
	}
	_, err = Parse("serve", []string{"--smtp-url", "smtp://brigade:secret@mail.exemple.fr?tls=ssl"})
	if err == nil || !strings.Contains(err.Error(), "--smtp-url") || strings.Contains(err.Error(), "secret") {
		t.Fatalf("a bad tls accepted, or the error shows the password: %v", err)
	}
	if !strings.Contains(Help("serve"), "BRIGADE_SMTP_URL") {
		t.Fatal("help does not list BRIGADE_SMTP_URL")
	}
}

func TestSMSOptions(t *testing.T) {
	c, err := Parse("serve", nil)
	if err != nil || c.SMSURL != "" || c.SMSStopLine != "STOP au 36111" || c.SMSPriceCents != 0 {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	t.Setenv("BRIGADE_SMS_URL", "https://sms.exemple.fr/send")
	t.Setenv("BRIGADE_SMS_TOKEN", "jeton")
	t.Setenv("BRIGADE_SMS_PRICE_CENTS", "5")
	c, err = Parse("serve", []string{"--sms-sender", "BRIGADE"})
	if err != nil || c.SMSURL != "https://sms.exemple.fr/send" || c.SMSToken != "jeton" || c.SMSPriceCents != 5 || c.SMSSender != "BRIGADE" {
		t.Fatalf("env and flags: %+v %v", c, err)
	}
	for _, args := range [][]string{{"--sms-url", "ftp://sms"}, {"--sms-price-cents", "-1"}, {"--sms-stop-line", " "}} {
		if _, err := Parse("serve", args); err == nil || !strings.Contains(err.Error(), "--sms-") {
			t.Errorf("%v accepted: %v", args, err)
		}
	}
	t.Setenv("BRIGADE_SMS_TOKEN", "")
	if _, err := Parse("serve", nil); err == nil || !strings.Contains(err.Error(), "--sms-token") {
		t.Errorf("an SMS provider without a token: %v", err)
	}
	for _, env := range []string{"BRIGADE_SMS_URL", "BRIGADE_SMS_TOKEN", "BRIGADE_SMS_SENDER", "BRIGADE_SMS_PRICE_CENTS", "BRIGADE_SMS_STOP_LINE"} {
		if !strings.Contains(Help("serve"), env) {
			t.Errorf("help does not list %s", env)
		}
	}
}
