package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"brigade/internal/mail"
	"brigade/internal/testutil"
)

func TestSMTPSendsTextAndHTMLAlternatives(t *testing.T) {
	srv := testutil.StartSMTP(t)
	s, err := mail.Open(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	msg := mail.Message{To: "gerant@exemple.fr", Subject: "Brigade — résumé du mardi 24 novembre 2026",
		Text: "Chiffre d'affaires TTC : 1\u00a0234,56 €", HTML: "<p>Chiffre d'affaires TTC : <strong>1\u00a0234,56 €</strong></p>"}
	if err := s.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(t, 1, 5*time.Second)[0]
	if got.From != "noreply@brigade.test" || len(got.To) != 1 || got.To[0] != "gerant@exemple.fr" {
		t.Fatalf("envelope %q → %q", got.From, got.To)
	}
	if got.Subject != msg.Subject {
		t.Fatalf("subject %q", got.Subject)
	}
	if got.ContentType != "multipart/alternative" || strings.TrimSpace(got.Text) != msg.Text || strings.TrimSpace(got.HTML) != msg.HTML {
		t.Fatalf("%s text %q html %q", got.ContentType, got.Text, got.HTML)
	}

	// Text only: a single text/plain part.
	if err := s.Send(context.Background(), mail.Message{To: "a@exemple.fr", Subject: "Réinitialisation", Text: "Bonjour"}); err != nil {
		t.Fatal(err)
	}
	got = srv.Wait(t, 2, 5*time.Second)[1]
	if got.ContentType != "text/plain" || strings.TrimSpace(got.Text) != "Bonjour" || got.HTML != "" {
		t.Fatalf("%s text %q html %q", got.ContentType, got.Text, got.HTML)
	}

	// A server refusing the mail is an error, not a silent loss.
	srv.SetRefuse(true)
	if err := s.Send(context.Background(), msg); err == nil {
		t.Fatal("a refused mail was reported sent")
	}
}

func TestOpenSMTPURL(t *testing.T) {
	if s, err := mail.Open(""); err != nil {
		t.Fatal(err)
	} else if _, ok := s.(mail.LogSender); !ok {
		t.Fatalf("empty URL: %T, want the log", s)
	}
	for raw, addr := range map[string]string{
		"smtp://user:secret@mail.exemple.fr?from=Brigade%20<noreply@exemple.fr>": "mail.exemple.fr:587",
		"smtp://mail.exemple.fr?tls=tls":                                         "mail.exemple.fr:465",
		"smtp://mail.exemple.fr:2525?tls=none":                                   "mail.exemple.fr:2525",
		"smtps://mail.exemple.fr":                                                "mail.exemple.fr:465",
	} {
		s, err := mail.ParseSMTP(raw)
		if err != nil || s.Address() != addr {
			t.Errorf("%s: %v %v, want %s", raw, s, err, addr)
		}
	}
	for _, raw := range []string{"http://mail.exemple.fr", "smtp://", "smtp://h?tls=ssl", "smtp://h:99999", "smtp://user:secret@h?from=pas-une-adresse"} {
		_, err := mail.ParseSMTP(raw)
		if err == nil {
			t.Errorf("%s accepted", raw)
		} else if strings.Contains(err.Error(), "secret") {
			t.Errorf("%s: the error repeats the password: %v", raw, err)
		}
	}
}
