package auth

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// StreamTicketTTL is how long a stream ticket may wait to be used: the
// browser asks for one just before it opens the stream, so a few seconds
// would do; 30 leave room for a slow network or a busy server.
const StreamTicketTTL = 30 * time.Second

// ErrTicketInvalid answers a stream ticket that is unknown, expired or
// already used (a reconnection asks for a new one).
var ErrTicketInvalid = errors.New("Ce ticket de connexion au flux est invalide, expiré ou déjà utilisé.")

// StreamTicket opens one event stream in place of the bearer token, which
// must never travel in a URL (access logs, proxies, browser history):
// EventSource cannot send an Authorization header.
type StreamTicket struct {
	Ticket    string
	ExpiresAt time.Time
}

// IssueStreamTicket gives the principal a ticket: 256 random bits, valid
// StreamTicketTTL, used once, bound to the principal's login, franchise and
// super-admin origin. Only its hash is stored, in the database, so that any
// instance behind the load balancer accepts it and a redeemed ticket is gone
// for all of them.
func (s *Service) IssueStreamTicket(ctx context.Context, p tenancy.Principal) (StreamTicket, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return StreamTicket{}, err
	}
	ticket := base64.RawURLEncoding.EncodeToString(raw)
	now := s.now().UTC()
	expires := now.Add(StreamTicketTTL).Truncate(time.Millisecond)
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		// Tickets never used (a tab closed at the wrong moment) are
		// forgotten here, so that the table holds only the last seconds'.
		if _, err := tx.Exec(ctx, `DELETE FROM stream_tickets WHERE expires_at < ?`, now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO stream_tickets (ticket_hash, user_id, franchise_id, impersonator_id, expires_at) VALUES (?, ?, ?, ?, ?)`,
			hashToken(ticket), p.UserID, p.FranchiseID, p.ImpersonatorID, expires)
		return err
	})
	if err != nil {
		return StreamTicket{}, err
	}
	return StreamTicket{Ticket: ticket, ExpiresAt: expires}, nil
}

// RedeemStreamTicket turns a ticket into the principal it was issued to,
// and spends it: the row is deleted in the same statement that reads it, so
// two streams racing with one ticket (on one instance or two) cannot both
// open. The login is read again, as Authenticate does for a token, so that a
// login disabled in the meantime is refused.
func (s *Service) RedeemStreamTicket(ctx context.Context, ticket string) (tenancy.Principal, error) {
	if ticket == "" {
		return tenancy.Principal{}, ErrTicketInvalid
	}
	var userID, franchiseID, impersonatorID int64
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `DELETE FROM stream_tickets WHERE ticket_hash = ? AND expires_at > ? RETURNING user_id, franchise_id, impersonator_id`,
			hashToken(ticket), s.now().UTC()).Scan(&userID, &franchiseID, &impersonatorID)
	})
	if errors.Is(err, sql.ErrNoRows) {
		return tenancy.Principal{}, ErrTicketInvalid
	}
	if err != nil {
		return tenancy.Principal{}, err
	}
	return s.principalOf(ctx, userID, franchiseID, impersonatorID)
}

// principalOf is the principal of a login as its credential describes it
// (user, franchise and super-admin origin), refused when the login has been
// disabled, deleted, moved to another franchise or detached from the
// credential's, or the super-admin behind
// an impersonation has lost that role.
func (s *Service) principalOf(ctx context.Context, userID, franchiseID, impersonatorID int64) (tenancy.Principal, error) {
	// The login as it is in the credential's franchise: its home one or one
	// it is still attached to (read again here, so that detaching or moving
	// it refuses its tokens at once).
	u, err := s.tenancy.UserInFranchise(ctx, userID, franchiseID)
	if errors.Is(err, tenancy.ErrNotFound) || (err == nil && u.Disabled) {
		return tenancy.Principal{}, ErrAccountGone
	}
	if err != nil {
		return tenancy.Principal{}, err
	}
	if u.FranchiseClosed && impersonatorID == 0 {
		return tenancy.Principal{}, ErrFranchiseClosed
	}
	p := tenancy.PrincipalFor(u)
	if impersonatorID != 0 {
		sa, err := s.tenancy.UserByID(ctx, impersonatorID)
		if err != nil || sa.Disabled || sa.Role != tenancy.RoleSuperAdmin {
			return tenancy.Principal{}, ErrAccountGone
		}
		p.SuperAdminLogin = true
		p.ImpersonatorID = sa.ID
	}
	return p, nil
}
