package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/events"
)

type eventsInput struct {
	// Declared for the docs and the generated client; authenticate redeems
	// it before the handler runs.
	Ticket string `query:"ticket" doc:"Ticket à usage unique reçu de POST /api/v1/events/ticket (EventSource ne peut pas envoyer d'en-tête Authorization, et le jeton d'accès ne doit jamais figurer dans une adresse)"`
}

type streamTicketOutput struct {
	Body struct {
		Ticket    string    `json:"ticket" doc:"À passer en ?ticket= à GET /api/v1/events ; valable une seule fois"`
		ExpiresAt time.Time `json:"expiresAt" doc:"Au-delà, le ticket est refusé : en demander un nouveau à chaque (re)connexion"`
	}
}

// streamTicket trades the bearer token (sent in the header) for a ticket
// that opens one event stream: the token itself never goes in a URL.
func (s *Server) streamTicket(ctx context.Context, _ *struct{}) (*streamTicketOutput, error) {
	t, err := s.Auth.IssueStreamTicket(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := &streamTicketOutput{}
	out.Body.Ticket, out.Body.ExpiresAt = t.Ticket, t.ExpiresAt
	return out, nil
}

// registerEvents declares the SSE stream. Each event names what changed so
// the browser can invalidate the matching queries; a comment line is sent
// as heartbeat so that proxies keep the connection, and the stream ends
// after its lifetime so that clients reconnect (and resync) regularly.
func (s *Server) registerEvents(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{
		"200": {
			Description: "Flux `text/event-stream` : un événement `ready` puis des événements typés (`franchise.blocked`, `resync`…) et des commentaires de maintien.",
			Content:     map[string]*huma.MediaType{"text/event-stream": {Schema: &huma.Schema{Type: "string"}}},
		},
	}
	huma.Register(api, op, func(ctx context.Context, _ *eventsInput) (*huma.StreamResponse, error) {
		p := principal(ctx)
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			ch, stop := s.Bus.Subscribe(p.FranchiseID)
			defer stop()
			s.stream(hctx, ch, func(w io.Writer) error {
				return writeEvent(w, events.Event{Type: "ready", FranchiseID: p.FranchiseID})
			}, func(w io.Writer, e events.Event) error {
				return writeEvent(w, e)
			})
		}}, nil
	})
}

func writeEvent(w io.Writer, e events.Event) error {
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Type, data)
	return err
}

// stream runs an SSE answer: headers, the retry hint, first (the ready
// event), then each bus event through on, with heartbeats, until the
// client leaves, the stream's lifetime ends (clients reconnect and
// resync regularly) or the server stops (EndStreams). Every write is
// flushed at once.
func (s *Server) stream(hctx huma.Context, ch <-chan events.Event, first func(io.Writer) error, on func(io.Writer, events.Event) error) {
	hctx.SetHeader("Content-Type", "text/event-stream")
	hctx.SetHeader("Cache-Control", "no-cache")
	hctx.SetHeader("X-Accel-Buffering", "no")
	hctx.SetStatus(http.StatusOK)
	s.Metrics.SSEClients.Inc()
	defer s.Metrics.SSEClients.Dec()
	w := hctx.BodyWriter()
	flush := func() {
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
	_, _ = fmt.Fprint(w, "retry: 3000\n\n")
	if first(w) != nil {
		return
	}
	flush()
	heartbeat := time.NewTicker(s.Heartbeat)
	defer heartbeat.Stop()
	lifetime := time.NewTimer(s.StreamLifetime)
	defer lifetime.Stop()
	done := hctx.Context().Done()
	for {
		select {
		case <-done:
			return
		case <-s.stopping:
			return
		case <-lifetime.C:
			return
		case <-heartbeat.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
		case e := <-ch:
			if on(w, e) != nil {
				return
			}
		}
		flush()
	}
}
