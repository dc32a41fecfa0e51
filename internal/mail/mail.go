// Package mail sends Brigade's e-mails: password resets and scheduled
// summaries. Without a mail server configured (--smtp-url empty) mails go to
// the server log (LogSender); with one, through SMTP (github.com/wneessen/go-mail).
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Message is one mail to one recipient. Text is always sent; HTML, when
// set, is its richer alternative (multipart/alternative), the text part
// staying for mail readers without HTML.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
	// Headers are extra header fields (List-Unsubscribe of a marketing
	// mail), written as given.
	Headers map[string]string
}

// Sender sends mails.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// LogSender writes mails to the server log (no mail server configured).
type LogSender struct{ Log *slog.Logger }

// Send implements Sender.
func (s LogSender) Send(_ context.Context, m Message) error {
	l := s.Log
	if l == nil {
		l = slog.Default()
	}
	l.Info("mail (aucun serveur de mail configuré)", "to", m.To, "subject", m.Subject, "body", m.Text)
	return nil
}

// SMTP sends mails through an SMTP server.
type SMTP struct {
	host     string
	port     int
	user     string
	password string
	from     string
	tls      string // starttls, tls or none
	timeout  time.Duration
}

// DefaultFrom is the sender when the URL names none.
const DefaultFrom = "Brigade <noreply@brigade.invalid>"

// Open returns the sender configured by an --smtp-url: empty for the log,
// else smtp://[user:password@]host[:port][?from=…&tls=starttls|tls|none].
// tls defaults to starttls (port 587), tls is SMTP over TLS (port 465),
// none a plain connection (port 25): only for a server on a trusted network.
func Open(raw string) (Sender, error) {
	if strings.TrimSpace(raw) == "" {
		return LogSender{Log: slog.Default()}, nil
	}
	return ParseSMTP(raw)
}

// ParseSMTP reads an smtp:// URL (see Open); its errors are in French and
// never repeat the password.
func ParseSMTP(raw string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, errors.New("--smtp-url : adresse invalide (attendu smtp://utilisateur:motdepasse@hôte:port?from=…&tls=starttls|tls|none)")
	}
	q := u.Query()
	s := &SMTP{host: u.Hostname(), tls: strings.ToLower(q.Get("tls")), from: q.Get("from"), timeout: 30 * time.Second}
	if s.tls == "" {
		s.tls = "starttls"
		if u.Scheme == "smtps" {
			s.tls = "tls"
		}
	}
	switch s.tls {
	case "starttls":
		s.port = 587
	case "tls":
		s.port = 465
	case "none":
		s.port = 25
	default:
		return nil, fmt.Errorf("--smtp-url : tls=%s inconnu (starttls, tls ou none)", s.tls)
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 || n > 65535 {
			return nil, fmt.Errorf("--smtp-url : port %q invalide", p)
		}
		s.port = n
	}
	if u.User != nil {
		s.user = u.User.Username()
		s.password, _ = u.User.Password()
	}
	if s.from == "" {
		s.from = DefaultFrom
	}
	if _, err := mail.ParseAddress(s.from); err != nil {
		return nil, fmt.Errorf("--smtp-url : expéditeur from=%q invalide (ex. Brigade <noreply@exemple.fr>)", s.from)
	}
	return s, nil
}

// Address is host:port, for logs.
func (s *SMTP) Address() string { return s.host + ":" + strconv.Itoa(s.port) }

// Send implements Sender: one connection per mail (mails are rare).
func (s *SMTP) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("mail : expéditeur %q : %w", s.from, err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("mail : destinataire %q : %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	msg.SetMessageID()
	for k, v := range m.Headers {
		msg.SetGenHeaderPreformatted(gomail.Header(k), v)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	opts := []gomail.Option{gomail.WithPort(s.port), gomail.WithTimeout(s.timeout)}
	switch s.tls {
	case "tls":
		opts = append(opts, gomail.WithSSL())
	case "none":
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.user != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.user), gomail.WithPassword(s.password))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return fmt.Errorf("mail : %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail vers %s par %s : %w", m.To, s.Address(), err)
	}
	return nil
}
