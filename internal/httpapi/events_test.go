package httpapi_test

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

// stream opens the browsers' SSE stream as the browser does (a fresh
// ticket, never the token in the URL) and sends its lines to a channel.
func stream(t *testing.T, srv *testutil.Server, token string) <-chan string {
	t.Helper()
	return sseLines(t, srv, "/api/v1/events?ticket="+streamTicket(t, srv, token), nil)
}

// streamTicket asks for a stream ticket with the bearer token.
func streamTicket(t *testing.T, srv *testutil.Server, token string) string {
	t.Helper()
	res := srv.Do(t, http.MethodPost, "/api/v1/events/ticket", token, nil)
	var out struct {
		Ticket    string
		ExpiresAt time.Time
	}
	res.JSON(t, &out)
	if res.Status != http.StatusOK || out.Ticket == "" || !out.ExpiresAt.After(time.Now()) {
		t.Fatalf("stream ticket: %d %s", res.Status, res.Body)
	}
	return out.Ticket
}

// sseLines opens an SSE stream (closed at the test's end) and sends its
// lines to a channel, closed with the stream.
func sseLines(t *testing.T, srv *testutil.Server, path string, headers map[string]string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	lines := make(chan string, 100)
	go func() {
		defer res.Body.Close()
		defer close(lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines
}

// waitFor reads lines until one contains want, or fails after a while.
func waitFor(t *testing.T, lines <-chan string, want string) {
	t.Helper()
	deadline := time.After(3 * time.Second)
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("stream closed before %q", want)
			}
			if strings.Contains(l, want) {
				return
			}
		case <-deadline:
			t.Fatalf("no %q on the stream", want)
		}
	}
}

func TestEventsStayInTheirFranchise(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		demoF := loadFixture(t, srv.DB, "Brigade Burger")
		otherF := loadFixture(t, srv.DB, "Le Comptoir Voisin")
		sa := srv.SignIn(t, "superadmin")

		mine := stream(t, srv, srv.SignIn(t, "demo-admin"))
		theirs := stream(t, srv, srv.SignIn(t, "autre-admin"))
		waitFor(t, mine, "event: ready")
		waitFor(t, theirs, "event: ready")
		waitFor(t, mine, ": ping") // heartbeats keep proxies from closing the stream

		srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(otherF.franchiseID)+"/block", sa, nil)
		waitFor(t, theirs, "event: franchise.blocked")
		srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(demoF.franchiseID)+"/block", sa, nil)
		// The demo admin's next event is its own franchise's, never the other's.
		deadline := time.After(3 * time.Second)
		for {
			select {
			case l := <-mine:
				if strings.HasPrefix(l, "data:") && strings.Contains(l, `"franchiseId":`+itoa(otherF.franchiseID)) {
					t.Fatalf("the demo franchise received the other franchise's event: %s", l)
				}
				if strings.HasPrefix(l, "data:") && strings.Contains(l, "franchise.blocked") {
					return
				}
			case <-deadline:
				t.Fatal("no event for the demo franchise")
			}
		}
	})
}

// The bearer token never travels in a URL: the stream opens with a
// single-use ticket (or the Authorization header), and refuses the old
// ?access_token=.
func TestEventsOpenWithATicketNeverATokenInTheURL(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		tok := srv.SignIn(t, "demo-admin")
		for _, q := range []string{"", "?access_token=" + tok, "?ticket=forged", "?ticket=" + tok} {
			res := srv.Do(t, http.MethodGet, "/api/v1/events"+q, "", nil)
			if res.Status != http.StatusUnauthorized {
				t.Errorf("events%s: %d", strings.Replace(q, tok, "<token>", 1), res.Status)
			}
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/events/ticket", "", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("a ticket without a session: %d", res.Status)
		}

		ticket := streamTicket(t, srv, tok)
		// A ticket opens the stream only: a data route ignores it.
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants?ticket="+ticket, "", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("ticket accepted on a data route: %d", res.Status)
		}
		lines := sseLines(t, srv, "/api/v1/events?ticket="+ticket, nil)
		waitFor(t, lines, "event: ready")
		// Used once: a reconnection asks for a new ticket.
		if res := srv.Do(t, http.MethodGet, "/api/v1/events?ticket="+ticket, "", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("ticket used twice: %d", res.Status)
		}
		waitFor(t, stream(t, srv, tok), "event: ready")
		// Scripts may still send the header.
		waitFor(t, sseLines(t, srv, "/api/v1/events", map[string]string{"Authorization": "Bearer " + tok}), "event: ready")
	})
}

func TestDeviceChangesAreAnnouncedToTheFranchise(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	demoF := loadFixture(t, srv.DB, "Brigade Burger")
	admin := srv.SignIn(t, "demo-admin")
	lines := stream(t, srv, admin)
	waitFor(t, lines, "event: ready")
	res := srv.Do(t, http.MethodPost, "/api/v1/restaurants/"+itoa(demoF.restaurants[0])+"/equipments", admin, map[string]string{"kind": "caisse", "name": "Caisse 9"})
	if res.Status != 201 {
		t.Fatalf("create: %d", res.Status)
	}
	waitFor(t, lines, `"restaurantId":`+itoa(demoF.restaurants[0]))
}

// Stopping the server ends the open streams at once (http.Server's
// Shutdown would otherwise wait for them until its deadline).
func TestEndStreamsClosesOpenStreams(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	lines := stream(t, srv, srv.SignIn(t, "demo-admin"))
	waitFor(t, lines, "ready")
	srv.Handler.EndStreams()
	srv.Handler.EndStreams() // twice is harmless
	deadline := time.After(3 * time.Second)
	for {
		select {
		case _, ok := <-lines:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("the stream is still open")
		}
	}
}
