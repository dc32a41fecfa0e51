package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"brigade/internal/telemetry"
)

// requestInfo is what the access log learns about a request on its way
// through the server: the layers that know each piece fill it in.
type requestInfo struct {
	id       string
	route    string // the route pattern, set once routed
	clientIP string // the caller, as clientAddress sees it
	metrics  *telemetry.Metrics
}

func requestFrom(ctx context.Context) *requestInfo {
	info, _ := ctx.Value(keyRequest).(*requestInfo)
	return info
}

// RequestID returns the id of the request being served ("" outside one).
func RequestID(ctx context.Context) string {
	if info := requestFrom(ctx); info != nil {
		return info.id
	}
	return ""
}

const maxRequestIDLen = 64

// requestID keeps the id a proxy or a caller sent when it is a plain token,
// so that one request can be followed from the proxy's log to ours; anything
// else (too long, spaces, quotes, newlines that would forge log lines) is
// replaced by a new id.
func requestID(sent string) string {
	if saneRequestID(sent) {
		return sent
	}
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func saneRequestID(s string) bool {
	if s == "" || len(s) > maxRequestIDLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// recordRoute notes the route pattern that served the request (not the
// path: /api/v1/orders/{orderId} for every order), once routed. Deferred,
// so that a handler's panic is still put down to its route.
func (s *Server) recordRoute(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info := requestFrom(r.Context())
		if info == nil { // served without Logger: an id all the same
			info = &requestInfo{id: requestID(r.Header.Get("X-Request-Id"))}
			w.Header().Set("X-Request-Id", info.id)
			r = r.WithContext(context.WithValue(r.Context(), keyRequest, info))
		}
		info.metrics = s.Metrics
		defer func() {
			if rctx := chi.RouteContext(r.Context()); rctx != nil {
				info.route = rctx.RoutePattern()
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// Logger middleware for the whole server: it gives each request its id
// (X-Request-Id, in and out), counts and times the answer by route for
// /metrics and writes the access log line. It also recovers a panic in a
// handler: the caller gets a 500 problem (if nothing was written yet), the
// log gets the stack, and the connection and the process live on.
func Logger(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &requestInfo{id: requestID(r.Header.Get("X-Request-Id"))}
		w.Header().Set("X-Request-Id", info.id)
		r = r.WithContext(context.WithValue(r.Context(), keyRequest, info))
		rec := &statusRecorder{ResponseWriter: w, status: 200}
		serveRecovering(next, rec, r, info)
		elapsed := time.Since(start)

		route := info.route
		if route == "" {
			route = unroutedLabel(r.URL.Path)
		}
		m := info.metrics
		if m == nil {
			m = telemetry.Default()
		}
		method := methodLabel(r.Method)
		m.HTTPRequests.WithLabelValues(route, method, strconv.Itoa(rec.status)).Inc()
		m.HTTPDuration.WithLabelValues(route, method).Observe(elapsed.Seconds())

		if strings.HasPrefix(r.URL.Path, "/assets/") {
			return
		}
		level := slog.LevelInfo
		if rec.status < 400 && quietWhenFine(r.URL.Path) {
			level = slog.LevelDebug
		}
		if !slog.Default().Enabled(r.Context(), level) {
			return
		}
		remote := info.clientIP
		if remote == "" {
			remote = r.RemoteAddr
		}
		slog.LogAttrs(r.Context(), level, "http",
			slog.String("request_id", info.id),
			slog.String("method", r.Method),
			slog.String("route", info.route),
			slog.String("path", r.URL.Path),
			slog.Int("status", rec.status),
			slog.Float64("duration_ms", float64(elapsed.Microseconds())/1000),
			slog.Int64("bytes", rec.bytes),
			slog.String("remote", remote))
	})
}

// quietWhenFine names the calls whose success is debug noise: kiosks poll
// their feed all day long (and a log line costs more than a 304), probes
// and scrapes come every few seconds.
func quietWhenFine(path string) bool {
	switch path {
	case "/healthz", "/readyz", "/metrics":
		return true
	}
	return strings.HasPrefix(path, "/kiosk/v1/")
}

// unroutedLabel stands for requests no route matched, in place of their
// path: unknown API paths, and what the SPA serves (its files, its
// client-side routes).
func unroutedLabel(path string) string {
	if strings.HasPrefix(path, "/api/") || strings.HasPrefix(path, "/kiosk/") {
		return "unmatched"
	}
	return "spa"
}

// methodLabel keeps the metrics' method label to the methods HTTP names.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "OTHER"
}

func serveRecovering(next http.Handler, rec *statusRecorder, r *http.Request, info *requestInfo) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		if v == http.ErrAbortHandler { // the handler's own way to drop the connection
			panic(v)
		}
		slog.LogAttrs(r.Context(), slog.LevelError, "panique dans un gestionnaire HTTP",
			slog.String("request_id", info.id), slog.String("method", r.Method), slog.String("route", info.route),
			slog.String("path", r.URL.Path), slog.Any("panic", v), slog.String("stack", string(debug.Stack())))
		if !rec.wrote {
			writeProblem(rec, newProblem(http.StatusInternalServerError, statusDetails[http.StatusInternalServerError]))
		}
	}()
	next.ServeHTTP(rec, r)
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
	wrote  bool // the status line is sent: a recovered panic can only cut the answer
}

func (r *statusRecorder) WriteHeader(code int) {
	if !r.wrote && code >= 200 {
		r.status, r.wrote = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	r.wrote = true
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Flush lets the SSE stream through the recorder.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the real writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
