package httpapi_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"brigade/internal/httpapi"
)

// A panic in a handler must not take the answer or the process with it:
// the caller gets a French 500 problem, the log gets the stack.
func TestLoggerRecoversPanics(t *testing.T) {
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
	t.Cleanup(func() { slog.SetDefault(prev) })

	h := httpapi.Logger(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/after-write" {
			w.WriteHeader(http.StatusAccepted)
			_, _ = w.Write([]byte("début"))
		}
		var m map[string]int
		m["boom"]++ // nil map: a real panic, not a test double
	}))

	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/panique", nil))
	if rec.Code != http.StatusInternalServerError || rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Fatalf("panic answered %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	var p struct{ Detail string }
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || !strings.Contains(p.Detail, "Veuillez réessayer") {
		t.Fatalf("problem %s (%v)", rec.Body, err)
	}
	if !strings.Contains(logs.String(), "assignment to entry in nil map") || !strings.Contains(logs.String(), "logger_test.go") {
		t.Fatalf("log lacks the panic and its stack:\n%s", logs.String())
	}
	if !strings.Contains(logs.String(), "status=500") {
		t.Fatalf("access log lacks the 500:\n%s", logs.String())
	}

	// Once the status line is out, the recovery can only cut the answer.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/after-write", nil))
	if rec.Code != http.StatusAccepted || rec.Body.String() != "début" {
		t.Fatalf("after a write: %d %q", rec.Code, rec.Body)
	}
}
