// Package config declares every option of the brigade binary once: its
// flag, its BRIGADE_* environment twin, its default and its help text.
package config

import (
	"flag"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"brigade/internal/mail"
)

// Config is the boot configuration. Runtime settings live in the database.
type Config struct {
	Listen      string
	DataDir     string
	DatabaseURL string
	// BlobURL is where blobs live: empty for the folder in DataDir (BlobDir),
	// file:///path or s3://bucket/prefix?endpoint=…&region=… (see blob.Open).
	BlobURL   string
	PublicURL string
	// SMTPURL is the mail server (mail.Open): empty for the log.
	SMTPURL string
	// SMS is the marketing SMS provider (internal/campaigns): its URL
	// (empty: no SMS), bearer token (also authenticating its callbacks),
	// sender, price per SMS part and mandatory STOP line.
	SMSURL, SMSToken, SMSSender, SMSStopLine string
	SMSPriceCents                            int64
	// DemoMode is what --demo says: auto (the demo only on the embedded
	// default, never in a database given by URL), true or false.
	DemoMode   string
	Demo       bool // load the demo into an empty database (DemoMode resolved)
	DemoOrders int
	TokenTTL   time.Duration
	LogFormat  string
	// JobLease is how long a claimed background job belongs to its instance
	// without news: an instance that died loses its jobs to the others then.
	JobLease time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto the server believes (empty: none).
	TrustedProxies []netip.Prefix
	trustedProxies string // as given, parsed by validate
}

type option struct {
	name, env, usage string
	bind             func(fs *flag.FlagSet, def string)
	def              string
}

// Options lists the options of `serve` (and the store options of the other
// subcommands), for the README and `brigade help`.
func options(c *Config) []option {
	return []option{
		{name: "listen", env: "BRIGADE_LISTEN", def: "127.0.0.1:8080", usage: "adresse d'écoute HTTP",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.Listen, "listen", def, "") }},
		{name: "data", env: "BRIGADE_DATA", def: "./data", usage: "dossier des données (base SQLite, fichiers)",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.DataDir, "data", def, "") }},
		{name: "database-url", env: "BRIGADE_DATABASE_URL", def: "", usage: "postgres://… pour PostgreSQL ; vide : SQLite dans le dossier des données",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.DatabaseURL, "database-url", def, "") }},
		{name: "blob-url", env: "BRIGADE_BLOB_URL", def: "", usage: "stockage des fichiers (images, cartes, exports) : s3://compartiment/préfixe?endpoint=…&region=… (identifiants AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) ou file:///chemin ; vide : le dossier blobs du dossier des données",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.BlobURL, "blob-url", def, "") }},
		{name: "public-url", env: "BRIGADE_PUBLIC_URL", def: "", usage: "adresse publique (liens des e-mails) ; par défaut http://<listen>",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.PublicURL, "public-url", def, "") }},
		{name: "smtp-url", env: "BRIGADE_SMTP_URL", def: "", usage: "serveur de mail des e-mails (réinitialisation du mot de passe, résumés programmés) : smtp://utilisateur:motdepasse@hôte:587?from=Brigade%20<noreply@exemple.fr>&tls=starttls (tls : starttls, tls ou none) ; vide : les e-mails sont écrits dans le journal",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.SMTPURL, "smtp-url", def, "") }},
		{name: "sms-url", env: "BRIGADE_SMS_URL", def: "", usage: "fournisseur SMS des campagnes : adresse https où envoyer chaque SMS (POST JSON {to, from, text, reference}, réponse {id}) ; vide : pas d'envoi de SMS",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.SMSURL, "sms-url", def, "") }},
		{name: "sms-token", env: "BRIGADE_SMS_TOKEN", def: "", usage: "jeton du fournisseur SMS : envoyé en Authorization: Bearer, et exigé de ses rappels (statut, réponses STOP)",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.SMSToken, "sms-token", def, "") }},
		{name: "sms-sender", env: "BRIGADE_SMS_SENDER", def: "", usage: "expéditeur des SMS (nom de 11 caractères au plus ou numéro)",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.SMSSender, "sms-sender", def, "") }},
		{name: "sms-price-cents", env: "BRIGADE_SMS_PRICE_CENTS", def: "0", usage: "prix d'une partie de SMS en centimes, dans la devise de la franchise (estimation du coût des campagnes)",
			bind: func(fs *flag.FlagSet, def string) {
				n, _ := strconv.ParseInt(def, 10, 64)
				fs.Int64Var(&c.SMSPriceCents, "sms-price-cents", n, "")
			}},
		{name: "sms-stop-line", env: "BRIGADE_SMS_STOP_LINE", def: "STOP au 36111", usage: "mention de désinscription obligatoire ajoutée à la fin de chaque SMS",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.SMSStopLine, "sms-stop-line", def, "") }},
		{name: "demo", env: "BRIGADE_DEMO", def: "auto", usage: "charger la franchise de démonstration dans une base vide : auto (seulement sans --database-url), true ou false",
			bind: func(fs *flag.FlagSet, def string) {
				f := (*demoFlag)(&c.DemoMode)
				if f.Set(def) != nil {
					c.DemoMode = def // refused by validate, in French
				}
				fs.Var(f, "demo", "")
			}},
		{name: "demo-orders", env: "BRIGADE_DEMO_ORDERS", def: "300000", usage: "nombre de commandes de l'année de démonstration (0 : aucune)",
			bind: func(fs *flag.FlagSet, def string) {
				n, _ := strconv.Atoi(def)
				fs.IntVar(&c.DemoOrders, "demo-orders", n, "")
			}},
		{name: "token-ttl", env: "BRIGADE_TOKEN_TTL", def: "12h", usage: "durée de validité des jetons de session",
			bind: func(fs *flag.FlagSet, def string) {
				d, _ := time.ParseDuration(def)
				fs.DurationVar(&c.TokenTTL, "token-ttl", d, "")
			}},
		{name: "trusted-proxies", env: "BRIGADE_TRUSTED_PROXIES", def: "", usage: "mandataires inverses de confiance (adresses IP ou réseaux CIDR séparés par des virgules) : leurs X-Forwarded-For et X-Forwarded-Proto sont lus ; vide : aucun",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.trustedProxies, "trusted-proxies", def, "") }},
		{name: "job-lease", env: "BRIGADE_JOB_LEASE", def: "2m", usage: "bail d'une tâche de fond : une instance arrêtée net perd ses tâches au profit des autres après ce délai",
			bind: func(fs *flag.FlagSet, def string) {
				d, _ := time.ParseDuration(def)
				fs.DurationVar(&c.JobLease, "job-lease", d, "")
			}},
		{name: "log-format", env: "BRIGADE_LOG_FORMAT", def: "text", usage: "format des journaux : text ou json",
			bind: func(fs *flag.FlagSet, def string) { fs.StringVar(&c.LogFormat, "log-format", def, "") }},
	}
}

// Parse reads flags, with environment variables as defaults.
func Parse(cmd string, args []string) (Config, error) {
	var c Config
	fs := flag.NewFlagSet("brigade "+cmd, flag.ContinueOnError)
	opts := options(&c)
	for _, o := range opts {
		def := o.def
		if v, ok := os.LookupEnv(o.env); ok {
			def = v
		}
		o.bind(fs, def)
	}
	fs.Usage = func() { fmt.Fprint(fs.Output(), Help(cmd)) }
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("argument inattendu : %q", fs.Arg(0))
	}
	return c, c.validate()
}

// Help describes the options.
func Help(cmd string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Usage : brigade %s [options]\n\nOptions (chacune a une variable d'environnement équivalente) :\n", cmd)
	for _, o := range options(&Config{}) {
		def := o.def
		if def == "" {
			def = `""`
		}
		fmt.Fprintf(&b, "  --%-15s %-23s %s (défaut : %s)\n", o.name, o.env, o.usage, def)
	}
	return b.String()
}

func (c *Config) validate() error {
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return fmt.Errorf("--listen %q : adresse invalide (attendu hôte:port)", c.Listen)
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return fmt.Errorf("--database-url : seul postgres:// est accepté (laisser vide pour SQLite)")
	}
	if err := validateBlobURL(c.BlobURL); err != nil {
		return err
	}
	if c.SMTPURL != "" {
		if _, err := mail.ParseSMTP(c.SMTPURL); err != nil {
			return err
		}
	}
	if c.SMSURL != "" {
		if u, err := url.Parse(c.SMSURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("--sms-url %q : adresse http(s) invalide", c.SMSURL)
		}
		if c.SMSToken == "" {
			return fmt.Errorf("--sms-url sans --sms-token : le jeton du fournisseur SMS est obligatoire")
		}
	}
	if c.SMSPriceCents < 0 {
		return fmt.Errorf("--sms-price-cents %d : ne peut pas être négatif", c.SMSPriceCents)
	}
	if strings.TrimSpace(c.SMSStopLine) == "" {
		return fmt.Errorf("--sms-stop-line : la mention STOP est obligatoire dans un SMS commercial")
	}
	if c.TokenTTL < time.Minute {
		return fmt.Errorf("--token-ttl %s : au moins une minute", c.TokenTTL)
	}
	switch c.DemoMode {
	case "auto":
		// A database given by URL is a real one: a production PostgreSQL
		// must never get the demo's known passwords unless asked.
		c.Demo = c.DatabaseURL == ""
	case "true":
		c.Demo = true
	case "false":
		c.Demo = false
	default:
		return fmt.Errorf("--demo %q : auto, true ou false", c.DemoMode)
	}
	if c.JobLease < time.Second || c.JobLease > time.Hour {
		return fmt.Errorf("--job-lease %s : entre une seconde et une heure", c.JobLease)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("--log-format %q : text ou json", c.LogFormat)
	}
	proxies, err := parseTrustedProxies(c.trustedProxies)
	if err != nil {
		return err
	}
	c.TrustedProxies = proxies
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Listen
	}
	return nil
}

// validateBlobURL checks the scheme of --blob-url; the bucket itself is
// checked when blob.Open connects to it.
func validateBlobURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("--blob-url %q : adresse invalide", raw)
	}
	switch u.Scheme {
	case "s3":
		if u.Host == "" {
			return fmt.Errorf("--blob-url %q : le nom du compartiment manque (s3://compartiment/préfixe)", raw)
		}
	case "file":
		if u.Path == "" {
			return fmt.Errorf("--blob-url %q : le chemin manque (file:///chemin/absolu)", raw)
		}
	default:
		return fmt.Errorf("--blob-url %q : seuls s3:// et file:// sont acceptés (vide : le dossier des données)", raw)
	}
	return nil
}

// parseTrustedProxies reads a comma-separated list of addresses (one host
// each) and CIDR networks.
func parseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("--trusted-proxies : %q n'est pas un réseau CIDR valide (ex. 10.0.0.0/8)", item)
			}
			if p.Addr().Is4In6() {
				p = netip.PrefixFrom(p.Addr().Unmap(), max(p.Bits()-96, 0))
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("--trusted-proxies : %q n'est pas une adresse IP valide (ex. 10.0.0.1)", item)
		}
		a = a.Unmap().WithZone("")
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// DSN is the database the store opens: PostgreSQL when configured, else the
// SQLite file in the data folder.
func (c Config) DSN() string {
	if c.DatabaseURL != "" {
		return c.DatabaseURL
	}
	return filepath.Join(c.DataDir, "brigade.db")
}

// BlobDir is where the folder blob store keeps files.
func (c Config) BlobDir() string { return filepath.Join(c.DataDir, "blobs") }

// demoFlag is --demo: a boolean flag (`--demo` alone means true) that also
// takes auto.
type demoFlag string

func (d *demoFlag) String() string { return string(*d) }

func (d *demoFlag) Set(v string) error {
	switch strings.ToLower(v) {
	case "auto":
		*d = "auto"
	case "true", "1", "yes", "oui":
		*d = "true"
	case "false", "0", "no", "non":
		*d = "false"
	default:
		return fmt.Errorf("auto, true ou false")
	}
	return nil
}

// IsBoolFlag lets `--demo` stand alone.
func (d *demoFlag) IsBoolFlag() bool { return true }
