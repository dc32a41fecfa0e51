package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/blob"
	"brigade/internal/httpapi"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

type probe struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks"`
}

func getProbe(t *testing.T, url string) (int, probe) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var p probe
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil {
		t.Fatalf("probe body: %v", err)
	}
	return res.StatusCode, p
}

// failingBlobs is a blob store whose backend is gone.
type failingBlobs struct{ blob.Store }

func (failingBlobs) Stat(context.Context, string) (blob.Info, error) {
	return blob.Info{}, errors.New("dial tcp 10.0.0.9:9000: connection refused")
}

// /healthz answers as long as the process serves; /readyz only while the
// database and the blob store answer, and names the one that does not, in
// French, without its error.
func TestHealthAndReadiness(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		if code, p := getProbe(t, srv.URL+"/healthz"); code != 200 || p.Status != "ok" {
			t.Fatalf("healthz %d %+v", code, p)
		}
		if code, p := getProbe(t, srv.URL+"/readyz"); code != 200 || p.Checks["database"] != "ok" || p.Checks["blobs"] != "ok" {
			t.Fatalf("readyz %d %+v", code, p)
		}

		// The same services over a blob store that fails.
		svc := *srv.Services
		svc.Blobs = failingBlobs{srv.Blobs}
		broken := httptest.NewServer(httpapi.Logger(httpapi.New(httpapi.Deps{Services: &svc})))
		defer broken.Close()
		code, p := getProbe(t, broken.URL+"/readyz")
		if code != http.StatusServiceUnavailable || p.Status != "indisponible" || p.Checks["database"] != "ok" ||
			p.Checks["blobs"] != "Le stockage des fichiers ne répond pas." {
			t.Fatalf("readyz with failing blobs: %d %+v", code, p)
		}

		// The database closed: not ready, still alive.
		srv.DB.Close()
		code, p = getProbe(t, srv.URL+"/readyz")
		if code != http.StatusServiceUnavailable || p.Checks["database"] != "La base de données ne répond pas." || p.Checks["blobs"] != "ok" {
			t.Fatalf("readyz with the database closed: %d %+v", code, p)
		}
		if code, _ := getProbe(t, srv.URL+"/healthz"); code != 200 {
			t.Fatalf("healthz with the database closed: %d", code)
		}
	})
}

// The probes and /metrics are not part of the API document.
func TestOperationsStayOutOfTheAPIDocument(t *testing.T) {
	doc := httpapi.New(httpapi.Deps{}).OpenAPI()
	for _, p := range []string{"/healthz", "/readyz", "/metrics"} {
		if _, ok := doc.Paths[p]; ok {
			t.Errorf("%s is in the API document", p)
		}
	}
}

// metricValue reads one series of the exposition (0 when absent).
func metricValue(t *testing.T, exposition, series string) float64 {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(exposition))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	return 0
}

func scrape(t *testing.T, srv *testutil.Server) string {
	t.Helper()
	res := srv.Do(t, http.MethodGet, "/metrics", "", nil)
	if res.Status != 200 {
		t.Fatalf("metrics: %d", res.Status)
	}
	return string(res.Body)
}

// Requests are counted by route pattern, never by raw path; orders posted
// by a till move the orders counter; the pools and the runtime are there.
func TestMetricsExposition(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
	const created = `brigade_orders_ingested_total{outcome="created",via="post"}`
	before := metricValue(t, scrape(t, srv), created)

	var o struct{ ID int64 }
	res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, sampleOrder("METRICS-1", time.Now().Add(-time.Hour)))
	if res.Status != http.StatusCreated {
		t.Fatalf("post order: %d %s", res.Status, res.Body)
	}
	res.JSON(t, &o)
	admin := srv.SignIn(t, "demo-admin")
	if res := srv.Do(t, http.MethodGet, "/api/v1/orders/"+strconv.FormatInt(o.ID, 10), admin, nil); res.Status != 200 {
		t.Fatalf("get order: %d %s", res.Status, res.Body)
	}

	text := scrape(t, srv)
	if d := metricValue(t, text, created) - before; d != 1 {
		t.Errorf("orders counter moved by %v, want 1", d)
	}
	if metricValue(t, text, `brigade_http_requests_total{method="GET",route="/api/v1/orders/{orderId}",status="200"}`) < 1 {
		t.Error("no GET /api/v1/orders/{orderId} series")
	}
	if strings.Contains(text, "/api/v1/orders/"+strconv.FormatInt(o.ID, 10)) {
		t.Error("a raw path is a label value")
	}

	// An open event stream is a connected client until it ends.
	const sse = `brigade_sse_clients`
	idle := metricValue(t, text, sse)
	lines := stream(t, srv, admin)
	waitFor(t, lines, "ready")
	if got := metricValue(t, scrape(t, srv), sse); got != idle+1 {
		t.Errorf("with a stream open, %s = %v, want %v", sse, got, idle+1)
	}
	srv.Handler.EndStreams()
	for range lines {
	}
	for deadline := time.Now().Add(5 * time.Second); metricValue(t, scrape(t, srv), sse) != idle; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s stays above %v after the stream ended", sse, idle)
		}
	}

	for _, want := range []string{
		`brigade_http_request_duration_seconds_bucket{method="POST",route="/kiosk/v1/orders",le="`,
		`brigade_sse_clients `, `go_sql_open_connections{db_name="sqlite_write"}`,
		`go_goroutines `, `process_resident_memory_bytes `,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("exposition lacks %s", want)
		}
	}
}

// A sane X-Request-Id is kept and echoed; anything else is replaced by a
// new id, as is a missing one.
func TestRequestID(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	generated := regexp.MustCompile(`^[0-9a-f]{24}$`)
	for _, c := range []struct {
		sent string
		keep bool
	}{
		{"", false},
		{"proxy-7f3a.2_b", true},
		{strings.Repeat("a", 64), true},
		{strings.Repeat("a", 65), false},
		{"deux mots", false},
		{`"><script>`, false},
		{"é", false},
	} {
		h := map[string]string{}
		if c.sent != "" {
			h["X-Request-Id"] = c.sent
		}
		got := srv.DoWith(t, http.MethodGet, "/healthz", "", nil, h).Header.Get("X-Request-Id")
		if c.keep && got != c.sent || !c.keep && !generated.MatchString(got) {
			t.Errorf("sent %q, echoed %q", c.sent, got)
		}
	}
	a := srv.Do(t, http.MethodGet, "/api/v1/health", "", nil).Header.Get("X-Request-Id")
	b := srv.Do(t, http.MethodGet, "/api/v1/health", "", nil).Header.Get("X-Request-Id")
	if a == b {
		t.Errorf("two requests share the id %s", a)
	}
}

// In JSON, the access log line carries typed attributes: the request id,
// the route pattern beside the path, the status and sizes as numbers, the
// caller's address.
func TestLoggerWritesJSONAccessLines(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	var logs syncBuffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&logs, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })

	admin := srv.SignIn(t, "demo-admin")
	srv.DoWith(t, http.MethodGet, "/api/v1/orders/999999", admin, nil, map[string]string{"X-Request-Id": "trace-42"})
	srv.DoWith(t, http.MethodGet, "/healthz", "", nil, map[string]string{"X-Request-Id": "probe-1"})

	var line map[string]any
	for _, l := range strings.Split(logs.String(), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["msg"] == "http" {
			if m["request_id"] == "probe-1" {
				t.Errorf("a successful probe is logged at info: %s", l)
			}
			if m["request_id"] == "trace-42" {
				line = m
			}
		}
	}
	if line == nil {
		t.Fatalf("no access line with the request id:\n%s", logs.String())
	}
	for k, want := range map[string]any{"method": "GET", "route": "/api/v1/orders/{orderId}", "path": "/api/v1/orders/999999",
		"status": float64(404), "remote": "127.0.0.1"} {
		if line[k] != want {
			t.Errorf("%s = %#v, want %#v", k, line[k], want)
		}
	}
	if _, ok := line["duration_ms"].(float64); !ok {
		t.Errorf("duration_ms = %#v, want a number", line["duration_ms"])
	}
	if n, ok := line["bytes"].(float64); !ok || n <= 0 {
		t.Errorf("bytes = %#v, want the body's size", line["bytes"])
	}
}

// syncBuffer is a log sink the server's goroutines may write to while the
// test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
