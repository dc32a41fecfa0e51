package auth_test

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
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
	db := testutil.NewDB(t, store.SQLite)
	ten := tenancy.NewService(db, events.NewLocal())
	if err := demo.Load(context.Background(), db, ten); err != nil {
		t.Fatal(err)
	}
	svc, err := auth.NewService(context.Background(), db, ten, auth.Config{TokenTTL: time.Hour, Mailer: &testutil.MailBox{}, Now: func() time.Time { return *now }})
	if err != nil {
		t.Fatal(err)
	}
	return svc, db
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

func TestThrottleWindowSlides(t *testing.T) {
	now := time.Now()
	svc, _ := setup(t, &now)
	ctx := context.Background()
	for range 5 {
		if _, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", "faux", "10.0.0.2"); !errors.Is(err, auth.ErrBadCredentials) {
			t.Fatal(err)
		}
	}
	if _, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", demo.Password, "10.0.0.2"); !errors.Is(err, auth.ErrThrottled) {
		t.Fatalf("want throttled, got %v", err)
	}
	now = now.Add(16 * time.Minute)
	if _, err := svc.SignIn(ctx, auth.KindGuest, "demo-invite", demo.Password, "10.0.0.2"); err != nil {
		t.Fatalf("after the window: %v", err)
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
