package httpapi_test

import (
	"bufio"
	"context"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// The fast feed answers plain kiosk menu requests on the connection itself,
// byte for byte as net/http would (but the Date); on the same connection,
// the first other request goes to net/http with nothing lost, and so does
// every request it must not answer (errors, unusual requests).
func TestFastFeedAnswersLikeNetHTTPAndHandsOver(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	host := strings.TrimPrefix(srv.URL, "http://")
	menuReq := func(extra string) string {
		return "GET /kiosk/v1/menu HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer " + demo.KioskKey + "\r\n" + extra + "\r\n"
	}
	// What net/http answers, straight from the handler.
	reference := func(headers map[string]string) *http.Response {
		req := httptest.NewRequest(http.MethodGet, "/kiosk/v1/menu", nil)
		req.Header.Set("Authorization", "Bearer "+demo.KioskKey)
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		srv.Handler.ServeHTTP(rec, req)
		return rec.Result()
	}
	same := func(what string, got, want *http.Response) []byte {
		t.Helper()
		gb, _ := io.ReadAll(got.Body)
		wb, _ := io.ReadAll(want.Body)
		g, w := got.Header.Clone(), want.Header.Clone()
		if g.Get("Date") == "" {
			t.Errorf("%s: no Date", what)
		}
		g.Del("Date")
		w.Del("Date")
		if got.StatusCode != want.StatusCode || !maps.EqualFunc(g, w, slices.Equal) || string(gb) != string(wb) {
			t.Fatalf("%s: fast %d %v (%d bytes), net/http %d %v (%d bytes)", what, got.StatusCode, g, len(gb), want.StatusCode, w, len(wb))
		}
		return gb
	}

	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	br := bufio.NewReader(conn)
	read := func() *http.Response {
		t.Helper()
		_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body = io.NopCloser(strings.NewReader(string(body)))
		return res
	}
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(conn, s); err != nil {
			t.Fatal(err)
		}
	}

	// 200 gzip, 200 plain and 304 (sent together: pipelined), all fast.
	send(menuReq("Accept-Encoding: gzip\r\n") + menuReq("") + menuReq(""))
	gz := read()
	same("gzip", gz, reference(map[string]string{"Accept-Encoding": "gzip"}))
	etag := gz.Header.Get("Etag")
	plain := read()
	body := same("plain", plain, reference(nil))
	if !strings.Contains(string(body), `"items"`) {
		t.Fatalf("menu: %.100s", body)
	}
	read()
	send(menuReq("If-None-Match: " + etag + "\r\nUser-Agent: borne\r\n"))
	same("304", read(), reference(map[string]string{"If-None-Match": etag}))
	if n := srv.Feed.Answered(); n != 4 {
		t.Fatalf("fast answers: %d, want 4", n)
	}
	if n := srv.Feed.HandedOff(); n != 0 {
		t.Fatalf("handed off: %d", n)
	}

	// Another route on the same connection: net/http answers it, and then
	// the menu too (the connection stays with net/http).
	send("GET /kiosk/v1/manifest HTTP/1.1\r\nHost: " + host + "\r\nX-Device-Key: " + demo.KioskKey + "\r\n\r\n")
	if res := read(); res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Content-Type"), "json") {
		t.Fatalf("manifest after the fast feed: %d", res.StatusCode)
	}
	send(menuReq("If-None-Match: " + etag + "\r\n"))
	same("304 by net/http", read(), reference(map[string]string{"If-None-Match": etag}))
	if srv.Feed.Answered() != 4 || srv.Feed.HandedOff() != 1 {
		t.Fatalf("answered %d, handed off %d", srv.Feed.Answered(), srv.Feed.HandedOff())
	}

	// What the fast feed does not answer, net/http does, on new connections.
	for _, c := range []struct {
		name, req string
		status    int
	}{
		{"unknown key", "GET /kiosk/v1/menu HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer brg_dev_inconnue\r\n\r\n", http.StatusUnauthorized},
		{"HEAD", strings.Replace(menuReq(""), "GET", "HEAD", 1), http.StatusMethodNotAllowed},
		{"HTTP/1.0", strings.Replace(menuReq(""), "HTTP/1.1", "HTTP/1.0", 1), http.StatusOK},
		{"no Host", "GET /kiosk/v1/menu HTTP/1.1\r\nAuthorization: Bearer " + demo.KioskKey + "\r\n\r\n", http.StatusBadRequest},
		{"long head", menuReq("X-Pad: " + strings.Repeat("a", 5000) + "\r\n"), http.StatusOK},
		{"body", menuReq("Content-Length: 2\r\n") + "{}", http.StatusOK},
	} {
		c2, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		before := srv.Feed.HandedOff()
		_, _ = io.WriteString(c2, c.req)
		_ = c2.SetReadDeadline(time.Now().Add(10 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(c2), &http.Request{Method: strings.Fields(c.req)[0]})
		c2.Close()
		if err != nil || res.StatusCode != c.status {
			t.Fatalf("%s: %v %v", c.name, res, err)
		}
		if c.status == http.StatusUnauthorized && !strings.Contains(res.Header.Get("Content-Type"), "problem+json") {
			t.Fatalf("%s: %v", c.name, res.Header)
		}
		if srv.Feed.HandedOff() != before+1 {
			t.Fatalf("%s: not handed to net/http", c.name)
		}
	}
	if srv.Feed.Answered() != 4 {
		t.Fatalf("answered %d", srv.Feed.Answered())
	}

	// Connection: close is answered and the connection closed.
	c3, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer c3.Close()
	_, _ = io.WriteString(c3, menuReq("Connection: close\r\nIf-None-Match: "+etag+"\r\n"))
	_ = c3.SetReadDeadline(time.Now().Add(10 * time.Second))
	all, err := io.ReadAll(c3)
	if err != nil || !strings.HasPrefix(string(all), "HTTP/1.1 304 Not Modified\r\n") || !strings.Contains(string(all), "\r\nConnection: close\r\n") {
		t.Fatalf("Connection: close: %q %v", all, err)
	}
}

// Closing the listener ends the connections waiting in the fast loop.
func TestFastFeedCloseEndsIdleConnections(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	feed := srv.Handler.FeedListener(context.Background(), ln, time.Minute, time.Minute)
	hs := &http.Server{Handler: srv.Handler}
	go func() { _ = hs.Serve(feed) }()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_, _ = io.WriteString(conn, "GET /kiosk/v1/menu HTTP/1.1\r\nHost: x\r\nX-Device-Key: "+demo.KioskKey+"\r\n\r\n")
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatal(res, err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if err := feed.Wait(ctx); err != nil {
		t.Fatalf("fast connections still open: %v", err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("idle connection not closed: %v", err)
	}
	if _, err := feed.Accept(); err == nil {
		t.Fatal("Accept after Close")
	}
}
