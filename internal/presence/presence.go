// Package presence knows who is online in a franchise and on which page:
// online from the first mouse or key activity, offline after 60 seconds
// without activity, on page unload and on sign-out (spec 1st §4). The state
// lives in the database so that every instance sees the same thing.
package presence

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Timeout is how long a user stays online without activity.
const Timeout = 60 * time.Second

// TypePresenceChanged is published when someone comes online, goes
// offline or changes page.
const TypePresenceChanged = "presence.changed"

// ErrLoginPage: the sign-in pages do not count as presence.
var ErrLoginPage = errors.New("La page de connexion ne compte pas comme présence.")

// Entry is one user's presence.
type Entry struct {
	UserID     int64
	UserName   string
	Role       tenancy.Role
	Source     string
	Page       string
	Online     bool
	LastActive time.Time
}

// Service records and reads presence.
type Service struct {
	db  *store.DB
	ten *tenancy.Service
	bus events.Bus
	now func() time.Time
}

// NewService returns the presence service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, bus: bus, now: time.Now}
}

// Report records the principal's activity: online on page, or offline
// (unload, sign-out, inactivity seen by the browser).
func (s *Service) Report(ctx context.Context, p tenancy.Principal, page string, online bool) error {
	if p.FranchiseID == 0 {
		return nil // super-admins outside a franchise are nobody's colleague
	}
	page = strings.TrimSpace(page)
	if len(page) > 300 {
		page = page[:300]
	}
	if online && (page == "" || strings.HasPrefix(page, "/auth/")) {
		return ErrLoginPage
	}
	actor, err := s.ten.Actor(ctx, s.db, p)
	if err != nil {
		return err
	}
	source := "Login"
	if p.SuperAdminLogin {
		source = "SuperAdmin"
	}
	now := s.now().UTC()
	var before struct {
		page   string
		online bool
		last   time.Time
	}
	err = s.db.QueryRow(ctx, `SELECT page, online, last_active FROM presence WHERE user_id = ?`, p.UserID).Scan(&before.page, &before.online, &before.last)
	existed := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if !online && page == "" {
		page = before.page
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO presence (user_id, franchise_id, role, user_name, source, page, online, last_active) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET franchise_id = excluded.franchise_id, role = excluded.role, user_name = excluded.user_name,
		source = excluded.source, page = excluded.page, online = excluded.online, last_active = excluded.last_active`,
		p.UserID, p.FranchiseID, string(p.Role), actor.UserName, source, page, online, now); err != nil {
		return err
	}
	wasOnline := existed && before.online && now.Sub(before.last) < Timeout
	if !existed || wasOnline != online || before.page != page {
		s.bus.Publish(context.WithoutCancel(ctx), events.Event{Type: TypePresenceChanged, FranchiseID: p.FranchiseID})
	}
	return nil
}

// List is who was seen in the franchise in the last day, online first
// then by latest activity; online means active within Timeout. Only the
// franchise admin sees it.
func (s *Service) List(ctx context.Context, p tenancy.Principal) ([]Entry, error) {
	if p.Role != tenancy.RoleAdmin {
		return nil, tenancy.ErrForbidden
	}
	now := s.now().UTC()
	var online, offline []Entry
	err := store.Each(ctx, s.db, `SELECT user_id, user_name, role, source, page, online, last_active FROM presence
		WHERE franchise_id = ? AND last_active > ? ORDER BY last_active DESC`, []any{p.FranchiseID, now.Add(-24 * time.Hour)}, func(row store.Scanner) error {
		var e Entry
		var role string
		if err := row.Scan(&e.UserID, &e.UserName, &role, &e.Source, &e.Page, &e.Online, &e.LastActive); err != nil {
			return err
		}
		e.Role = tenancy.Role(role)
		e.Online = e.Online && now.Sub(e.LastActive) < Timeout
		if e.Online {
			online = append(online, e)
		} else {
			offline = append(offline, e)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return append(online, offline...), nil
}
