package events

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// channel is the PostgreSQL notification channel of the events.
const channel = "brigade_events"

// Postgres is the bus of several instances sharing one PostgreSQL
// database: each event is delivered at once to this instance's
// subscribers and sent with NOTIFY to the others, which deliver it to
// theirs. An instance that loses its listening connection reconnects and
// tells every subscriber to resync, since it may have missed events.
type Postgres struct {
	local  *Local
	pool   *pgxpool.Pool
	dsn    string
	origin string
	cancel context.CancelFunc
	done   chan struct{}
}

type wire struct {
	Origin string `json:"o"`
	Event  Event  `json:"e"`
}

// NewPostgres connects the bus to the database at dsn and starts listening.
func NewPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	id := make([]byte, 8)
	_, _ = rand.Read(id)
	lctx, cancel := context.WithCancel(context.Background())
	b := &Postgres{local: NewLocal(), pool: pool, dsn: dsn, origin: hex.EncodeToString(id), cancel: cancel, done: make(chan struct{})}
	ready := make(chan error, 1)
	go b.listen(lctx, ready)
	if err := <-ready; err != nil {
		cancel()
		pool.Close()
		return nil, err
	}
	return b, nil
}

// Publish delivers e here and notifies the other instances.
func (b *Postgres) Publish(ctx context.Context, e Event) {
	b.local.Publish(ctx, e)
	payload, err := json.Marshal(wire{Origin: b.origin, Event: e})
	if err != nil {
		return
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := b.pool.Exec(sctx, `SELECT pg_notify($1, $2)`, channel, string(payload)); err != nil {
		slog.Warn("événement non transmis aux autres instances", "type", e.Type, "err", err)
	}
}

// Subscribe subscribes to this instance's deliveries.
func (b *Postgres) Subscribe(franchiseID int64) (<-chan Event, func()) {
	return b.local.Subscribe(franchiseID)
}

// Close stops listening and closes the connections.
func (b *Postgres) Close() {
	b.cancel()
	<-b.done
	b.pool.Close()
}

func (b *Postgres) listen(ctx context.Context, ready chan<- error) {
	defer close(b.done)
	first := true
	for backoff := 200 * time.Millisecond; ctx.Err() == nil; {
		conn, err := pgx.Connect(ctx, b.dsn)
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+channel)
		}
		if first {
			ready <- err
			first = false
			if err != nil {
				if conn != nil {
					_ = conn.Close(context.Background())
				}
				return
			}
		} else if err == nil {
			// Back after a cut: whatever happened meanwhile is unknown.
			b.local.Broadcast(Event{Type: TypeResync})
		}
		if err == nil {
			backoff = 200 * time.Millisecond
			err = b.receive(ctx, conn)
			_ = conn.Close(context.Background())
		}
		if ctx.Err() != nil {
			return
		}
		slog.Warn("écoute des événements interrompue, reconnexion", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		if backoff < 10*time.Second {
			backoff *= 2
		}
	}
}

func (b *Postgres) receive(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var w wire
		if json.Unmarshal([]byte(n.Payload), &w) != nil || w.Origin == b.origin {
			continue
		}
		b.local.Publish(ctx, w.Event)
	}
}
