// Package notices is the in-app feed of new-feature notices (spec 1st §3
// "Notice", §6): super-admins write them for roles (admin and guest by
// default) and optionally one domain; each user has an unread badge per
// notice until it is opened, and a first-view tooltip shown once.
package notices

import (
	"context"
	"database/sql"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// TypeNoticesChanged is published to everyone when the feed changes.
const TypeNoticesChanged = "notices.changed"

// Notice is one entry of the feed.
type Notice struct {
	ID               int64
	Title            string
	Date             string // AAAA-MM-JJ
	Type             string
	ShortDescription string
	Content          string
	ContentURL       string
	Roles            []tenancy.Role
	DomainName       string
	Read             bool
}

// Feed is what a user sees.
type Feed struct {
	Items       []Notice
	Unread      int
	TooltipSeen bool
}

// Service reads and writes notices.
type Service struct {
	db  *store.DB
	bus events.Bus
}

// NewService returns the notices service.
func NewService(db *store.DB, bus events.Bus) *Service { return &Service{db: db, bus: bus} }

const columns = `id, title, notice_date, type, short_description, content, content_url, roles, domain_name`

func scan(row interface{ Scan(...any) error }) (Notice, error) {
	var n Notice
	var roles string
	err := row.Scan(&n.ID, &n.Title, &n.Date, &n.Type, &n.ShortDescription, &n.Content, &n.ContentURL, &roles, &n.DomainName)
	for _, r := range strings.Split(roles, ",") {
		if r = strings.TrimSpace(r); r != "" {
			n.Roles = append(n.Roles, tenancy.Role(r))
		}
	}
	return n, err
}

// visible: the notice targets the user's role and, when it names one, the domain.
func visible(n Notice, p tenancy.Principal, domain string) bool {
	return slices.Contains(n.Roles, p.Role) && (n.DomainName == "" || strings.EqualFold(n.DomainName, domain))
}

// List is the user's feed for domain (the host the back-office is opened on), newest first.
func (s *Service) List(ctx context.Context, p tenancy.Principal, domain string) (Feed, error) {
	all, err := store.Collect(ctx, s.db, `SELECT `+columns+` FROM notices ORDER BY notice_date DESC, id DESC`, nil, scan)
	if err != nil {
		return Feed{}, err
	}
	all = slices.DeleteFunc(all, func(n Notice) bool { return !visible(n, p, domain) })
	readIDs, err := store.Collect(ctx, s.db, `SELECT notice_id FROM notice_reads WHERE user_id = ?`, []any{p.UserID}, store.ScanValue[int64])
	if err != nil {
		return Feed{}, err
	}
	read := map[int64]bool{}
	for _, id := range readIDs {
		read[id] = true
	}
	f := Feed{Items: all}
	for i := range f.Items {
		f.Items[i].Read = read[f.Items[i].ID]
		if !f.Items[i].Read {
			f.Unread++
		}
	}
	var seen time.Time
	err = s.db.QueryRow(ctx, `SELECT seen_at FROM notice_tooltips WHERE user_id = ?`, p.UserID).Scan(&seen)
	f.TooltipSeen = err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Feed{}, err
	}
	return f, nil
}

// Open returns one notice of the user's feed and marks it read.
func (s *Service) Open(ctx context.Context, p tenancy.Principal, id int64, domain string) (Notice, error) {
	n, err := scan(s.db.QueryRow(ctx, `SELECT `+columns+` FROM notices WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !visible(n, p, domain)) {
		return Notice{}, tenancy.ErrNotFound
	}
	if err != nil {
		return Notice{}, err
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO notice_reads (user_id, notice_id, read_at) VALUES (?, ?, ?) ON CONFLICT (user_id, notice_id) DO NOTHING`,
		p.UserID, id, time.Now().UTC()); err != nil {
		return Notice{}, err
	}
	n.Read = true
	return n, nil
}

// TooltipSeen records that the user saw the first-view tooltip.
func (s *Service) TooltipSeen(ctx context.Context, p tenancy.Principal) error {
	_, err := s.db.Exec(ctx, `INSERT INTO notice_tooltips (user_id, seen_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING`, p.UserID, time.Now().UTC())
	return err
}

var day = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

func (n *Notice) check() error {
	n.Title, n.ShortDescription, n.DomainName = strings.TrimSpace(n.Title), strings.TrimSpace(n.ShortDescription), strings.TrimSpace(n.DomainName)
	if n.Title == "" {
		return &tenancy.ValidationError{Field: "title", Message: "Le titre est obligatoire."}
	}
	if !day.MatchString(n.Date) {
		return &tenancy.ValidationError{Field: "date", Message: "La date doit être au format AAAA-MM-JJ."}
	}
	if _, err := time.Parse("2006-01-02", n.Date); err != nil {
		return &tenancy.ValidationError{Field: "date", Message: "La date n'existe pas."}
	}
	if n.Type == "" {
		n.Type = "new_feature"
	}
	if len(n.Roles) == 0 {
		n.Roles = []tenancy.Role{tenancy.RoleAdmin, tenancy.RoleGuest}
	}
	for _, r := range n.Roles {
		if !r.Valid() || r == tenancy.RoleSuperAdmin {
			return &tenancy.ValidationError{Field: "roles", Message: "Rôle inconnu : " + string(r) + "."}
		}
	}
	return nil
}

func rolesText(rs []tenancy.Role) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = string(r)
	}
	return strings.Join(parts, ",")
}

// All lists every notice, newest first, whatever its roles and domain:
// the super-admin's screen. Super-admins only.
func (s *Service) All(ctx context.Context, p tenancy.Principal) ([]Notice, error) {
	if !p.IsSuperAdmin() {
		return nil, tenancy.ErrForbidden
	}
	return store.Collect(ctx, s.db, `SELECT `+columns+` FROM notices ORDER BY notice_date DESC, id DESC`, nil, scan)
}

// Save creates (ID 0) or replaces a notice; super-admins only.
func (s *Service) Save(ctx context.Context, p tenancy.Principal, n Notice) (Notice, error) {
	if !p.IsSuperAdmin() {
		return Notice{}, tenancy.ErrForbidden
	}
	if err := n.check(); err != nil {
		return Notice{}, err
	}
	now := time.Now().UTC()
	if n.ID == 0 {
		id, err := store.InsertID(ctx, s.db, `INSERT INTO notices (title, notice_date, type, short_description, content, content_url, roles, domain_name, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, n.Title, n.Date, n.Type, n.ShortDescription, n.Content, n.ContentURL, rolesText(n.Roles), n.DomainName, now, now)
		if err != nil {
			return Notice{}, err
		}
		n.ID = id
	} else {
		res, err := s.db.Exec(ctx, `UPDATE notices SET title = ?, notice_date = ?, type = ?, short_description = ?, content = ?, content_url = ?, roles = ?, domain_name = ?, updated_at = ? WHERE id = ?`,
			n.Title, n.Date, n.Type, n.ShortDescription, n.Content, n.ContentURL, rolesText(n.Roles), n.DomainName, now, n.ID)
		if err != nil {
			return Notice{}, err
		}
		if k, _ := res.RowsAffected(); k == 0 {
			return Notice{}, tenancy.ErrNotFound
		}
	}
	s.bus.Publish(context.WithoutCancel(ctx), events.Event{Type: TypeNoticesChanged})
	return n, nil
}

// Delete removes a notice; super-admins only.
func (s *Service) Delete(ctx context.Context, p tenancy.Principal, id int64) error {
	if !p.IsSuperAdmin() {
		return tenancy.ErrForbidden
	}
	res, err := s.db.Exec(ctx, `DELETE FROM notices WHERE id = ?`, id)
	if err != nil {
		return err
	}
	if k, _ := res.RowsAffected(); k == 0 {
		return tenancy.ErrNotFound
	}
	s.bus.Publish(context.WithoutCancel(ctx), events.Event{Type: TypeNoticesChanged})
	return nil
}
