package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/deploy/kioskclient"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

type availabilityScreen struct {
	RestaurantID int64     `json:"restaurantId"`
	Deployed     bool      `json:"deployed"`
	Today        string    `json:"today"`
	EndOfToday   time.Time `json:"endOfToday"`
	Elements     []struct {
		Kind     string `json:"kind"`
		IDGlobal string `json:"idGlobal"`
		Name     string `json:"name"`
		Group    string `json:"group"`
		SoldOut  *struct {
			Until time.Time `json:"until"`
		} `json:"soldOut"`
	} `json:"elements"`
	SoldOut []struct {
		IDGlobal  string    `json:"idGlobal"`
		Mode      string    `json:"mode"`
		UntilDate string    `json:"untilDate"`
		Until     time.Time `json:"until"`
		SetBy     string    `json:"setBy"`
	} `json:"soldOut"`
}

type kioskAvailabilityDoc struct {
	RestaurantID int64 `json:"restaurantId"`
	SoldOut      []struct {
		Kind     string    `json:"kind"`
		IDGlobal string    `json:"idGlobal"`
		Name     string    `json:"name"`
		Until    time.Time `json:"until"`
	} `json:"soldOut"`
	Hours map[string]struct {
		AlwaysOpen bool `json:"alwaysOpen"`
		Weekly     []struct {
			Day   int `json:"day"`
			Slots []struct{ Open, Close string }
		} `json:"weekly"`
		Exceptions []struct {
			Date   string `json:"date"`
			Label  string `json:"label"`
			Closed bool   `json:"closed"`
		} `json:"exceptions"`
	} `json:"hours"`
	Open map[string]struct {
		Open bool `json:"open"`
	} `json:"open"`
}

// availabilityEvent waits for the next `availability` event on a kiosk
// stream and returns the ETag it carries.
func availabilityEvent(t *testing.T, lines <-chan string) string {
	t.Helper()
	deadline := time.After(3 * time.Second)
	next := false
	for {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("stream closed before an availability event")
			}
			if l == "event: availability" {
				next = true
				continue
			}
			if next && strings.HasPrefix(l, "data: ") {
				etag := between(l, `"etag":"`, `"}`)
				return strings.ReplaceAll(etag, `\"`, `"`)
			}
		case <-deadline:
			t.Fatal("no availability event on the stream")
		}
	}
}

func between(s, from, to string) string {
	_, rest, _ := strings.Cut(s, from)
	out, _, _ := strings.Cut(rest, to)
	return out
}

// A restaurant's login marks a product sold out: its kiosks hear of it
// within the second on their stream (another restaurant's kiosk does not),
// the kiosk document lists it until the end of the restaurant's day, with
// a new strong ETag and 304 on the current one; the entry ends by itself
// when its time comes, or when put back on sale; both are in the history.
func TestSoldOutReachesTheRestaurantsKiosksOnly(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		f := loadFixture(t, srv.DB, demo.FranchiseName)
		partDieu := f.restaurants[1] // demo-resto's restaurant
		partDieuKey := demo.DeviceKey(f.sirets[1] + "-borne-1")
		resto := srv.SignIn(t, "demo-resto")
		admin := srv.SignIn(t, "demo-admin")
		base := "/api/v1/restaurants/" + itoa(partDieu) + "/availability"

		var screen availabilityScreen
		res := srv.Do(t, http.MethodGet, base, resto, nil)
		res.JSON(t, &screen)
		if res.Status != 200 || !screen.Deployed || len(screen.Elements) == 0 || len(screen.SoldOut) != 0 || screen.Today == "" {
			t.Fatalf("screen: %d %.300s", res.Status, res.Body)
		}
		product := screen.Elements[0]
		if product.Kind != "product" || product.Name == "" || product.Group == "" {
			t.Fatalf("first element: %+v", product)
		}

		kiosk := func(key, inm string) testutil.Response {
			return srv.DoWith(t, http.MethodGet, "/kiosk/v1/availability", key, nil, map[string]string{"If-None-Match": inm})
		}
		before := kiosk(partDieuKey, "")
		etag0 := before.Header.Get("ETag")
		if before.Status != 200 || !strings.HasPrefix(etag0, `"a-`) || strings.Contains(string(before.Body), product.IDGlobal) {
			t.Fatalf("kiosk document before: %d %q %.200s", before.Status, etag0, before.Body)
		}
		if again := kiosk(partDieuKey, ""); string(again.Body) != string(before.Body) || again.Header.Get("ETag") != etag0 {
			t.Fatal("the same state gave other bytes")
		}
		if res := kiosk(partDieuKey, etag0); res.Status != 304 || len(res.Body) != 0 {
			t.Fatalf("unchanged: %d", res.Status)
		}

		partDieuStream := sseLines(t, srv, "/kiosk/v1/events", map[string]string{"Authorization": "Bearer " + partDieuKey})
		bastilleStream := sseLines(t, srv, "/kiosk/v1/events", map[string]string{"Authorization": "Bearer " + demo.KioskKey})
		waitFor(t, partDieuStream, `"availability":"\"a-`)
		waitFor(t, bastilleStream, "event: ready")

		set := srv.Do(t, http.MethodPut, base+"/soldout", resto, map[string]string{"kind": "product", "idGlobal": product.IDGlobal, "mode": "today"})
		if set.Status != 200 {
			t.Fatalf("sold out: %d %s", set.Status, set.Body)
		}
		etag1 := availabilityEvent(t, partDieuStream)
		after := kiosk(partDieuKey, etag0)
		var doc kioskAvailabilityDoc
		after.JSON(t, &doc)
		if after.Status != 200 || after.Header.Get("ETag") != etag1 || etag1 == etag0 || len(doc.SoldOut) != 1 ||
			doc.SoldOut[0].IDGlobal != product.IDGlobal || doc.SoldOut[0].Name != product.Name || !doc.SoldOut[0].Until.Equal(screen.EndOfToday) {
			t.Fatalf("kiosk document after: %d %q (event %q) %s", after.Status, after.Header.Get("ETag"), etag1, after.Body)
		}
		if res := kiosk(partDieuKey, etag1); res.Status != 304 {
			t.Fatalf("after, unchanged: %d", res.Status)
		}
		// Bastille's kiosk neither lists it nor heard of it: the next
		// availability event on its stream is the one of its own change.
		if res := kiosk(demo.KioskKey, ""); strings.Contains(string(res.Body), product.IDGlobal) {
			t.Fatal("another restaurant's kiosk lists the sold-out product")
		}
		bastille := srv.Do(t, http.MethodGet, "/api/v1/restaurants/"+itoa(f.restaurants[0])+"/availability", admin, nil)
		var bs availabilityScreen
		bastille.JSON(t, &bs)
		if res := srv.Do(t, http.MethodPut, "/api/v1/restaurants/"+itoa(f.restaurants[0])+"/availability/soldout", admin,
			map[string]string{"kind": bs.Elements[1].Kind, "idGlobal": bs.Elements[1].IDGlobal, "mode": "today"}); res.Status != 200 {
			t.Fatalf("bastille sold out: %d %s", res.Status, res.Body)
		}
		bastilleETag := availabilityEvent(t, bastilleStream)
		if res := kiosk(demo.KioskKey, bastilleETag); res.Status != 304 {
			t.Fatalf("bastille's event named another document: %d", res.Status)
		}

		// The screen shows it sold out, with who did it.
		srv.Do(t, http.MethodGet, base, resto, nil).JSON(t, &screen)
		if len(screen.SoldOut) != 1 || screen.SoldOut[0].Mode != "today" || screen.SoldOut[0].SetBy == "" || screen.Elements[0].SoldOut == nil {
			t.Fatalf("screen after: %+v", screen.SoldOut)
		}

		// At the end of the restaurant's day it is back on sale by itself.
		srv.Services.Availability.SetClock(func() time.Time { return screen.EndOfToday.Add(time.Second) })
		var later kioskAvailabilityDoc
		expired := kiosk(partDieuKey, etag1)
		expired.JSON(t, &later)
		if expired.Status != 200 || len(later.SoldOut) != 0 {
			t.Fatalf("after its end: %d %s", expired.Status, expired.Body)
		}
		srv.Services.Availability.SetClock(time.Now)

		// Until a date, then back on sale by hand.
		tomorrow := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
		if res := srv.Do(t, http.MethodPut, base+"/soldout", resto, map[string]string{"kind": "product", "idGlobal": product.IDGlobal, "mode": "date", "date": tomorrow}); res.Status != 200 {
			t.Fatalf("until a date: %d %s", res.Status, res.Body)
		}
		etag2 := availabilityEvent(t, partDieuStream)
		if res := srv.DoWith(t, http.MethodDelete, base+"/soldout?kind=product&idGlobal="+product.IDGlobal, resto, nil, nil); res.Status != 204 {
			t.Fatalf("back on sale: %d %s", res.Status, res.Body)
		}
		etag3 := availabilityEvent(t, partDieuStream)
		cleared := kiosk(partDieuKey, etag2)
		if etag3 == etag2 || cleared.Status != 200 || cleared.Header.Get("ETag") != etag3 || strings.Contains(string(cleared.Body), product.IDGlobal) {
			t.Fatalf("after clearing: %d %s", cleared.Status, cleared.Body)
		}
		if etag3 != etag0 {
			t.Fatalf("the same state as at first gave another ETag: %s, first %s", etag3, etag0)
		}

		// Refused: an element not in the deployed menu, a past date.
		for _, c := range []struct {
			body  map[string]string
			field string
		}{
			{map[string]string{"kind": "product", "idGlobal": "inconnu", "mode": "today"}, "body.idGlobal"},
			{map[string]string{"kind": "product", "idGlobal": product.IDGlobal, "mode": "date", "date": "2001-01-01"}, "body.date"},
			{map[string]string{"kind": "product", "idGlobal": product.IDGlobal, "mode": "date", "date": "demain"}, "body.date"},
		} {
			res := srv.Do(t, http.MethodPut, base+"/soldout", resto, c.body)
			var p testutil.Problem
			res.JSON(t, &p)
			if res.Status != 422 || len(p.Errors) != 1 || p.Errors[0].Location != c.field {
				t.Fatalf("%v: %d %s", c.body, res.Status, res.Body)
			}
		}

		// In the history: sold out (Desactivation), its end moved while it
		// ran (Modification), back on sale (Activation), with the user and
		// restaurant.
		var n int
		if err := srv.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM history_entries WHERE module = 'Disponibilité' AND restaurant_id = ? AND user_name <> ''`,
			partDieu).Scan(&n); err != nil {
			t.Fatal(err)
		}
		var acts []string
		rows, err := srv.DB.Query(context.Background(), `SELECT action FROM history_entries WHERE module = 'Disponibilité' AND restaurant_id = ? ORDER BY id`, partDieu)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var a string
			_ = rows.Scan(&a)
			acts = append(acts, a)
		}
		rows.Close()
		if n != 3 || strings.Join(acts, ",") != "Desactivation,Modification,Activation" {
			t.Fatalf("history: %d entries %v", n, acts)
		}
	})
}

// A login of another franchise, or of another restaurant, can neither read
// nor change a restaurant's availability; a restaurant's own login marks
// sold-outs but does not change its hours.
func TestAvailabilityStaysInScope(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		f := loadFixture(t, srv.DB, demo.FranchiseName)
		bastille, partDieu := itoa(f.restaurants[0]), itoa(f.restaurants[1])
		other := srv.SignIn(t, "autre-admin")
		resto := srv.SignIn(t, "demo-resto")
		sold := map[string]string{"kind": "product", "idGlobal": "x", "mode": "today"}
		open := map[string]any{"alwaysOpen": true, "weekly": []any{}, "exceptions": []any{}}
		hours := map[string]any{"borne": open, "clickncollect": open, "caisse": open}
		for _, c := range []struct {
			token, method, path string
			body                any
			headers             map[string]string
			want                int
		}{
			{other, http.MethodGet, "/api/v1/restaurants/" + bastille + "/availability", nil, nil, 404},
			{other, http.MethodPut, "/api/v1/restaurants/" + bastille + "/availability/soldout", sold, nil, 404},
			{other, http.MethodDelete, "/api/v1/restaurants/" + bastille + "/availability/soldout?kind=product&idGlobal=x", nil, nil, 404},
			{other, http.MethodGet, "/api/v1/restaurants/" + bastille + "/hours", nil, nil, 404},
			{other, http.MethodPut, "/api/v1/restaurants/" + bastille + "/hours", hours, map[string]string{"If-Match": `"0"`}, 404},
			{resto, http.MethodGet, "/api/v1/restaurants/" + bastille + "/availability", nil, nil, 404},
			{resto, http.MethodPut, "/api/v1/restaurants/" + bastille + "/availability/soldout", sold, nil, 404},
			{resto, http.MethodGet, "/api/v1/restaurants/" + partDieu + "/hours", nil, nil, 200},
			{resto, http.MethodPut, "/api/v1/restaurants/" + partDieu + "/hours", hours, map[string]string{"If-Match": `"0"`}, 403},
		} {
			res := srv.DoWith(t, c.method, c.path, c.token, c.body, c.headers)
			if res.Status != c.want {
				t.Errorf("%s %s: %d %s, want %d", c.method, c.path, res.Status, res.Body, c.want)
			}
		}
	})
}

func weekOf(slots ...[]map[string]string) []map[string]any {
	out := []map[string]any{}
	for i, s := range slots {
		out = append(out, map[string]any{"day": i + 1, "slots": s})
	}
	return out
}

func slot(open, close string) map[string]string {
	return map[string]string{"open": open, "close": close}
}

// Hours: refused in French with the field at fault; saved with If-Match
// (a stale version is a 409), logged, and announced to the kiosks.
func TestOpeningHoursValidationAndVersions(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		f := loadFixture(t, srv.DB, demo.FranchiseName)
		path := "/api/v1/restaurants/" + itoa(f.restaurants[0]) + "/hours"
		admin := srv.SignIn(t, "demo-admin")
		lunch, dinner := slot("11:30", "14:30"), slot("18:30", "23:00")
		channel := func(week []map[string]any, exceptions ...map[string]any) map[string]any {
			if exceptions == nil {
				exceptions = []map[string]any{}
			}
			return map[string]any{"alwaysOpen": false, "weekly": week, "exceptions": exceptions}
		}
		open := map[string]any{"alwaysOpen": true, "weekly": []any{}, "exceptions": []any{}}
		doc := func(borne map[string]any) map[string]any {
			return map[string]any{"borne": borne, "clickncollect": open, "caisse": open}
		}

		for _, c := range []struct {
			name     string
			borne    map[string]any
			location string
			detail   string
		}{
			{"close before open", channel(weekOf([]map[string]string{slot("14:30", "11:30")})), "body.borne.weekly[0].slots[0].close", "L'heure de fermeture doit suivre l'heure d'ouverture : un créneau qui passe minuit se termine au plus tard à 06:00 le lendemain."},
			{"equal", channel(weekOf([]map[string]string{slot("11:30", "11:30")})), "body.borne.weekly[0].slots[0].close", "L'heure de fermeture doit suivre l'heure d'ouverture."},
			{"format", channel(weekOf([]map[string]string{slot("25:00", "26:00")})), "body.borne.weekly[0].slots[0].open", "L'heure d'ouverture « 25:00 » n'est pas au format HH:MM (lundi, bornes)."},
			{"overlap", channel(weekOf([]map[string]string{lunch, slot("14:00", "15:00")})), "body.borne.weekly[0].slots[1]", "Les créneaux 11:30–14:30 et 14:00–15:00 se chevauchent (lundi, bornes)."},
			{"past midnight into the next day", channel(weekOf([]map[string]string{slot("18:30", "02:00")}, []map[string]string{slot("01:00", "03:00")})), "body.borne.weekly[0].slots", "Le créneau 18:30–02:00 du lundi déborde sur le créneau 01:00–03:00 du mardi (bornes)."},
			{"exception without slots", channel(weekOf(), map[string]any{"date": "2030-12-25", "label": "Noël", "closed": false, "slots": []any{}}), "body.borne.exceptions[0].slots", "Indiquez les créneaux d'ouverture de ce jour, ou fermez-le toute la journée."},
			{"exception twice", channel(weekOf(), map[string]any{"date": "2030-12-25", "label": "Noël", "closed": true, "slots": []any{}}, map[string]any{"date": "2030-12-25", "label": "", "closed": true, "slots": []any{}}), "body.borne.exceptions[1].date", "Deux jours particuliers portent sur le 25/12/2030 (bornes)."},
		} {
			res := srv.DoWith(t, http.MethodPut, path, admin, doc(c.borne), map[string]string{"If-Match": `"0"`})
			var p testutil.Problem
			res.JSON(t, &p)
			if res.Status != 422 || p.Detail != c.detail || len(p.Errors) != 1 || p.Errors[0].Location != c.location {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}

		get := srv.Do(t, http.MethodGet, path, admin, nil)
		if get.Status != 200 || get.Header.Get("ETag") != `"0"` {
			t.Fatalf("defaults: %d %s", get.Status, get.Header.Get("ETag"))
		}
		lines := sseLines(t, srv, "/kiosk/v1/events", map[string]string{"Authorization": "Bearer " + demo.KioskKey})
		waitFor(t, lines, "event: ready")
		everyDay := [][]map[string]string{}
		for range 7 {
			everyDay = append(everyDay, []map[string]string{dinner, lunch}) // out of order: sorted on save
		}
		good := doc(channel(weekOf(everyDay...), map[string]any{"date": "2030-12-25", "label": " Noël ", "closed": true, "slots": []any{slot("10:00", "12:00")}}))
		if res := srv.Do(t, http.MethodPut, path, admin, good); res.Status != 422 || !strings.Contains(string(res.Body), "header.If-Match") {
			t.Fatalf("without If-Match: %d", res.Status)
		}
		saved := srv.DoWith(t, http.MethodPut, path, admin, good, map[string]string{"If-Match": `"0"`})
		if saved.Status != 200 || saved.Header.Get("ETag") != `"1"` || !strings.Contains(string(saved.Body), `"slots":[{"open":"11:30","close":"14:30"},{"open":"18:30","close":"23:00"}]`) ||
			!strings.Contains(string(saved.Body), `"label":"Noël","closed":true,"slots":[]`) {
			t.Fatalf("save: %d %s", saved.Status, saved.Body)
		}
		etag := availabilityEvent(t, lines)
		var k kioskAvailabilityDoc
		kres := srv.DoWith(t, http.MethodGet, "/kiosk/v1/availability", demo.KioskKey, nil, nil)
		kres.JSON(t, &k)
		if kres.Header.Get("ETag") != etag || k.Hours["borne"].AlwaysOpen || len(k.Hours["borne"].Weekly) != 7 || len(k.Hours["borne"].Weekly[2].Slots) != 2 ||
			len(k.Hours["borne"].Exceptions) != 1 || k.Hours["borne"].Exceptions[0].Label != "Noël" || !k.Hours["caisse"].AlwaysOpen || !k.Open["caisse"].Open {
			t.Fatalf("kiosk hours: %s", kres.Body)
		}
		// The Go kiosk client reads the same document, then a 304.
		c := kioskclient.New(srv.URL, demo.KioskKey)
		if a, err := c.Availability(context.Background()); err != nil || a.ETag != etag || string(a.JSON) != string(kres.Body) {
			t.Fatalf("kiosk client: %v %q", err, a.ETag)
		}
		if a, err := c.Availability(context.Background()); err != nil || !a.NotModified {
			t.Fatalf("kiosk client again: %v %+v", err, a.NotModified)
		}
		if res := srv.DoWith(t, http.MethodPut, path, admin, good, map[string]string{"If-Match": `"0"`}); res.Status != 409 {
			t.Fatalf("stale version: %d %s", res.Status, res.Body)
		}
		var n int
		if err := srv.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM history_entries WHERE module = 'Disponibilité' AND action = 'Modification' AND restaurant_id = ?`,
			f.restaurants[0]).Scan(&n); err != nil || n != 1 {
			t.Fatalf("history: %d %v", n, err)
		}
	})
}
