package auth_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"brigade/internal/auth"
	"brigade/internal/mail"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestResetMailThroughSMTP: with --smtp-url the password-reset mail goes
// through a real SMTP server, and its link resets the password.
func TestResetMailThroughSMTP(t *testing.T) {
	ctx := context.Background()
	db, ten := demoDB(t, store.SQLite)
	srv := testutil.StartSMTP(t)
	sender, err := mail.Open(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := auth.NewService(ctx, db, ten, auth.Config{TokenTTL: time.Hour, PublicURL: "https://brigade.exemple.fr", Mailer: sender})
	if err != nil {
		t.Fatal(err)
	}
	u, err := ten.UserByLogin(ctx, "demo-admin")
	if err != nil || u.Email == "" {
		t.Fatalf("demo-admin without e-mail: %+v %v", u, err)
	}
	if err := svc.ForgotPassword(ctx, "demo-admin"); err != nil {
		t.Fatal(err)
	}
	m := srv.Wait(t, 1, 5*time.Second)[0]
	if len(m.To) != 1 || m.To[0] != u.Email || m.Subject != "Brigade : réinitialisation du mot de passe" || m.ContentType != "text/plain" {
		t.Fatalf("mail %v %q %s", m.To, m.Subject, m.ContentType)
	}
	link := regexp.MustCompile(`https://brigade\.exemple\.fr/auth/resetPassword/(\d+)&([0-9a-f]+)`).FindStringSubmatch(m.Text)
	if link == nil {
		t.Fatalf("no reset link in %q", m.Text)
	}
	if err := svc.ResetPassword(ctx, u.FranchiseID, link[2], "un-nouveau-mot-de-passe"); err != nil {
		t.Fatalf("the mailed link does not reset: %v", err)
	}
}
