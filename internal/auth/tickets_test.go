package auth_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"brigade/internal/auth"
	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// ticketSetup gives two auth services over one database, as two instances
// behind a load balancer sharing PostgreSQL, with a clock the test moves.
func ticketSetup(t *testing.T, engine store.Engine, now *time.Time) (a, b *auth.Service, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	db = testutil.NewDB(t, engine)
	ten := tenancy.NewService(db, events.NewLocal())
	if err := demo.Load(ctx, db, ten); err != nil {
		t.Fatal(err)
	}
	for _, svc := range []**auth.Service{&a, &b} {
		s, err := auth.NewService(ctx, db, ten, auth.Config{TokenTTL: time.Hour, Mailer: &testutil.MailBox{}, Now: func() time.Time { return *now }})
		if err != nil {
			t.Fatal(err)
		}
		*svc = s
	}
	return a, b, db
}

func signedIn(t *testing.T, svc *auth.Service, kind auth.Kind, login string) tenancy.Principal {
	t.Helper()
	ctx := context.Background()
	sess, err := svc.SignIn(ctx, kind, login, demo.Password, "10.0.0.9")
	if err != nil {
		t.Fatal(err)
	}
	p, err := svc.Authenticate(ctx, sess.Token)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestStreamTicketsOpenOneStreamOnAnyInstance(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		now := time.Now()
		a, b, _ := ticketSetup(t, engine, &now)
		ctx := context.Background()
		p := signedIn(t, a, auth.KindRestaurant, "demo-moderateur")

		tk, err := a.IssueStreamTicket(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if len(tk.Ticket) != 43 { // 256 bits, base64url without padding
			t.Errorf("ticket %q: %d characters, want 43", tk.Ticket, len(tk.Ticket))
		}
		if d := tk.ExpiresAt.Sub(now); d < 20*time.Second || d > time.Minute {
			t.Errorf("ticket valid %s", d)
		}
		// Issued by one instance, redeemed by the other: the same principal.
		got, err := b.RedeemStreamTicket(ctx, tk.Ticket)
		if err != nil {
			t.Fatalf("redeem: %v", err)
		}
		if got.UserID != p.UserID || got.FranchiseID != p.FranchiseID || got.Role != p.Role || len(got.Restaurants) != 1 || got.Restaurants[0] != p.Restaurants[0] {
			t.Errorf("principal %+v, want %+v", got, p)
		}
		// Used once, on every instance.
		for _, svc := range []*auth.Service{a, b} {
			if _, err := svc.RedeemStreamTicket(ctx, tk.Ticket); !errors.Is(err, auth.ErrTicketInvalid) {
				t.Errorf("second use: %v", err)
			}
		}
		for name, forged := range map[string]string{"empty": "", "unknown": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} {
			if _, err := a.RedeemStreamTicket(ctx, forged); !errors.Is(err, auth.ErrTicketInvalid) {
				t.Errorf("%s ticket: %v", name, err)
			}
		}
	})
}

func TestStreamTicketsExpire(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		now := time.Now()
		a, _, db := ticketSetup(t, engine, &now)
		ctx := context.Background()
		p := signedIn(t, a, auth.KindOwner, "demo-admin")
		stale, err := a.IssueStreamTicket(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(auth.StreamTicketTTL + time.Second)
		if _, err := a.RedeemStreamTicket(ctx, stale.Ticket); !errors.Is(err, auth.ErrTicketInvalid) {
			t.Fatalf("expired ticket: %v", err)
		}
		// The next issue forgets the expired ones: the table never grows.
		if _, err := a.IssueStreamTicket(ctx, p); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM stream_tickets`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("%d tickets kept, want only the fresh one", n)
		}
	})
}

// Many streams racing with one ticket, across two instances: one opens.
func TestStreamTicketRaceOpensOneStream(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		now := time.Now()
		a, b, _ := ticketSetup(t, engine, &now)
		ctx := context.Background()
		tk, err := a.IssueStreamTicket(ctx, signedIn(t, a, auth.KindOwner, "demo-admin"))
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		opened, refused := 0, 0
		for i := range 16 {
			svc := a
			if i%2 == 1 {
				svc = b
			}
			wg.Go(func() {
				_, err := svc.RedeemStreamTicket(ctx, tk.Ticket)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					opened++
				case errors.Is(err, auth.ErrTicketInvalid):
					refused++
				default:
					t.Errorf("redeem: %v", err)
				}
			})
		}
		wg.Wait()
		if opened != 1 || refused != 15 {
			t.Errorf("%d streams opened and %d refused with one ticket, want 1 and 15", opened, refused)
		}
	})
}

// A ticket carries what its token said: an "open as admin" session stays
// one, and a login disabled before the ticket is used is refused.
func TestStreamTicketsFollowTheLogin(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		now := time.Now()
		a, _, db := ticketSetup(t, engine, &now)
		ctx := context.Background()
		sa := signedIn(t, a, auth.KindOwner, "superadmin")
		admin := signedIn(t, a, auth.KindOwner, "demo-admin")
		sess, err := a.Impersonate(ctx, sa, admin.FranchiseID)
		if err != nil {
			t.Fatal(err)
		}
		as, err := a.Authenticate(ctx, sess.Token)
		if err != nil {
			t.Fatal(err)
		}
		tk, err := a.IssueStreamTicket(ctx, as)
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.RedeemStreamTicket(ctx, tk.Ticket)
		if err != nil {
			t.Fatal(err)
		}
		if !got.SuperAdminLogin || got.ImpersonatorID != sa.UserID || got.UserID != admin.UserID {
			t.Errorf("impersonation lost: %+v", got)
		}

		mod := signedIn(t, a, auth.KindRestaurant, "demo-moderateur")
		tk, err = a.IssueStreamTicket(ctx, mod)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(ctx, `UPDATE users SET disabled = TRUE WHERE id = ?`, mod.UserID); err != nil {
			t.Fatal(err)
		}
		if _, err := a.RedeemStreamTicket(ctx, tk.Ticket); !errors.Is(err, auth.ErrAccountGone) {
			t.Errorf("disabled login's ticket: %v", err)
		}
	})
}
