package testutil

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// SMTPServer is a real SMTP server on loopback (github.com/emersion/go-smtp)
// that keeps the mails it receives, for tests of the mail sender.
type SMTPServer struct {
	// URL is the --smtp-url reaching it (plain connection, no password).
	URL string

	mu       sync.Mutex
	received []Received
	arrived  chan struct{}
	// Refuse, when set, makes the server refuse every mail (a mail
	// server in trouble).
	Refuse bool
}

// Received is one mail as the server received it.
type Received struct {
	From    string
	To      []string
	Data    []byte
	Subject string // decoded
	Text    string // the text/plain part, decoded
	HTML    string // the text/html part, decoded ("" without one)
	// ContentType is the message's top-level media type
	// (multipart/alternative for a mail with both parts).
	ContentType string
}

// StartSMTP starts the server; it stops with the test.
func StartSMTP(t testing.TB) *SMTPServer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &SMTPServer{arrived: make(chan struct{}, 1000)}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &smtpSession{srv: s}, nil }))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	s.URL = "smtp://" + l.Addr().String() + "?tls=none&from=" + strings.ReplaceAll("Brigade <noreply@brigade.test>", " ", "%20")
	return s
}

// Mails are the mails received so far.
func (s *SMTPServer) Mails() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.received...)
}

// Wait waits until n mails have arrived (or the timeout) and returns them.
func (s *SMTPServer) Wait(t testing.TB, n int, timeout time.Duration) []Received {
	t.Helper()
	deadline := time.After(timeout)
	for {
		if got := s.Mails(); len(got) >= n {
			return got
		}
		select {
		case <-s.arrived:
		case <-deadline:
			t.Fatalf("SMTP : %d mails reçus, %d attendus", len(s.Mails()), n)
		}
	}
}

type smtpSession struct {
	srv  *SMTPServer
	from string
	to   []string
}

func (x *smtpSession) Reset()        { x.from, x.to = "", nil }
func (x *smtpSession) Logout() error { return nil }
func (x *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	x.from = from
	return nil
}
func (x *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}
func (x *smtpSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.srv.mu.Lock()
	refuse := x.srv.Refuse
	x.srv.mu.Unlock()
	if refuse {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	rec := parseMail(Received{From: x.from, To: append([]string(nil), x.to...), Data: data})
	x.srv.mu.Lock()
	x.srv.received = append(x.srv.received, rec)
	x.srv.mu.Unlock()
	x.srv.arrived <- struct{}{}
	return nil
}

// SetRefuse makes the server refuse (or accept again) every mail.
func (s *SMTPServer) SetRefuse(v bool) {
	s.mu.Lock()
	s.Refuse = v
	s.mu.Unlock()
}

func parseMail(r Received) Received {
	m, err := mail.ReadMessage(bytes.NewReader(r.Data))
	if err != nil {
		return r
	}
	dec := new(mime.WordDecoder)
	r.Subject, _ = dec.DecodeHeader(m.Header.Get("Subject"))
	mt, params, _ := mime.ParseMediaType(m.Header.Get("Content-Type"))
	r.ContentType = mt
	body := func(h interface{ Get(string) string }, rd io.Reader) string {
		if strings.EqualFold(h.Get("Content-Transfer-Encoding"), "quoted-printable") {
			rd = quotedprintable.NewReader(rd)
		}
		b, _ := io.ReadAll(rd)
		return string(b)
	}
	if !strings.HasPrefix(mt, "multipart/") {
		r.Text = body(m.Header, m.Body)
		return r
	}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err != nil {
			break
		}
		pt, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		// multipart.Part decodes quoted-printable itself.
		b, _ := io.ReadAll(p)
		switch pt {
		case "text/plain":
			r.Text = string(b)
		case "text/html":
			r.HTML = string(b)
		}
	}
	return r
}
