// Command brigade is the Brigade back-office: one binary serving the API,
// the web app and the kiosk feed.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"brigade/internal/app"
	"brigade/internal/auth"
	"brigade/internal/blob"
	"brigade/internal/campaigns"
	"brigade/internal/config"
	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/httpapi"
	"brigade/internal/mail"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/web"
)

var version = "dev"

const usage = `Brigade — back-office des franchises de restauration.

Usage : brigade <commande> [options]

Commandes :
  serve     démarre le serveur (API, application web, flux des bornes)
  migrate   applique les migrations de la base
  demo      charge la franchise de démonstration
  user      crée un identifiant (brigade user -h)
  blobs     copie les fichiers d'un stockage à un autre (brigade blobs copy -h)
  openapi   affiche le document OpenAPI 3.1
  version   affiche la version

"brigade <commande> -h" détaille les options.
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	cmd, args := os.Args[1], os.Args[2:]
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, args)
	case "migrate":
		err = migrate(ctx, args)
	case "demo":
		err = loadDemo(ctx, args)
	case "user":
		err = createUser(ctx, args)
	case "blobs":
		err = blobsCommand(ctx, args, os.Stdout)
	case "openapi":
		err = printOpenAPI(args)
	case "version":
		fmt.Println(version)
	case "help", "-h", "--help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "commande inconnue : %s\n\n%s", cmd, usage)
		os.Exit(2)
	}
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "brigade:", err)
		os.Exit(1)
	}
}

func setupLog(c config.Config) {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	var h slog.Handler = slog.NewTextHandler(os.Stderr, opts)
	if c.LogFormat == "json" {
		h = slog.NewJSONHandler(os.Stderr, opts)
	}
	slog.SetDefault(slog.New(h))
}

// program is the wired program (app.New) that a subcommand opened.
type program struct{ *app.Services }

// Close releases the bus and the database.
func (a *program) Close() {
	if pb, ok := a.Bus.(*events.Postgres); ok {
		pb.Close()
	}
	a.DB.Close()
}

func open(ctx context.Context, c config.Config) (*program, error) {
	db, err := store.Open(ctx, c.DSN())
	if err != nil {
		return nil, err
	}
	applied, err := db.Migrate(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	if len(applied) > 0 {
		slog.Info("migrations appliquées", "engine", db.Engine(), "versions", applied)
	}
	// One instance: the in-process bus. On PostgreSQL, instances share
	// their events through LISTEN / NOTIFY.
	var bus events.Bus = events.NewLocal()
	if db.Engine() == store.Postgres {
		pb, err := events.NewPostgres(ctx, c.DSN())
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("bus d'événements PostgreSQL : %w", err)
		}
		bus = pb
	}
	blobs, err := blob.Open(ctx, c.BlobURL, c.BlobDir())
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("stockage des fichiers : %w", err)
	}
	mailer, err := mail.Open(c.SMTPURL)
	if err != nil {
		db.Close()
		return nil, err
	}
	if m, ok := mailer.(*mail.SMTP); ok {
		slog.Info("e-mails envoyés par SMTP", "server", m.Address())
	}
	services, err := app.New(ctx, db, bus, blobs, auth.Config{TokenTTL: c.TokenTTL, PublicURL: c.PublicURL, Mailer: mailer},
		campaigns.Config{SMSURL: c.SMSURL, SMSToken: c.SMSToken, SMSSender: c.SMSSender, SMSPriceCents: c.SMSPriceCents, StopLine: c.SMSStopLine, EmailConfigured: c.SMTPURL != "", PublicURL: c.PublicURL})
	if err != nil {
		db.Close()
		return nil, err
	}
	return &program{services}, nil
}

func serve(ctx context.Context, args []string) error {
	c, err := config.Parse("serve", args)
	if err != nil {
		return err
	}
	setupLog(c)
	a, err := open(ctx, c)
	if err != nil {
		return err
	}
	defer a.Close()
	if c.Demo {
		empty, err := demo.Empty(ctx, a.DB)
		if err != nil {
			return err
		}
		if empty {
			if err := demo.Load(ctx, a.DB, a.Tenancy); err != nil {
				return fmt.Errorf("franchise de démonstration : %w", err)
			}
			slog.Info("franchise de démonstration chargée")
		}
	}
	// The demo's year of orders loads in the background, once the server
	// answers (a few seconds from start, not minutes); an interrupted load
	// is finished here at the next start.
	plan := demo.OrdersPlan{Done: true}
	loaded, err := demo.Loaded(ctx, a.DB)
	if err != nil {
		return err
	}
	if loaded {
		printLogins(c)
		slog.Warn("cette base contient les comptes de démonstration, au mot de passe connu de tous : ne l'utilisez pas en production",
			"mot de passe", demo.Password)
		if err := demo.EnsureImages(ctx, a.DB, a.Blobs); err != nil {
			slog.Warn("images de démonstration", "err", err)
		}
		if plan, err = demo.PlanOrders(ctx, a.DB, c.DemoOrders, time.Now()); err != nil {
			return fmt.Errorf("commandes de démonstration : %w", err)
		}
		if n, err := demo.Deploy(ctx, a.DB, a.Deploy); err != nil {
			return fmt.Errorf("déploiement de démonstration : %w", err)
		} else if n > 0 {
			slog.Info("cartes de démonstration déployées", "restaurants", n, "clé de la borne de démonstration", demo.KioskKey)
		}
	}
	a.Jobs.SetLease(c.JobLease)
	handler := httpapi.New(httpapi.Deps{Services: a.Services, SPA: web.SPA(), Version: version, TrustedProxies: c.TrustedProxies})
	handler.Start(ctx)
	srv := &http.Server{
		Addr:              c.Listen,
		Handler:           httpapi.Logger(handler),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	ln, err := net.Listen("tcp", c.Listen)
	if err != nil {
		return err
	}
	srv.RegisterOnShutdown(handler.EndStreams) // open SSE streams would hold Shutdown to its deadline
	slog.Info("Brigade démarré", "url", "http://"+ln.Addr().String(), "database", a.DB.Engine(), "data", c.DataDir)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	loading := make(chan struct{})
	go func() {
		defer close(loading)
		if !plan.Done {
			loadDemoOrders(ctx, a, plan)
		}
	}()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("arrêt en cours")
	// The load stops at its batch in progress (rolled back; the next start
	// resumes after the last one committed) before the database closes.
	<-loading
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(shutdown)
	// Running jobs go back to the queue before the database closes: another
	// instance takes them at once instead of waiting for their lease.
	if jerr := handler.StopJobs(shutdown); jerr != nil {
		slog.Warn("tâches non rendues avant l'échéance de l'arrêt", "err", jerr)
	}
	return err
}

func printLogins(c config.Config) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n  Brigade — franchise de démonstration sur %s\n  Identifiants de démonstration (mot de passe : %s) :\n", c.PublicURL, demo.Password)
	for _, l := range demo.Logins {
		fmt.Fprintf(&b, "    %-16s %-12s connexion %-12s %s\n", l.Login, l.Role, l.Door, l.Detail)
	}
	fmt.Fprintln(os.Stderr, b.String())
}

func migrate(ctx context.Context, args []string) error {
	c, err := config.Parse("migrate", args)
	if err != nil {
		return err
	}
	setupLog(c)
	db, err := store.Open(ctx, c.DSN())
	if err != nil {
		return err
	}
	defer db.Close()
	applied, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	fmt.Printf("%s : %d migration(s) appliquée(s) %v\n", db.Engine(), len(applied), applied)
	return nil
}

func loadDemo(ctx context.Context, args []string) error {
	c, err := config.Parse("demo", args)
	if err != nil {
		return err
	}
	setupLog(c)
	a, err := open(ctx, c)
	if err != nil {
		return err
	}
	defer a.Close()
	loaded, err := demo.Loaded(ctx, a.DB)
	if err != nil {
		return err
	}
	if loaded {
		fmt.Println("La franchise de démonstration est déjà chargée.")
	} else if err := demo.Load(ctx, a.DB, a.Tenancy); err != nil {
		return err
	} else {
		fmt.Println("Franchise de démonstration chargée.")
	}
	if err := demo.EnsureImages(ctx, a.DB, a.Blobs); err != nil {
		return err
	}
	// Here the year of orders loads before the command returns.
	plan, err := demo.PlanOrders(ctx, a.DB, c.DemoOrders, time.Now())
	if err != nil {
		return err
	}
	if !plan.Done {
		if plan, err = runDemoOrders(ctx, a, plan); err != nil {
			return fmt.Errorf("commandes de démonstration : %w", err)
		}
	}
	if _, err := demo.Deploy(ctx, a.DB, a.Deploy); err != nil {
		return err
	}
	printLogins(c)
	return nil
}

// loadDemoOrders loads (or finishes loading) the demo's year of orders in
// the background of a running server: an error is logged, the server
// keeps serving, the next start resumes the load.
func loadDemoOrders(ctx context.Context, a *program, plan demo.OrdersPlan) {
	if _, err := runDemoOrders(ctx, a, plan); err != nil {
		if ctx.Err() != nil {
			slog.Info("chargement des commandes de démonstration interrompu ; il reprendra au prochain démarrage")
			return
		}
		slog.Error("commandes de démonstration : le chargement reprendra au prochain démarrage", "err", err)
	}
}

// runDemoOrders loads the plan's orders, logging every tenth of the way.
func runDemoOrders(ctx context.Context, a *program, plan demo.OrdersPlan) (demo.OrdersPlan, error) {
	start := time.Now()
	step := plan.Progress().Percent / 10
	if plan.Loaded > 0 {
		slog.Info("reprise du chargement des commandes de démonstration", "déjà chargées", thousands(plan.Loaded), "sur", thousands(plan.Total))
	} else {
		slog.Info("chargement des commandes de démonstration en arrière-plan", "commandes", thousands(plan.Total))
	}
	plan, err := demo.LoadPlannedOrders(ctx, a.DB, a.Tenancy, a.Orders, plan, 0, func(p demo.OrdersPlan) {
		if s := p.Progress().Percent / 10; s > step && !p.Done {
			step = s
			slog.Info(fmt.Sprintf("commandes de démonstration : %s / %s", thousands(p.Loaded), thousands(p.Total)))
		}
	})
	if err == nil {
		slog.Info("commandes de démonstration chargées", "commandes", thousands(plan.Loaded), "durée", time.Since(start).Round(time.Second))
	}
	return plan, err
}

// thousands writes n the French way: 120 000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}

func createUser(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("brigade user", flag.ContinueOnError)
	login := fs.String("login", "", "identifiant (obligatoire)")
	password := fs.String("password", "", "mot de passe, 8 caractères au moins (obligatoire ; ou BRIGADE_USER_PASSWORD)")
	role := fs.String("role", "admin", "rôle : superadmin ou admin (un propriétaire et sa nouvelle franchise)")
	email := fs.String("email", "", "adresse e-mail (réinitialisation du mot de passe)")
	franchise := fs.String("franchise", "", "nom de la nouvelle franchise (rôle admin)")
	var rest []string
	// Store options (--data, --database-url, --blob-url) are shared with serve.
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "--data") || strings.HasPrefix(a, "-data") || strings.HasPrefix(a, "--database-url") || strings.HasPrefix(a, "-database-url") ||
			strings.HasPrefix(a, "--blob-url") || strings.HasPrefix(a, "-blob-url") {
			rest = append(rest, a)
			if !strings.Contains(a, "=") && i+1 < len(args) {
				rest = append(rest, args[i+1])
				i++
			}
			continue
		}
		if err := fs.Parse(args[i:]); err != nil {
			return err
		}
		break
	}
	if *password == "" {
		*password = os.Getenv("BRIGADE_USER_PASSWORD")
	}
	if *login == "" || *password == "" {
		fs.Usage()
		return errors.New("--login et --password sont obligatoires")
	}
	c, err := config.Parse("user", rest)
	if err != nil {
		return err
	}
	setupLog(c)
	a, err := open(ctx, c)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := auth.ValidatePassword(*password); err != nil {
		return err
	}
	switch tenancy.Role(*role) {
	case tenancy.RoleSuperAdmin:
		hash, err := auth.HashPassword(*password)
		if err != nil {
			return err
		}
		u, err := a.Tenancy.NewUser(ctx, a.DB, tenancy.User{Login: *login, Email: *email, Role: tenancy.RoleSuperAdmin, PasswordHash: hash})
		if err != nil {
			return err
		}
		fmt.Printf("Super-admin %s créé (id %d).\n", u.Login, u.ID)
	case tenancy.RoleAdmin:
		if *email == "" {
			*email = *login + "@example.invalid"
		}
		sess, err := a.Auth.SignUp(ctx, *login, *email, *password, *franchise)
		if err != nil {
			return err
		}
		fmt.Printf("Propriétaire %s créé avec la franchise « %s » (id %d).\n", sess.User.Login, sess.Franchise.Name, sess.Franchise.ID)
	default:
		return fmt.Errorf("--role %q : superadmin ou admin (les autres comptes se créent depuis l'application)", *role)
	}
	return nil
}

func printOpenAPI(args []string) error {
	fs := flag.NewFlagSet("brigade openapi", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	// The document only depends on the route table, not on a database.
	b, err := httpapi.OpenAPIJSON()
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(b)
	return err
}
