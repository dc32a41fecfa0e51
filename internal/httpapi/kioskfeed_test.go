package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/deploy"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// feedHeaders are the headers a kiosk's menu answer carries, GET or HEAD.
var feedHeaders = []string{"ETag", "Cache-Control", "Vary", "Content-Type", "Content-Encoding", "Content-Length", "Last-Modified", "X-Menu-Version", "X-Content-Type-Options"}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// The kiosk feed is one ordinary route: ETag / 304, the gzip bytes of the
// generation or the identity, HEAD with the GET's headers and no body, a
// French 401 for a bad key.
func TestKioskFeedAnswersConditionalGzipAndHead(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		with := func(h map[string]string) map[string]string {
			out := map[string]string{"X-Device-Key": demo.KioskKey}
			for k, v := range h {
				out[k] = v
			}
			return out
		}

		full := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", "", nil, with(map[string]string{"Accept-Encoding": "gzip"}))
		etag := full.Header.Get("ETag")
		if full.Status != 200 || full.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(etag, `"`) || strings.HasPrefix(etag, "W/") ||
			full.Header.Get("X-Menu-Version") != "1" || full.Header.Get("Last-Modified") == "" || full.Header.Get("Vary") != "Accept-Encoding" ||
			full.Header.Get("Cache-Control") != "private, no-cache" || full.Header.Get("Content-Type") != "application/json" ||
			full.Header.Get("X-Content-Type-Options") != "nosniff" || full.Header.Get("Content-Length") != itoa(int64(len(full.Body))) {
			t.Fatalf("gzip menu: %d %v", full.Status, full.Header)
		}
		raw := gunzip(t, full.Body)
		if !json.Valid(raw) || !strings.Contains(string(raw), `"items"`) {
			t.Fatalf("gzip body is not the menu: %.200s", raw)
		}
		// Identity when gzip is not accepted (or refused with q=0): the
		// same document, byte for byte.
		for _, ae := range []string{"", "identity", "gzip;q=0", "br"} {
			plain := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil, map[string]string{"Accept-Encoding": ae})
			if plain.Status != 200 || !bytes.Equal(plain.Body, raw) || plain.Header.Get("Content-Encoding") != "" || plain.Header.Get("ETag") != etag ||
				plain.Header.Get("Vary") != "Accept-Encoding" {
				t.Fatalf("Accept-Encoding %q: %d %v (%d bytes, want %d)", ae, plain.Status, plain.Header, len(plain.Body), len(raw))
			}
		}

		// HEAD: the GET's headers, no body, for both encodings.
		for _, ae := range []string{"gzip", "identity"} {
			get := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", "", nil, with(map[string]string{"Accept-Encoding": ae}))
			head := srv.DoWith(t, http.MethodHead, "/kiosk/v1/menu", "", nil, with(map[string]string{"Accept-Encoding": ae}))
			if head.Status != 200 || len(head.Body) != 0 {
				t.Fatalf("HEAD %s: %d, %d bytes", ae, head.Status, len(head.Body))
			}
			for _, h := range feedHeaders {
				if head.Header.Get(h) != get.Header.Get(h) {
					t.Errorf("HEAD %s: %s %q, GET has %q", ae, h, head.Header.Get(h), get.Header.Get(h))
				}
			}
		}

		// The kiosk holds the menu: 304 with its validator, no body.
		for _, inm := range []string{etag, "W/" + etag, `"autre", ` + etag, "*"} {
			for _, method := range []string{http.MethodGet, http.MethodHead} {
				res := srv.DoWith(t, method, "/kiosk/v1/menu", "", nil, with(map[string]string{"If-None-Match": inm, "Accept-Encoding": "gzip"}))
				if res.Status != 304 || len(res.Body) != 0 || res.Header.Get("ETag") != etag || res.Header.Get("Cache-Control") != "private, no-cache" ||
					res.Header.Get("Vary") != "Accept-Encoding" || res.Header.Get("Content-Encoding") != "" {
					t.Fatalf("%s If-None-Match %s: %d %v", method, inm, res.Status, res.Header)
				}
			}
		}
		if res := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", "", nil, with(map[string]string{"If-None-Match": `"autre"`})); res.Status != 200 || !bytes.Equal(res.Body, raw) {
			t.Fatalf("another ETag: %d", res.Status)
		}

		// A bad or missing key: 401, in French, through the same route.
		for _, h := range []map[string]string{{"Authorization": "Bearer brg_dev_inconnue"}, {"X-Device-Key": "brg_dev_inconnue"}, {}} {
			res := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", "", nil, h)
			var p testutil.Problem
			res.JSON(t, &p)
			if res.Status != 401 || !strings.Contains(res.Header.Get("Content-Type"), "problem+json") || p.Detail != "Clé d'équipement invalide ou révoquée." || res.Header.Get("ETag") != "" {
				t.Fatalf("key %v: %d %s", h, res.Status, res.Body)
			}
		}
	})
}

// logLines records the access log (slog's default logger) while fn runs.
func logLines(t *testing.T, fn func()) []map[string]any {
	t.Helper()
	var mu sync.Mutex
	var buf bytes.Buffer
	before := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(lockedWriter{&mu, &buf}, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer slog.SetDefault(before)
	fn()
	mu.Lock()
	defer mu.Unlock()
	var out []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		var m map[string]any
		if json.Unmarshal(line, &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Every kiosk poll goes through the server's one path: the access log
// records its 304s (at debug level), its full answers and its refusals.
func TestKioskFeedPollsAreInTheAccessLog(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	first := srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil, nil)
	etag := first.Header.Get("ETag")
	if first.Status != 200 || etag == "" {
		t.Fatalf("menu: %d", first.Status)
	}
	lines := logLines(t, func() {
		for _, c := range []struct {
			method, key, inm string
			want             int
		}{{http.MethodGet, demo.KioskKey, etag, 304}, {http.MethodGet, demo.KioskKey, "", 200}, {http.MethodHead, demo.KioskKey, "", 200}, {http.MethodGet, "brg_dev_inconnue", etag, 401}} {
			if res := srv.DoWith(t, c.method, "/kiosk/v1/menu", c.key, nil, map[string]string{"If-None-Match": c.inm}); res.Status != c.want {
				t.Fatalf("%s %s: %d, want %d", c.method, c.key, res.Status, c.want)
			}
		}
	})
	var got []string
	for _, l := range lines {
		if l["path"] == "/kiosk/v1/menu" {
			got = append(got, l["method"].(string)+" "+itoa(int64(l["status"].(float64)))+" "+l["level"].(string))
		}
	}
	want := []string{"GET 304 DEBUG", "GET 200 DEBUG", "HEAD 200 DEBUG", "GET 401 INFO"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Fatalf("access log of the feed: %q, want %q", got, want)
	}
}

// A new deployment changes the ETag and the body at once; a kiosk only
// ever gets its own restaurant's menu, whatever ETag it sends.
func TestKioskFeedFollowsDeploymentsAndStaysInItsRestaurant(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		demoF := loadFixture(t, srv.DB, demo.FranchiseName)
		a := demoF.restaurants[0] // demo.KioskKey's restaurant
		keyB := demo.DeviceKey(demoF.sirets[1] + "-borne-1")
		otherF := loadFixture(t, srv.DB, "Le Comptoir Voisin")
		keyOther := equipmentKey(t, srv, otherF.equipments[0])
		poll := func(key, inm string) testutil.Response {
			return srv.DoWith(t, http.MethodGet, "/kiosk/v1/menu", key, nil, map[string]string{"If-None-Match": inm})
		}

		beforeA, beforeB := poll(demo.KioskKey, ""), poll(keyB, "")
		if beforeA.Status != 200 || beforeB.Status != 200 {
			t.Fatalf("menus: %d %d", beforeA.Status, beforeB.Status)
		}

		// A price of restaurant a only, then its generation.
		var prices []deploy.PricedElement
		srv.Do(t, http.MethodGet, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, nil).JSON(t, &prices)
		var body map[string]any
		for _, e := range prices {
			if e.Kind == deploy.KindProduct && len(e.Prices) > 0 && e.Prices[0].Size == 0 {
				l := e.Prices[0]
				body = map[string]any{"kind": "product", "idGlobal": e.IDGlobal, "tariff": l.Tariff, "typeOrder": l.TypeOrder, "size": 0, "priceCents": l.CarteCents + 170}
				break
			}
		}
		if body == nil {
			t.Fatal("no priced product in the demo carte")
		}
		if res := srv.Do(t, http.MethodPut, "/api/v1/deploy/restaurants/"+itoa(a)+"/prices", admin, body); res.Status != http.StatusNoContent {
			t.Fatalf("set price: %d %s", res.Status, res.Body)
		}
		var job jobAnswer
		res := srv.Do(t, http.MethodPost, "/api/v1/deploy/generations", admin, map[string]any{"restaurantIds": []int64{a}})
		res.JSON(t, &job)
		if res.Status != http.StatusAccepted {
			t.Fatalf("generation: %d %s", res.Status, res.Body)
		}
		if job = awaitJob[jobAnswer](t, srv, admin, job.ID); job.Status != "done" {
			t.Fatalf("generation: %+v", job)
		}

		// The very next poll with the old ETag gets the new menu (the
		// generation's event emptied the cache: no TTL to wait for).
		afterA := poll(demo.KioskKey, beforeA.Header.Get("ETag"))
		if afterA.Status != 200 || afterA.Header.Get("ETag") == beforeA.Header.Get("ETag") || bytes.Equal(afterA.Body, beforeA.Body) ||
			afterA.Header.Get("X-Menu-Version") != "2" {
			t.Fatalf("after the deployment: %d %v", afterA.Status, afterA.Header)
		}
		if res := poll(demo.KioskKey, afterA.Header.Get("ETag")); res.Status != 304 {
			t.Fatalf("the new ETag: %d", res.Status)
		}

		// Restaurant b kept its menu, and its kiosk never gets a's, even
		// when it sends a's ETag.
		if res := poll(keyB, beforeB.Header.Get("ETag")); res.Status != 304 {
			t.Fatalf("b's unchanged menu: %d", res.Status)
		}
		if res := poll(keyB, afterA.Header.Get("ETag")); res.Status != 200 || res.Header.Get("ETag") != beforeB.Header.Get("ETag") || !bytes.Equal(res.Body, beforeB.Body) {
			t.Fatalf("b's kiosk with a's ETag: %d %s", res.Status, res.Header.Get("ETag"))
		}
		// Another franchise's kiosk neither: its own menu, or none.
		res = poll(keyOther, afterA.Header.Get("ETag"))
		if res.Status == 304 || (res.Status == 200 && (res.Header.Get("ETag") == afterA.Header.Get("ETag") || bytes.Equal(res.Body, afterA.Body))) ||
			(res.Status != 200 && res.Status != 404) || strings.Contains(string(res.Body), demo.FranchiseName) {
			t.Fatalf("another franchise's kiosk: %d %s", res.Status, res.Header.Get("ETag"))
		}
	})
}

// A key stops working at once when its restaurant is archived (tenancy's
// cache of keys is emptied by the event), on the feed and on the other
// device routes; open event streams end with it.
func TestKioskFeedRefusesAnArchivedRestaurantsKeyAtOnce(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/menu", demo.KioskKey, nil); res.Status != 200 {
			t.Fatalf("menu: %d", res.Status)
		}
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
