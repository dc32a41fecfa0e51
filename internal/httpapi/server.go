// Package httpapi wires Brigade's HTTP surface: the route table, the
// authentication middleware, error mapping, the SSE stream, the API docs and
// the embedded SPA. It holds no business rules and no SQL.
package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/go-chi/chi/v5"

	"brigade/internal/app"
	"brigade/internal/telemetry"
	"brigade/internal/tenancy"
)

// Deps are what the HTTP layer needs from the rest of the program: the
// services, wired once by app.New, and the HTTP layer's own settings.
type Deps struct {
	*app.Services
	// SPA is the built web app (index.html at its root); nil serves a notice.
	SPA fs.FS
	// Heartbeat and StreamLifetime bound the SSE stream (defaults 20 s, 30 min).
	Heartbeat      time.Duration
	StreamLifetime time.Duration
	Version        string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// X-Forwarded-Proto are believed (none: the peer is the client).
	TrustedProxies []netip.Prefix
	// Metrics are what GET /metrics exposes (nil: the process's,
	// telemetry.Default).
	Metrics *telemetry.Metrics
}

// APIVersion is the version of the API contract (not of the binary): the
// OpenAPI document and the TypeScript types generated from it depend only
// on the route table.
const APIVersion = "1.0"

// OpenAPIJSON renders the API description as checked in at web/openapi.json.
func OpenAPIJSON() ([]byte, error) {
	b, err := json.MarshalIndent(New(Deps{}).OpenAPI(), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Start runs the background work the server depends on (jobs, the kiosk
// feed's cache invalidation) until ctx ends.
func (s *Server) Start(ctx context.Context) {
	s.Jobs.Start(ctx, 2)
	s.Deploy.Watch(ctx)
	s.Deploy.KeepCurrent(ctx, time.Hour)
	s.Summaries.Schedule(ctx, time.Minute)
	s.Campaigns.Schedule(ctx, 30*time.Second)
}

// StopJobs stops the job runner and waits, until ctx ends, for the jobs it
// was running to be handed back to the queue (another instance takes them
// over at once): at shutdown, after the context given to Start has ended
// or not, and before the database closes.
func (s *Server) StopJobs(ctx context.Context) error { return s.Jobs.Stop(ctx) }

// Server is the HTTP handler of Brigade.
type Server struct {
	Deps
	api      huma.API
	router   chi.Router
	routes   []route
	stopping chan struct{} // closed by EndStreams
	stopOnce sync.Once
}

// New builds the handler.
func New(d Deps) *Server {
	if d.Heartbeat <= 0 {
		d.Heartbeat = 20 * time.Second
	}
	if d.StreamLifetime <= 0 {
		d.StreamLifetime = 30 * time.Minute
	}
	if d.Version == "" {
		d.Version = "dev"
	}
	if d.Metrics == nil {
		d.Metrics = telemetry.Default()
	}
	if d.Services == nil {
		d.Services = &app.Services{} // the route table alone (OpenAPIJSON)
	}
	s := &Server{Deps: d, router: chi.NewRouter(), stopping: make(chan struct{})}
	s.router.Use(s.recordRoute, securityHeaders, clientAddress(d.TrustedProxies), strictTransport(d.TrustedProxies))

	cfg := huma.DefaultConfig("Brigade API", APIVersion)
	cfg.OpenAPIPath = "/api/v1/openapi"
	cfg.DocsPath = ""
	cfg.SchemasPath = ""
	cfg.CreateHooks = nil // no $schema links in answers
	cfg.Info.Description = apiDescription
	cfg.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"bearer": {Type: "http", Scheme: "bearer", BearerFormat: "JWT",
			Description: "Jeton `accessToken` reçu à la connexion."},
		"deviceKey": {Type: "http", Scheme: "bearer",
			Description: "Clé d'équipement `brg_dev_…` d'une caisse ou d'une borne (ou en-tête `X-Device-Key`)."},
	}
	s.api = humachi.New(s.router, cfg)
	s.api.UseMiddleware(s.authenticate)

	s.routes = slices.Concat(s.routeTable(), s.settingsRouteTable(), s.peopleRouteTable(), s.presenceRouteTable(), s.ordersRouteTable(), s.reportsRouteTable(), s.marketplaceRouteTable(), s.discountsRouteTable(), s.brandsRouteTable(), s.availabilityRouteTable(), s.deployRouteTable(), s.exportRouteTable(), s.summariesRouteTable(), s.loyaltyRouteTable(), s.customersRouteTable(), s.campaignsRouteTable())
	for _, r := range s.routes {
		r.register(s.api, r.operation())
	}
	s.router.Get("/api/docs", s.docs)
	// Operations, outside the API document and its authentication.
	s.router.Get("/healthz", s.healthz)
	s.router.Get("/readyz", s.readyz)
	s.router.Method(http.MethodGet, "/metrics", s.Metrics.Handler())
	s.router.NotFound(s.notFound)
	return s
}

// EndStreams ends the open SSE streams (browsers and kiosks reconnect on
// their own): for http.Server.RegisterOnShutdown, which otherwise waits for
// them until its deadline.
func (s *Server) EndStreams() { s.stopOnce.Do(func() { close(s.stopping) }) }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

// OpenAPI returns the generated API description.
func (s *Server) OpenAPI() *huma.OpenAPI { return s.api.OpenAPI() }

// notFound answers unknown /api paths with problem+json and everything else
// with the SPA, whose router handles client-side routes.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/kiosk/") {
		writeProblem(w, newProblem(http.StatusNotFound, statusDetails[http.StatusNotFound]))
		return
	}
	s.serveSPA(w, r)
}

func writeProblem(w http.ResponseWriter, err huma.StatusError) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(err.GetStatus())
	b, _ := jsonMarshal(err)
	_, _ = w.Write(b)
}

func securityHeaders(next http.Handler) http.Handler {
	// Only the binary's own files may run or be fetched: an injected
	// <script>, inline handler or eval does not run, and a stolen page
	// cannot send data elsewhere (connect-src, form-action). Styles allow
	// 'unsafe-inline' because MUI (emotion) writes <style> elements at run
	// time and the API docs carry theirs; scripts never do. Images also
	// come from data: and blob: URLs (stored images are fetched with the
	// token and shown through object URLs). The same header on every
	// answer: it only acts on documents, and costs nothing elsewhere.
	// Frames show our pages and blob: URLs only: the PDF viewer
	// (/v2/PDFReader, the Z's print preview) embeds a PDF fetched with the
	// token through an object URL.
	const csp = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self'; frame-src 'self' blob:; " +
		"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		// For browsers without CSP level 2 (frame-ancestors).
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}

type ctxKey int

const (
	keyPrincipal ctxKey = iota
	keyClientIP
	keyDevice
	keyRequest
)

// clientAddress records the caller's address for the sign-in limits.
func clientAddress(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ip := callerAddress(r, trusted)
			if info := requestFrom(r.Context()); info != nil {
				info.clientIP = ip
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyClientIP, ip)))
		})
	}
}

// callerAddress is the peer, unless the peer is a trusted proxy: then it is
// the right-most address of X-Forwarded-For that is not a trusted proxy.
// Each proxy appends the address it got the request from, so the addresses
// left of that one were written by the caller and prove nothing.
func callerAddress(r *http.Request, trusted []netip.Prefix) string {
	addr, ok := peerAddress(r)
	if !ok {
		return r.RemoteAddr
	}
	if !isTrustedProxy(addr, trusted) {
		return addr.String()
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := parseHop(hops[i])
		if err != nil {
			break // not written by a proxy of ours: keep the last address we could read
		}
		addr = hop
		if !isTrustedProxy(addr, trusted) {
			break
		}
	}
	return addr.String()
}

func peerAddress(r *http.Request) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a
// port or in brackets.
func parseHop(s string) (netip.Addr, error) {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), nil
	}
	a, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		return netip.Addr{}, err
	}
	return a.Unmap().WithZone(""), nil
}

func isTrustedProxy(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// strictTransport sends HSTS on answers to requests that came over TLS,
// here or at a trusted proxy (X-Forwarded-Proto: https). Never on plain
// HTTP: browsers ignore it there, and an X-Forwarded-Proto from anyone else
// must not pin a host that is served over HTTP.
func strictTransport(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if arrivedOverTLS(r, trusted) {
				w.Header().Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
			}
			next.ServeHTTP(w, r)
		})
	}
}

func arrivedOverTLS(r *http.Request, trusted []netip.Prefix) bool {
	if r.TLS != nil {
		return true
	}
	peer, ok := peerAddress(r)
	if !ok || !isTrustedProxy(peer, trusted) {
		return false
	}
	// The nearest proxy's word is the last one.
	protos := strings.Split(strings.Join(r.Header.Values("X-Forwarded-Proto"), ","), ",")
	return strings.EqualFold(strings.TrimSpace(protos[len(protos)-1]), "https")
}

func clientIP(ctx context.Context) string {
	ip, _ := ctx.Value(keyClientIP).(string)
	return ip
}

// principal returns the authenticated caller. Routes that are not public
// always have one: the middleware refuses the call otherwise.
func principal(ctx context.Context) tenancy.Principal {
	p, _ := ctx.Value(keyPrincipal).(tenancy.Principal)
	return p
}

// authenticate resolves the bearer token, then applies the route's access
// rule and the lock-out of blocked franchises.
func (s *Server) authenticate(ctx huma.Context, next func(huma.Context)) {
	rt, _ := ctx.Operation().Metadata[metaRoute].(*route)
	if rt == nil || rt.access == public {
		next(ctx)
		return
	}
	if rt.access == device {
		d, err := s.device(ctx.Context(), deviceToken(ctx.Header("Authorization"), ctx.Header("X-Device-Key")))
		if err != nil {
			s.fail(ctx, err)
			return
		}
		next(huma.WithContext(ctx, context.WithValue(ctx.Context(), keyDevice, d)))
		return
	}
	token := strings.TrimSpace(strings.TrimPrefix(ctx.Header("Authorization"), "Bearer "))
	var p tenancy.Principal
	var err error
	switch {
	case token != "":
		p, err = s.Auth.Authenticate(ctx.Context(), token)
	case rt.streamTicket && ctx.Query("ticket") != "":
		p, err = s.Auth.RedeemStreamTicket(ctx.Context(), ctx.Query("ticket"))
	default:
		s.fail(ctx, newProblem(http.StatusUnauthorized, "Veuillez vous connecter."))
		return
	}
	if err != nil {
		var se huma.StatusError
		if !errors.As(err, &se) {
			se = problem(ctx.Context(), err).(huma.StatusError)
		}
		s.fail(ctx, se)
		return
	}
	if !rt.allows(p) {
		// A role that may not use the route at all: 403. Scoped reads of
		// another tenant's data answer 404 from the domain instead.
		s.fail(ctx, newProblem(http.StatusForbidden, "Vous n'avez pas les droits nécessaires pour cette action."))
		return
	}
	if rt.lockable {
		blocked, err := s.Auth.Suspended(ctx.Context(), p)
		if err != nil {
			s.fail(ctx, problem(ctx.Context(), err).(huma.StatusError))
			return
		}
		if blocked {
			s.fail(ctx, newProblem(http.StatusForbidden, blockedDetail))
			return
		}
	}
	next(huma.WithContext(ctx, context.WithValue(ctx.Context(), keyPrincipal, p)))
}

// device authenticates a device key (through tenancy's cache of keys).
func (s *Server) device(ctx context.Context, key string) (tenancy.Device, huma.StatusError) {
	d, err := s.Devices.Authenticate(ctx, key)
	if err != nil {
		if errors.Is(err, tenancy.ErrDeviceKey) {
			return d, newProblem(http.StatusUnauthorized, err.Error())
		}
		return d, problem(ctx, err).(huma.StatusError)
	}
	return d, nil
}

// deviceFrom returns the authenticated till or kiosk of a device route.
func deviceFrom(ctx context.Context) tenancy.Device {
	d, _ := ctx.Value(keyDevice).(tenancy.Device)
	return d
}

func (s *Server) fail(ctx huma.Context, err huma.StatusError) {
	ctx.SetHeader("Content-Type", "application/problem+json")
	ctx.SetStatus(err.GetStatus())
	b, _ := jsonMarshal(err)
	_, _ = ctx.BodyWriter().Write(b)
}
