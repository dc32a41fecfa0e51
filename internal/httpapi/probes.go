package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"brigade/internal/blob"
)

// Probes for the proxy and the orchestrator, outside the API document:
// /healthz says the process serves, /readyz that it can do its work (its
// database and its blob store answer). Neither needs a token, and neither
// says more than which dependency failed (the error itself goes to the log).

// readyTimeout bounds each check of /readyz: a probe that hangs is a probe
// that failed.
const readyTimeout = 2 * time.Second

// readyProbeKey is a key that is never written: asking for it makes the
// blob store answer without reading anything.
const readyProbeKey = "readyz/sonde"

// blobPinger is a blob store that can say cheaply whether it answers; the
// others are asked for readyProbeKey.
type blobPinger interface {
	Ping(ctx context.Context) error
}

// probeAnswer is the body of /healthz and /readyz.
type probeAnswer struct {
	Status string `json:"status"`
	// Checks name each dependency with "ok" or what went wrong, in French.
	Checks map[string]string `json:"checks,omitempty"`
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeProbe(w, http.StatusOK, probeAnswer{Status: "ok"})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	checks := map[string]func(context.Context) error{
		"database": s.DB.Ping,
		"blobs":    s.pingBlobs,
	}
	messages := map[string]string{
		"database": "La base de données ne répond pas.",
		"blobs":    "Le stockage des fichiers ne répond pas.",
	}
	type outcome struct {
		name string
		err  error
	}
	results := make(chan outcome, len(checks))
	for name, check := range checks {
		go func() {
			ctx, cancel := context.WithTimeout(r.Context(), readyTimeout)
			defer cancel()
			results <- outcome{name, check(ctx)}
		}()
	}
	answer := probeAnswer{Status: "ok", Checks: map[string]string{}}
	status := http.StatusOK
	for range checks {
		o := <-results
		if o.err == nil {
			answer.Checks[o.name] = "ok"
			continue
		}
		slog.Warn("sonde de disponibilité en échec", "request_id", RequestID(r.Context()), "check", o.name, "err", o.err)
		answer.Checks[o.name] = messages[o.name]
		answer.Status, status = "indisponible", http.StatusServiceUnavailable
	}
	writeProbe(w, status, answer)
}

// pingBlobs asks the blob store for a key that does not exist: "not
// found" is the answer of a store that works.
func (s *Server) pingBlobs(ctx context.Context) error {
	if p, ok := s.Blobs.(blobPinger); ok {
		return p.Ping(ctx)
	}
	_, err := s.Blobs.Stat(ctx, readyProbeKey)
	if err == nil || errors.Is(err, blob.ErrNotFound) {
		return nil
	}
	return err
}

func writeProbe(w http.ResponseWriter, status int, a probeAnswer) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	b, _ := jsonMarshal(a)
	_, _ = w.Write(append(b, '\n'))
}
