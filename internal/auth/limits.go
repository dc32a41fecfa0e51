package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"time"

	"brigade/internal/store"
)

// Sign-in limits. Each login, and each client address, has a count of
// failures. The first freeLogin (freeIP) failures cost nothing; after that
// every further attempt must wait a delay that doubles from firstDelay up to
// maxDelay. An attempt made during the delay is refused (ErrThrottled, with
// the time left) before any password check and does not lengthen the delay,
// so flooding a login cannot lock its owner out for longer than maxDelay
// after the flood; the right password after the delay is accepted and
// forgives the login's failures. Failures are forgotten after
// forgetAfter without a new one.
//
// The counts live in the database (signin_limits): every instance behind a
// load balancer sees the same ones, and an attempt is counted in the same
// transaction that reads the count, before its password is checked, so
// concurrent attempts see each other.
const (
	freeLogin   = 5
	freeIP      = 30
	firstDelay  = 30 * time.Second
	maxDelay    = 5 * time.Minute
	forgetAfter = 15 * time.Minute
)

// ThrottledError refuses a sign-in attempt without checking its password.
// It matches ErrThrottled with errors.Is.
type ThrottledError struct {
	RetryAfter time.Duration // how long before an attempt is checked again
	Busy       bool          // too many password checks under way on this server
}

func (e *ThrottledError) Error() string {
	if e.Busy {
		return "Le serveur traite trop de connexions en ce moment. Veuillez réessayer dans quelques secondes."
	}
	return "Trop de tentatives de connexion. Veuillez réessayer dans " + frenchDuration(e.RetryAfter) + "."
}

// Is makes errors.Is(err, ErrThrottled) true.
func (e *ThrottledError) Is(target error) bool { return target == ErrThrottled }

// RetryAfterSeconds is the Retry-After value: whole seconds, at least one.
func (e *ThrottledError) RetryAfterSeconds() int {
	s := int((e.RetryAfter + time.Second - 1) / time.Second)
	return max(s, 1)
}

func frenchDuration(d time.Duration) string {
	if d <= time.Minute {
		s := int((d + time.Second - 1) / time.Second)
		if s <= 1 {
			return "1 seconde"
		}
		return fmt.Sprintf("%d secondes", s)
	}
	m := int((d + time.Minute - 1) / time.Minute)
	return fmt.Sprintf("%d minutes", m)
}

// delayAfter is the wait imposed after the failures-th counted failure
// when the first free ones cost nothing.
func delayAfter(failures, free int) time.Duration {
	if failures < free {
		return 0
	}
	d := firstDelay
	for i := free; i < failures && d < maxDelay; i++ {
		d *= 2
	}
	return min(d, maxDelay)
}

// limitKey is one counted subject of an attempt.
type limitKey struct {
	scope   string // "login" or "ip"
	subject string
	free    int
}

func limitKeys(login, ip string) []limitKey {
	// Always in this order: two transactions lock rows in the same order
	// and cannot deadlock on PostgreSQL.
	keys := []limitKey{{"login", login, freeLogin}}
	if ip != "" {
		keys = append(keys, limitKey{"ip", addressKey(ip), freeIP})
	}
	return keys
}

// addressKey counts an IPv6 client by its /64: one subscriber usually
// holds a whole /64 and could otherwise change address at every attempt.
func addressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil || !a.Unmap().Is6() {
		return ip
	}
	return netip.PrefixFrom(a.WithZone(""), 64).Masked().String()
}

type limitRow struct {
	failures     int
	lastFailure  time.Time
	blockedUntil time.Time
}

// wait is how long the row still refuses attempts at now.
func (r limitRow) wait(now time.Time) time.Duration {
	if d := r.blockedUntil.Sub(now); d > 0 {
		return d
	}
	return 0
}

// current is the count at now, failures older than forgetAfter forgotten.
func (r limitRow) current(now time.Time) int {
	if now.Sub(r.lastFailure) > forgetAfter {
		return 0
	}
	return r.failures
}

var epoch = time.Unix(0, 0).UTC()

// precheck refuses an attempt that its login or address must delay, with a
// plain read: a flood during a delay never queues for a password check slot.
// reserve decides for good.
func (s *Service) precheck(ctx context.Context, keys []limitKey, now time.Time) error {
	var wait time.Duration
	for _, k := range keys {
		var r limitRow
		err := s.db.QueryRow(ctx, `SELECT failures, last_failure_at, blocked_until FROM signin_limits WHERE scope = ? AND subject = ?`,
			k.scope, k.subject).Scan(&r.failures, &r.lastFailure, &r.blockedUntil)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return err
		}
		wait = max(wait, r.wait(now))
	}
	if wait > 0 {
		return &ThrottledError{RetryAfter: wait}
	}
	return nil
}

// reserve counts the attempt as a failure of each key before its password
// is checked, or refuses it (ThrottledError) when a key is in its delay.
// The read and the write are one transaction holding the rows, so
// concurrent attempts on any instance are counted one after the other.
func (s *Service) reserve(ctx context.Context, keys []limitKey, now time.Time) error {
	now = now.UTC()
	created := false
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		rows := make([]limitRow, len(keys))
		var wait time.Duration
		for i, k := range keys {
			res, err := tx.Exec(ctx, `INSERT INTO signin_limits (scope, subject, failures, last_failure_at, blocked_until)
				VALUES (?, ?, 0, ?, ?) ON CONFLICT (scope, subject) DO NOTHING`, k.scope, k.subject, epoch, epoch)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				created = true
			}
			q := `SELECT failures, last_failure_at, blocked_until FROM signin_limits WHERE scope = ? AND subject = ?`
			if tx.Engine() == store.Postgres {
				q += ` FOR UPDATE` // SQLite: the write transaction already holds the database
			}
			if err := tx.QueryRow(ctx, q, k.scope, k.subject).Scan(&rows[i].failures, &rows[i].lastFailure, &rows[i].blockedUntil); err != nil {
				return err
			}
			wait = max(wait, rows[i].wait(now))
		}
		if wait > 0 {
			return &ThrottledError{RetryAfter: wait}
		}
		for i, k := range keys {
			n := rows[i].current(now) + 1
			// No delay is no block at all, not a block until now: an attempt
			// that read its clock before waiting for these rows would see
			// "now" in its future and be refused within the free failures.
			blocked := epoch
			if d := delayAfter(n, k.free); d > 0 {
				blocked = now.Add(d)
			}
			if _, err := tx.Exec(ctx, `UPDATE signin_limits SET failures = ?, last_failure_at = ?, blocked_until = ? WHERE scope = ? AND subject = ?`,
				n, now, blocked, k.scope, k.subject); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && created {
		// The table grows only here: forget the quiet rows.
		if _, err := s.db.Exec(ctx, `DELETE FROM signin_limits WHERE last_failure_at < ? AND blocked_until < ?`, now.Add(-forgetAfter), now); err != nil {
			slog.WarnContext(ctx, "forget old sign-in failures", "err", err)
		}
	}
	return err
}

// succeeded forgives the login's failures and takes back the attempt
// counted against the address (other failures from it still count: a
// valid account must not wipe an address's record).
func (s *Service) succeeded(ctx context.Context, keys []limitKey, now time.Time) {
	now = now.UTC()
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		for _, k := range keys {
			if k.scope == "login" {
				if _, err := tx.Exec(ctx, `DELETE FROM signin_limits WHERE scope = ? AND subject = ?`, k.scope, k.subject); err != nil {
					return err
				}
				continue
			}
			q := `SELECT failures, last_failure_at, blocked_until FROM signin_limits WHERE scope = ? AND subject = ?`
			if tx.Engine() == store.Postgres {
				q += ` FOR UPDATE`
			}
			var r limitRow
			err := tx.QueryRow(ctx, q, k.scope, k.subject).Scan(&r.failures, &r.lastFailure, &r.blockedUntil)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return err
			}
			n := max(r.current(now)-1, 0)
			blocked := r.blockedUntil
			if delayAfter(n, k.free) == 0 {
				blocked = epoch
			}
			if _, err := tx.Exec(ctx, `UPDATE signin_limits SET failures = ?, blocked_until = ? WHERE scope = ? AND subject = ?`,
				n, blocked, k.scope, k.subject); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		slog.WarnContext(ctx, "forgive sign-in failures", "err", err)
	}
}
