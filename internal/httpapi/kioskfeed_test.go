package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// The kiosk feed is served straight from the router with the device-key
// cache: same answers as the documented route, and a key stops working at
// once when its restaurant is archived (the cache is emptied by the event).
func TestKioskFeedFastPathAndDeviceCache(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")

		full := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", "", nil, map[string]string{"X-Device-Key": demo.KioskKey, "Accept-Encoding": "gzip"})
		etag := full.Header.Get("ETag")
		if full.Status != 200 || full.Header.Get("Content-Encoding") != "gzip" || etag == "" || full.Header.Get("X-Menu-Version") == "" ||
			full.Header.Get("Last-Modified") == "" || full.Header.Get("Vary") != "Accept-Encoding" || full.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("gzip menu: %d %v", full.Status, full.Header)
		}
		zr, err := gzip.NewReader(bytes.NewReader(full.Body))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil || !strings.Contains(string(raw), `"items"`) {
			t.Fatalf("gzip body: %v", err)
		}
		plain := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil, map[string]string{"Accept-Encoding": "identity"})
		if plain.Status != 200 || !bytes.Equal(plain.Body, raw) || plain.Header.Get("Content-Encoding") != "" || plain.Header.Get("ETag") != etag {
			t.Fatalf("plain menu: %d %v", plain.Status, plain.Header)
		}
		for _, inm := range []string{etag, "W/" + etag, `"autre", ` + etag, "*"} {
			if res := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil, map[string]string{"If-None-Match": inm}); res.Status != 304 || len(res.Body) != 0 || res.Header.Get("ETag") != etag {
				t.Fatalf("If-None-Match %s: %d", inm, res.Status)
			}
		}
		if res := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil, map[string]string{"If-None-Match": `"autre"`}); res.Status != 200 {
			t.Fatalf("other etag: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/menu", "brg_dev_inconnue", nil); res.Status != 401 || !strings.Contains(res.Header.Get("Content-Type"), "problem+json") {
			t.Fatalf("unknown key: %d %s", res.Status, res.Body)
		}

		// Archiving the kiosk's restaurant refuses its key at once, on the
		// feed and on the other device routes; restoring it lets it back.
		var who struct {
			Restaurant struct {
				ID int64 `json:"id"`
			} `json:"restaurant"`
		}
		srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", demo.KioskKey, nil).JSON(t, &who)
		// An open event stream ends with its key, and one of another kiosk
		// of the franchise stays open.
		kioskStream := func(key string) <-chan string {
			lines := sseLines(t, srv, "/kiosk/v1/events", map[string]string{"Authorization": "Bearer " + key})
			waitFor(t, lines, "event: ready")
			return lines
		}
		opened := time.Now()
		archived := kioskStream(demo.KioskKey)
		other := kioskStream(demo.DeviceKey(loadFixture(t, srv.DB, demo.FranchiseName).sirets[1] + "-borne-1"))
		if res := srv.Do(t, http.MethodPost, "/api/v1/restaurants/"+itoa(who.Restaurant.ID)+"/archive", admin, nil); res.Status != 200 {
			t.Fatalf("archive: %d %s", res.Status, res.Body)
		}
		for _, path := range []string{"/kiosk/v1/menu", "/kiosk/v1/whoami"} {
			if res := srv.Do(t, http.MethodGet, path, demo.KioskKey, nil); res.Status != 401 {
				t.Fatalf("%s after archiving: %d", path, res.Status)
			}
		}
		for ended := time.After(3 * time.Second); archived != nil; {
			select {
			case _, ok := <-archived:
				if !ok {
					archived = nil
				}
			case <-ended:
				t.Fatal("the archived kiosk's event stream is still open")
			}
		}
		if time.Since(opened) >= 5*time.Second { // testutil's stream lifetime
			t.Fatal("the stream ended by its lifetime, not with its key")
		}
		// The other kiosk's stream is still open: heartbeats keep coming.
		for drained := false; !drained; {
			select {
			case _, ok := <-other:
				if !ok {
					t.Fatal("another kiosk's stream ended")
				}
			default:
				drained = true
			}
		}
		waitFor(t, other, ": ping")
		if res := srv.Do(t, http.MethodPost, "/api/v1/restaurants/"+itoa(who.Restaurant.ID)+"/restore", admin, nil); res.Status != 200 {
			t.Fatalf("restore: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil); res.Status != 200 {
			t.Fatalf("after restoring: %d", res.Status)
		}
	})
}
