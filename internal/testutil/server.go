package testutil

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/app"
	"brigade/internal/auth"
	"brigade/internal/blob"
	"brigade/internal/demo"
	"brigade/internal/deploy"
	"brigade/internal/events"
	"brigade/internal/httpapi"
	"brigade/internal/jobs"
	"brigade/internal/mail"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Server is a running API on a fresh database holding the demo franchises.
type Server struct {
	*httptest.Server
	DB      *store.DB
	Tenancy *tenancy.Service
	Auth    *auth.Service
	Bus     *events.Local
	Handler *httpapi.Server
	Blobs   blob.Store
	Jobs    *jobs.Runner
	Deploy  *deploy.Service
	Mails   *MailBox
	// Services are the server's wired services (app.New), for tests that
	// start a second handler over the same database.
	Services *app.Services
}

// MailBox records the mails the server sends.
type MailBox struct {
	mu   sync.Mutex
	Sent []Mail
}

// Mail is one recorded mail: Body is its text part, HTML its HTML
// alternative (empty for a text-only mail).
type Mail struct{ To, Subject, Body, HTML string }

// Send implements mail.Sender.
func (m *MailBox) Send(_ context.Context, msg mail.Message) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Sent = append(m.Sent, Mail{msg.To, msg.Subject, msg.Text, msg.HTML})
	return nil
}

// NewServer starts an API server on engine with the demo data loaded.
func NewServer(t testing.TB, engine store.Engine) *Server {
	t.Helper()
	ctx := context.Background()
	db := NewDB(t, engine)
	bus := events.NewLocal()
	mails := &MailBox{}
	blobs, err := blob.NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc, err := app.New(ctx, db, bus, blobs, auth.Config{TokenTTL: time.Hour, PublicURL: "http://brigade.test", Mailer: mails})
	if err != nil {
		t.Fatal(err)
	}
	if err := demo.Load(ctx, db, svc.Tenancy); err != nil {
		t.Fatalf("demo: %v", err)
	}
	if _, err := demo.Deploy(ctx, db, svc.Deploy); err != nil {
		t.Fatalf("demo deploy: %v", err)
	}
	h := httpapi.New(httpapi.Deps{Services: svc, Heartbeat: 50 * time.Millisecond, StreamLifetime: 5 * time.Second})
	runCtx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	h.Start(runCtx)
	// As `brigade serve`: every request goes through the access log.
	srv := httptest.NewServer(httpapi.Logger(h))
	t.Cleanup(srv.Close)
	return &Server{Server: srv, DB: db, Tenancy: svc.Tenancy, Auth: svc.Auth, Bus: bus, Handler: h, Mails: mails, Blobs: blobs, Jobs: svc.Jobs, Deploy: svc.Deploy, Services: svc}
}

// Response is a decoded answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %.300s: %v", r.Body, err)
	}
}

// Problem is the error body.
type Problem struct {
	Status int    `json:"status"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
	Errors []struct {
		Message  string `json:"message"`
		Location string `json:"location"`
	} `json:"errors"`
}

// Do sends a request with an optional bearer token and JSON body.
func (s *Server) Do(t testing.TB, method, path, token string, body any) Response {
	t.Helper()
	return s.DoWith(t, method, path, token, body, nil)
}

// DoWith is Do with extra request headers.
func (s *Server) DoWith(t testing.TB, method, path, token string, body any, headers map[string]string) Response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		switch b := body.(type) {
		case string:
			rd = strings.NewReader(b)
		default:
			raw, err := json.Marshal(body)
			if err != nil {
				t.Fatal(err)
			}
			rd = bytes.NewReader(raw)
		}
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// SignIn signs a demo login in through its door and returns the token.
func (s *Server) SignIn(t testing.TB, login string) string {
	t.Helper()
	door := ""
	for _, l := range demo.Logins {
		if l.Login == login {
			door = string(l.Door)
		}
	}
	if door == "" {
		t.Fatalf("%s is not a demo login", login)
	}
	res := s.Do(t, http.MethodPost, "/api/v1/auth/"+door, "", map[string]string{"login": login, "password": demo.Password})
	if res.Status != http.StatusOK {
		t.Fatalf("sign in %s: %d %s", login, res.Status, res.Body)
	}
	var cu struct {
		AccessToken string `json:"accessToken"`
	}
	res.JSON(t, &cu)
	return cu.AccessToken
}
