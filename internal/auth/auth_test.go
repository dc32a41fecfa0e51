package auth_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"brigade/internal/auth"
	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

func setup(t *testing.T, now *time.Time) (*auth.Service, *store.DB) {
	t.Helper()
	db, ten := demoDB(t, store.SQLite)
	svc, err := auth.NewService(context.Background(), db, ten, auth.Config{TokenTTL: time.Hour, Mailer: &testutil.MailBox{}, Now: func() time.Time { return *now }})
	if err != nil {
		t.Fatal(err)
	}
	return svc, db
}

func demoDB(t *testing.T, engine store.Engine) (*store.DB, *tenancy.Service) {
	t.Helper()
	db := testutil.NewDB(t, engine)
	ten := tenancy.NewService(db, events.NewLocal())
	if err := demo.Load(context.Background(), db, ten); err != nil {
		t.Fatal(err)
	}
	return db, ten
}

// clock is a settable clock that concurrent sign-ins may read.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// limited is a sign-in service on db whose clock the test moves.
func limited(t *testing.T, db *store.DB, ten *tenancy.Service, c *clock, cfg auth.Config) *auth.Service {
	t.Helper()
	cfg.TokenTTL, cfg.Mailer, cfg.Now = time.Hour, &testutil.MailBox{}, c.Now
	svc, err := auth.NewService(context.Background(), db, ten, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestTokensExpire(t *testing.T) {
	now := time.Now()
	svc, _ := setup(t, &now)
	ctx := context.Background()
	sess, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Authenticate(ctx, sess.Token); err != nil {
		t.Fatalf("fresh token: %v", err)
	}
	now = now.Add(61 * time.Minute)
	if _, err := svc.Authenticate(ctx, sess.Token); !errors.Is(err, auth.ErrTokenInvalid) {
		t.Fatalf("expired token accepted: %v", err)
	}
}

func TestTamperedAndForeignTokensAreRefused(t *testing.T) {
	now := time.Now()
	svc, _ := setup(t, &now)
	ctx := context.Background()
	sess, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(sess.Token, ".")
	// Claim to be user 5 (the super-admin) with the admin's signature.
	forged := parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(`{"iss":"brigade","sub":"5","exp":9999999999}`)) + "." + parts[2]
	// A token signed with another key, and an unsigned one.
	other, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": "brigade", "sub": "1", "exp": now.Add(time.Hour).Unix()}).SignedString([]byte("another key"))
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"iss": "brigade", "sub": "1", "exp": now.Add(time.Hour).Unix()}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	for name, tok := range map[string]string{"forged": forged, "other key": other, "alg none": none, "garbage": "abc"} {
		if _, err := svc.Authenticate(ctx, tok); !errors.Is(err, auth.ErrTokenInvalid) {
			t.Errorf("%s token: %v", name, err)
		}
	}
}

func wantThrottled(t *testing.T, err error, retry time.Duration) {
	t.Helper()
	var te *auth.ThrottledError
	if !errors.As(err, &te) || !errors.Is(err, auth.ErrThrottled) {
		t.Fatalf("want throttled, got %v", err)
	}
	if te.RetryAfter != retry {
		t.Fatalf("retry after %s, want %s", te.RetryAfter, retry)
	}
}

// After five failures a login waits a delay that doubles up to a cap; an
// attempt during the delay is refused without a password check and does
// not lengthen it; the right password after the delay is accepted and
// forgives the failures. (Before: a 15-minute lock that refused the right
// password too.)
// Concurrent attempts read the clock before they wait for the limit rows,
// so one may be counted after another that read a later time. Within the
// free failures none of them is refused: a failure without delay blocks
// nothing (it once blocked "until now", and an attempt whose clock read was
// a moment earlier got a 429 with only four failures counted).
func TestFreeFailuresBlockNothingForAnEarlierClock(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db, ten := demoDB(t, engine)
		c := &clock{now: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
		svc := limited(t, db, ten, c, auth.Config{})
		ctx := context.Background()
		for i := range 5 {
			if _, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", "faux", "10.0.0.3"); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("failure %d: %v", i+1, err)
			}
			c.Advance(-time.Second) // the next attempt's clock read came earlier
		}
		if _, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", "faux", "10.0.0.3"); !errors.Is(err, auth.ErrThrottled) {
			t.Fatalf("sixth attempt after five failures: %v, want the delay", err)
		}
	})
}

func TestSignInDelayGrowsAndTheRightPasswordWorksAfterIt(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db, ten := demoDB(t, engine)
		c := &clock{now: time.Date(2026, 3, 29, 0, 59, 0, 0, time.UTC)} // across the spring change in Paris
		svc := limited(t, db, ten, c, auth.Config{})
		ctx := context.Background()
		wrong := func() error {
			_, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", "faux", "10.0.0.2")
			return err
		}
		for i := range 5 {
			if err := wrong(); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("failure %d: %v", i+1, err)
			}
		}
		checks := svc.PasswordChecks()
		_, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", demo.Password, "10.0.0.2")
		wantThrottled(t, err, 30*time.Second)
		var te *auth.ThrottledError
		errors.As(err, &te)
		if te.RetryAfterSeconds() != 30 || te.Error() != "Trop de tentatives de connexion. Veuillez réessayer dans 30 secondes." {
			t.Fatalf("%d s, %q", te.RetryAfterSeconds(), te.Error())
		}
		c.Advance(10 * time.Second)
		wantThrottled(t, wrong(), 20*time.Second) // not lengthened by the refused attempts
		if n := svc.PasswordChecks(); n != checks {
			t.Fatalf("%d passwords checked during the delay", n-checks)
		}

		// Each failure after a delay doubles the next one, up to 5 minutes.
		for _, d := range []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 5 * time.Minute, 5 * time.Minute} {
			c.Advance(time.Minute) // past the previous delay (≤ 5 min: the loop moves 1 min at a time)
			for errors.Is(wrong(), auth.ErrThrottled) {
				c.Advance(time.Minute)
			}
			wantThrottled(t, wrong(), d)
		}

		c.Advance(5 * time.Minute)
		if _, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", demo.Password, "10.0.0.2"); err != nil {
			t.Fatalf("right password after the delay: %v", err)
		}
		// Forgiven: five free failures again.
		for i := range 5 {
			if err := wrong(); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("failure %d after a success: %v", i+1, err)
			}
		}
		wantThrottled(t, wrong(), 30*time.Second)
		// Failures are forgotten after 15 quiet minutes.
		c.Advance(16 * time.Minute)
		for i := range 5 {
			if err := wrong(); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("failure %d after 16 quiet minutes: %v", i+1, err)
			}
		}
	})
}

// Forty wrong passwords sent at once, to two instances sharing the
// database: at most five are checked, the others are refused. (Before:
// failures were counted after the check, so all forty were checked.)
func TestConcurrentSignInsAreCountedBeforeTheCheckAcrossInstances(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db, ten := demoDB(t, engine)
		c := &clock{now: time.Now().Truncate(time.Second)}
		instances := []*auth.Service{limited(t, db, ten, c, auth.Config{}), limited(t, db, ten, c, auth.Config{})}
		var wg sync.WaitGroup
		var bad, throttled, other atomic.Int32
		start := make(chan struct{})
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, err := instances[i%2].SignIn(context.Background(), auth.KindOwner, "demo-admin", "faux", "10.0.0.3")
				switch {
				case errors.Is(err, auth.ErrBadCredentials):
					bad.Add(1)
				case errors.Is(err, auth.ErrThrottled):
					throttled.Add(1)
				default:
					other.Add(1)
					t.Error(err)
				}
			}()
		}
		close(start)
		wg.Wait()
		checked := instances[0].PasswordChecks() + instances[1].PasswordChecks()
		t.Logf("%s: 40 concurrent wrong passwords: %d checked, %d refused", engine, checked, throttled.Load())
		if checked > 5 || int64(bad.Load()) != checked || bad.Load()+throttled.Load() != 40 {
			t.Fatalf("%d checked, %d bad credentials, %d throttled, %d other", checked, bad.Load(), throttled.Load(), other.Load())
		}
	})
}

// Thirty failures from one address, over many logins, delay that address's
// next attempts whatever the login; other addresses, and a success from the
// address, are not counted against it.
func TestSignInDelayPerAddress(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		db, ten := demoDB(t, engine)
		c := &clock{now: time.Now().Truncate(time.Second)}
		svc := limited(t, db, ten, c, auth.Config{})
		ctx := context.Background()
		for i := range 30 {
			if i%10 == 0 { // successes from the address do not count
				if _, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "198.51.100.7"); err != nil {
					t.Fatalf("success %d: %v", i, err)
				}
			}
			login := fmt.Sprintf("inconnu-%d", i%10) // at most three failures per login
			if _, err := svc.SignIn(ctx, auth.KindOwner, login, "faux", "198.51.100.7"); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("failure %d: %v", i+1, err)
			}
		}
		_, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "198.51.100.7")
		wantThrottled(t, err, 30*time.Second)
		if _, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "198.51.100.8"); err != nil {
			t.Fatalf("another address: %v", err)
		}
		c.Advance(30 * time.Second)
		if _, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "198.51.100.7"); err != nil {
			t.Fatalf("after the delay: %v", err)
		}

		// An IPv6 client is counted by its /64, whatever address of it it uses.
		for i := range 30 {
			ip := fmt.Sprintf("2001:db8:1:2::%x", i+1)
			if _, err := svc.SignIn(ctx, auth.KindOwner, fmt.Sprintf("inconnu-v6-%d", i%10), "faux", ip); !errors.Is(err, auth.ErrBadCredentials) {
				t.Fatalf("IPv6 failure %d: %v", i+1, err)
			}
		}
		_, err = svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "2001:db8:1:2:ffff::1")
		wantThrottled(t, err, 30*time.Second)
		if _, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "2001:db8:1:3::1"); err != nil {
			t.Fatalf("another /64: %v", err)
		}
	})
}

// Password checks are bounded server-wide: when every slot is taken, an
// attempt waits a bounded time and is then refused as busy, unchecked.
func TestPasswordChecksAreBounded(t *testing.T) {
	db, ten := demoDB(t, store.SQLite)
	c := &clock{now: time.Now().Truncate(time.Second)}
	inCheck, release := make(chan struct{}), make(chan struct{})
	var first atomic.Bool
	svc := limited(t, db, ten, c, auth.Config{PasswordChecks: 1, CheckWait: 50 * time.Millisecond, OnPasswordCheck: func() {
		if first.CompareAndSwap(false, true) {
			close(inCheck)
			<-release
		}
	}})
	ctx := context.Background()
	done := make(chan error)
	go func() {
		_, err := svc.SignIn(ctx, auth.KindOwner, "demo-admin", demo.Password, "10.0.0.4")
		done <- err
	}()
	select {
	case <-inCheck:
	case err := <-done:
		t.Fatalf("the first sign-in ended without a password check: %v", err)
	}
	_, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", demo.Password, "10.0.0.5")
	var te *auth.ThrottledError
	if !errors.As(err, &te) || !te.Busy || !strings.Contains(te.Error(), "trop de connexions") {
		t.Fatalf("second check while the only slot is taken: %v", err)
	}
	if n := svc.PasswordChecks(); n != 1 {
		t.Fatalf("%d checks", n)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// The busy refusal did not count as a failure: the slot is free again.
	if _, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", demo.Password, "10.0.0.5"); err != nil {
		t.Fatal(err)
	}
}

func TestPasswordRules(t *testing.T) {
	if auth.ValidatePassword("court") == nil {
		t.Error("a 5-character password was accepted")
	}
	if auth.ValidatePassword(strings.Repeat("x", 73)) == nil {
		t.Error("bcrypt ignores bytes after 72: longer passwords must be refused")
	}
	if err := auth.ValidatePassword("assez-long"); err != nil {
		t.Error(err)
	}
}
