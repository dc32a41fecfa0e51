package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"brigade/internal/marketplace"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

type mpTill struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

type mpModule struct {
	ID          int64          `json:"id_module"`
	Kind        string         `json:"kind"`
	Name        string         `json:"module_name"`
	Category    string         `json:"category"`
	Status      bool           `json:"status"`
	SelectedPOS []mpTill       `json:"selected_pos"`
	Settings    map[string]any `json:"settings"`
	Configured  bool           `json:"configured"`
	Version     int            `json:"version"`
}

type mpRestaurant struct {
	ID      int64      `json:"id"`
	Nom     string     `json:"nom"`
	Siret   string     `json:"siret"`
	Modules []mpModule `json:"modules"`
	Tills   []mpTill   `json:"tills"`
}

func restaurantIDByName(t *testing.T, db *store.DB, nom string) int64 {
	t.Helper()
	var id int64
	if err := db.QueryRow(context.Background(), "SELECT id FROM restaurants WHERE nom = ?", nom).Scan(&id); err != nil {
		t.Fatalf("restaurant %s: %v", nom, err)
	}
	return id
}

func equipmentIDOf(t *testing.T, db *store.DB, restaurantID int64, kind string, n int) int64 {
	t.Helper()
	var id int64
	if err := db.QueryRow(context.Background(), "SELECT id FROM equipments WHERE restaurant_id = ? AND kind = ? ORDER BY id LIMIT 1 OFFSET ?",
		restaurantID, kind, n).Scan(&id); err != nil {
		t.Fatalf("equipment %s %d of %d: %v", kind, n, restaurantID, err)
	}
	return id
}

func listMarketplace(t *testing.T, srv *testutil.Server, token string, restaurantID int64) (int, []mpRestaurant) {
	t.Helper()
	res := srv.Do(t, http.MethodGet, "/api/v1/marketplace?restaurantId="+itoa(restaurantID), token, nil)
	var out struct {
		Restaurants []mpRestaurant `json:"restaurants"`
	}
	if res.Status == http.StatusOK {
		res.JSON(t, &out)
	}
	return res.Status, out.Restaurants
}

func moduleURL(restaurantID int64, kind, rest string) string {
	return "/api/v1/restaurants/" + itoa(restaurantID) + "/marketplace/" + kind + rest
}

func wantProblem(t *testing.T, res testutil.Response, status int, detail, location string) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d: %s", res.Status, status, res.Body)
	}
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Errorf("content type %q", ct)
	}
	var p testutil.Problem
	res.JSON(t, &p)
	if !strings.Contains(p.Detail, detail) {
		t.Errorf("detail %q, want %q", p.Detail, detail)
	}
	if location != "" && (len(p.Errors) == 0 || p.Errors[0].Location != location) {
		t.Errorf("errors %+v, want location %s", p.Errors, location)
	}
}

func marketplaceHistory(t *testing.T, db *store.DB, restaurantID int64) []string {
	t.Helper()
	rows, err := db.Query(context.Background(), "SELECT action FROM history_entries WHERE module = 'Marketplace' AND restaurant_id = ? ORDER BY id", restaurantID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

func TestMarketplaceDefaultsOnFirstVisit(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		bastille := restaurantIDByName(t, srv.DB, "Paris Bastille")

		status, list := listMarketplace(t, srv, admin, bastille)
		if status != http.StatusOK || len(list) != 1 {
			t.Fatalf("first visit: %d %+v", status, list)
		}
		r := list[0]
		if r.ID != bastille || r.Siret == "" || len(r.Tills) == 0 {
			t.Fatalf("restaurant %+v", r)
		}
		var kinds []string
		for _, m := range r.Modules {
			kinds = append(kinds, m.Kind+"/"+m.Category)
			if m.Status || len(m.SelectedPOS) != 0 || m.Configured {
				t.Errorf("default module %s is not off and unconfigured: %+v", m.Kind, m)
			}
		}
		if got := strings.Join(kinds, ","); got != "uber_eats/Commandes,deliveroo/Commandes,connector/Other,connector_light/Other" {
			t.Fatalf("default modules %s", got)
		}
		for _, till := range r.Tills {
			if !strings.HasPrefix(till.Name, "Caisse") {
				t.Errorf("a kiosk offered as a till: %+v", till)
			}
		}

		// A second visit creates nothing more; nor do visits of other roles.
		listMarketplace(t, srv, admin, bastille)
		listMarketplace(t, srv, srv.SignIn(t, "demo-moderateur"), bastille)
		var n int
		if err := srv.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM marketplace_modules WHERE restaurant_id = ?", bastille).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 4 {
			t.Fatalf("%d modules after three visits, want 4", n)
		}
		if h := marketplaceHistory(t, srv.DB, bastille); len(h) != 0 {
			t.Errorf("reading logged %v", h)
		}

		// All restaurants (admins): every restaurant of the franchise, each with its defaults.
		status, all := listMarketplace(t, srv, admin, 0)
		if status != http.StatusOK || len(all) != 12 {
			t.Fatalf("all restaurants: %d, %d restaurants", status, len(all))
		}
		for _, x := range all {
			if len(x.Modules) != 4 {
				t.Errorf("%s has %d modules", x.Nom, len(x.Modules))
			}
		}

		// Click & Collect is added on demand, once.
		res := srv.Do(t, http.MethodPost, moduleURL(bastille, "click_and_collect", ""), admin, nil)
		if res.Status != http.StatusCreated {
			t.Fatalf("add click & collect: %d %s", res.Status, res.Body)
		}
		wantProblem(t, srv.Do(t, http.MethodPost, moduleURL(bastille, "click_and_collect", ""), admin, nil), http.StatusConflict, "déjà ce module", "")
		if _, list = listMarketplace(t, srv, admin, bastille); len(list[0].Modules) != 5 || list[0].Modules[4].Kind != "click_and_collect" {
			t.Fatalf("after adding click & collect: %+v", list[0].Modules)
		}
	})
}

func TestMarketplaceRequiredFields(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		bastille := restaurantIDByName(t, srv.DB, "Paris Bastille")
		for _, c := range []struct {
			kind     string
			settings map[string]any
			detail   string
			location string
		}{
			{"uber_eats", map[string]any{"uber_rate": 5, "ring_new_command": true}, "Le Store ID est obligatoire.", "body.settings.store_id"},
			{"uber_eats", map[string]any{"store_id": "   "}, "Le Store ID est obligatoire.", "body.settings.store_id"},
			{"deliveroo", map[string]any{"auto_accept_commands": true}, "Le Location ID est obligatoire.", "body.settings.location_id"},
			{"connector", map[string]any{}, "Le Location ID est obligatoire.", "body.settings.location_id"},
			{"connector_light", map[string]any{"location_id": ""}, "Le Location ID est obligatoire.", "body.settings.location_id"},
		} {
			res := srv.Do(t, http.MethodPut, moduleURL(bastille, c.kind, "/settings"), admin, map[string]any{"settings": c.settings})
			wantProblem(t, res, http.StatusUnprocessableEntity, c.detail, c.location)
		}
		// A negative rate is refused by the schema, in French.
		res := srv.Do(t, http.MethodPut, moduleURL(bastille, "uber_eats", "/settings"), admin, map[string]any{"settings": map[string]any{"store_id": "S1", "uber_rate": -1}})
		wantProblem(t, res, http.StatusUnprocessableEntity, "invalides", "body.settings.uber_rate")
		// An unconfigured module cannot be switched on: it is to configure.
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "deliveroo", "/status"), admin, map[string]any{"status": true})
		wantProblem(t, res, http.StatusUnprocessableEntity, "Veuillez configurer le module Deliveroo avant de l'activer : Le Location ID est obligatoire.", "body.status")
		// Nothing was saved, nothing logged.
		_, list := listMarketplace(t, srv, admin, bastille)
		for _, m := range list[0].Modules {
			if m.Status || m.Version != 1 {
				t.Errorf("refused saves changed %s: %+v", m.Kind, m)
			}
		}
		if h := marketplaceHistory(t, srv.DB, bastille); len(h) != 0 {
			t.Errorf("refused saves logged %v", h)
		}
		// Connectors keep their location id and are switched on by their switch.
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "connector", "/settings"), admin, map[string]any{"settings": map[string]any{"location_id": " LOC-9 ", "store_id": "ignoré"}})
		var m mpModule
		res.JSON(t, &m)
		if res.Status != http.StatusOK || m.Status || m.Settings["location_id"] != "LOC-9" || m.Settings["store_id"] != nil || !m.Configured {
			t.Fatalf("connector settings: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "connector", "/status"), admin, map[string]any{"status": true, "version": m.Version})
		if res.JSON(t, &m); res.Status != http.StatusOK || !m.Status {
			t.Fatalf("connector on: %d %s", res.Status, res.Body)
		}
		// A stale version is a conflict.
		wantProblem(t, srv.Do(t, http.MethodPut, moduleURL(bastille, "connector", "/status"), admin, map[string]any{"status": false, "version": 1}),
			http.StatusConflict, "modifiée entre-temps", "")
		if got := strings.Join(marketplaceHistory(t, srv.DB, bastille), ","); got != "Modification,Activation" {
			t.Errorf("history %s", got)
		}
	})
}

func TestMarketplaceAssignmentExclusion(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		bastille := restaurantIDByName(t, srv.DB, "Paris Bastille")
		lyon := restaurantIDByName(t, srv.DB, "Lyon Part-Dieu")
		till := equipmentIDOf(t, srv.DB, bastille, "caisse", 0)
		kiosk := equipmentIDOf(t, srv.DB, bastille, "borne", 0)
		lyonTill := equipmentIDOf(t, srv.DB, lyon, "caisse", 0)

		uber := map[string]any{"store_id": "UBER-42", "uber_rate": 7.5, "uber_developer": false, "ring_new_command": true, "product_search_by_name": true}
		res := srv.Do(t, http.MethodPut, moduleURL(bastille, "uber_eats", "/settings"), admin, map[string]any{"settings": uber, "selected_pos": []int64{till}})
		var m mpModule
		res.JSON(t, &m)
		if res.Status != http.StatusOK || !m.Status || !m.Configured || len(m.SelectedPOS) != 1 || m.SelectedPOS[0].ID != till ||
			m.Settings["store_id"] != "UBER-42" || m.Settings["uber_rate"] != 7.5 || m.Settings["product_search_by_name"] != true {
			t.Fatalf("saving a delivery platform switches it on and assigns it: %d %s", res.Status, res.Body)
		}
		if got := strings.Join(marketplaceHistory(t, srv.DB, bastille), ","); got != "Modification,Activation" {
			t.Errorf("history %s", got)
		}

		// The same till again for the same module: refused, naming the field.
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "uber_eats", "/settings"), admin, map[string]any{"settings": uber, "selected_pos": []int64{till}})
		wantProblem(t, res, http.StatusUnprocessableEntity, "est déjà assignée au module Uber Eats.", "body.selected_pos[0]")
		// Twice in one request: refused too.
		other := equipmentIDOf(t, srv.DB, bastille, "caisse", 1)
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "deliveroo", "/settings"), admin, map[string]any{"settings": map[string]any{"location_id": "D-1"}, "selected_pos": []int64{other, other}})
		wantProblem(t, res, http.StatusUnprocessableEntity, "est déjà assignée au module Deliveroo.", "body.selected_pos[1]")
		// A kiosk, or another restaurant's till: refused.
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "deliveroo", "/settings"), admin, map[string]any{"settings": map[string]any{"location_id": "D-1"}, "selected_pos": []int64{kiosk}})
		wantProblem(t, res, http.StatusUnprocessableEntity, "n'est pas une caisse", "body.selected_pos[0]")
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "deliveroo", "/settings"), admin, map[string]any{"settings": map[string]any{"location_id": "D-1"}, "selected_pos": []int64{lyonTill}})
		wantProblem(t, res, http.StatusUnprocessableEntity, "n'appartient pas à ce restaurant", "body.selected_pos[0]")
		// Tills are for delivery platforms only.
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "connector", "/settings"), admin, map[string]any{"settings": map[string]any{"location_id": "C-1"}, "selected_pos": []int64{till}})
		wantProblem(t, res, http.StatusUnprocessableEntity, "ne s'installe pas sur les caisses", "body.selected_pos")

		// The exclusion is per module: the same till runs the other platform.
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "deliveroo", "/settings"), admin, map[string]any{"settings": map[string]any{"location_id": "D-1", "auto_accept_commands": true}, "selected_pos": []int64{till}})
		if res.JSON(t, &m); res.Status != http.StatusOK || !m.Status || len(m.SelectedPOS) != 1 || m.Settings["auto_accept_commands"] != true {
			t.Fatalf("the other platform on the same till: %d %s", res.Status, res.Body)
		}

		// Saving again without new tills keeps the assignment.
		uber["store_id"] = "UBER-43"
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "uber_eats", "/settings"), admin, map[string]any{"settings": uber})
		if res.JSON(t, &m); res.Status != http.StatusOK || len(m.SelectedPOS) != 1 || m.Settings["store_id"] != "UBER-43" {
			t.Fatalf("settings only: %d %s", res.Status, res.Body)
		}

		// Taken off the till, the module can be assigned to it again.
		res = srv.Do(t, http.MethodDelete, moduleURL(bastille, "uber_eats", "/pos/"+itoa(till)), admin, nil)
		if res.JSON(t, &m); res.Status != http.StatusOK || len(m.SelectedPOS) != 0 || m.Configured {
			t.Fatalf("unassign: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodDelete, moduleURL(bastille, "uber_eats", "/pos/"+itoa(lyonTill)), admin, nil); res.Status != http.StatusNotFound {
			t.Errorf("unassign another restaurant's till: %d", res.Status)
		}
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "uber_eats", "/settings"), admin, map[string]any{"settings": uber, "selected_pos": []int64{till}})
		if res.Status != http.StatusOK {
			t.Fatalf("assign again: %d %s", res.Status, res.Body)
		}

		// Switched off: logged as Desactivation; the listing shows it all.
		res = srv.Do(t, http.MethodPut, moduleURL(bastille, "uber_eats", "/status"), admin, map[string]any{"status": false})
		if res.JSON(t, &m); res.Status != http.StatusOK || m.Status {
			t.Fatalf("off: %d %s", res.Status, res.Body)
		}
		_, list := listMarketplace(t, srv, admin, bastille)
		byKind := map[string]mpModule{}
		for _, x := range list[0].Modules {
			byKind[x.Kind] = x
		}
		if u, d := byKind["uber_eats"], byKind["deliveroo"]; u.Status || len(u.SelectedPOS) != 1 || !d.Status || len(d.SelectedPOS) != 1 {
			t.Errorf("listing after the changes: uber %+v, deliveroo %+v", u, d)
		}
		want := "Modification,Activation,Modification,Activation,Modification,Modification,Modification,Desactivation"
		if got := strings.Join(marketplaceHistory(t, srv.DB, bastille), ","); got != want {
			t.Errorf("history %s, want %s", got, want)
		}
		var module string
		if err := srv.DB.QueryRow(context.Background(), "SELECT details FROM history_entries WHERE module = 'Marketplace' AND action = 'Desactivation'").Scan(&module); err != nil || !strings.Contains(module, "Uber Eats") {
			t.Errorf("history details %q: %v", module, err)
		}
	})
}

func TestMarketplaceRoles(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		bastille := restaurantIDByName(t, srv.DB, "Paris Bastille")
		lyon := restaurantIDByName(t, srv.DB, "Lyon Part-Dieu")
		nice := restaurantIDByName(t, srv.DB, "Nice Masséna")
		connector := func(token string, restaurantID int64) testutil.Response {
			return srv.Do(t, http.MethodPut, moduleURL(restaurantID, "connector", "/settings"), token, map[string]any{"settings": map[string]any{"location_id": "L-1"}})
		}

		// Moderator: their own restaurant only.
		mod := srv.SignIn(t, "demo-moderateur")
		if status, list := listMarketplace(t, srv, mod, 0); status != http.StatusOK || len(list) != 1 || list[0].ID != bastille {
			t.Errorf("moderator's restaurants: %d %+v", status, list)
		}
		if status, _ := listMarketplace(t, srv, mod, lyon); status != http.StatusNotFound {
			t.Errorf("moderator reads another restaurant: %d", status)
		}
		if res := connector(mod, bastille); res.Status != http.StatusOK {
			t.Errorf("moderator configures their restaurant: %d %s", res.Status, res.Body)
		}
		wantProblem(t, connector(mod, lyon), http.StatusNotFound, "La ressource demandée est introuvable.", "")

		// Guest: their allowed list.
		guest := srv.SignIn(t, "demo-invite")
		status, list := listMarketplace(t, srv, guest, 0)
		var names []string
		for _, x := range list {
			names = append(names, x.Nom)
		}
		if status != http.StatusOK || strings.Join(names, "|") != "Casablanca Maarif|Lyon Part-Dieu|Marseille Vieux-Port|Paris Bastille" {
			t.Errorf("guest's restaurants: %d %v", status, names)
		}
		if res := connector(guest, lyon); res.Status != http.StatusOK {
			t.Errorf("guest configures an allowed restaurant: %d %s", res.Status, res.Body)
		}
		wantProblem(t, connector(guest, nice), http.StatusNotFound, "La ressource demandée est introuvable.", "")
		if status, _ := listMarketplace(t, srv, guest, nice); status != http.StatusNotFound {
			t.Errorf("guest reads a restaurant outside the list: %d", status)
		}

		// Restaurant login: reads its own restaurant, changes nothing.
		resto := srv.SignIn(t, "demo-resto")
		if status, list := listMarketplace(t, srv, resto, lyon); status != http.StatusOK || len(list) != 1 {
			t.Errorf("restaurant login reads its restaurant: %d", status)
		}
		wantProblem(t, connector(resto, lyon), http.StatusForbidden, "droits", "")
		wantProblem(t, srv.Do(t, http.MethodPut, moduleURL(lyon, "connector", "/status"), resto, map[string]any{"status": false}), http.StatusForbidden, "droits", "")

		// Admin: every restaurant of the franchise.
		admin := srv.SignIn(t, "demo-admin")
		if res := connector(admin, nice); res.Status != http.StatusOK {
			t.Errorf("admin configures any restaurant: %d %s", res.Status, res.Body)
		}

		// Another franchise's admin: the restaurant does not exist.
		other := srv.SignIn(t, "autre-admin")
		if status, _ := listMarketplace(t, srv, other, bastille); status != http.StatusNotFound {
			t.Errorf("other franchise reads: %d", status)
		}
		wantProblem(t, connector(other, bastille), http.StatusNotFound, "La ressource demandée est introuvable.", "")
		wantProblem(t, srv.Do(t, http.MethodPut, moduleURL(bastille, "connector", "/status"), other, map[string]any{"status": false}), http.StatusNotFound, "introuvable", "")
		if res := srv.Do(t, http.MethodGet, "/api/v1/marketplace?restaurantId=0", other, nil); strings.Contains(string(res.Body), "Paris Bastille") {
			t.Errorf("all restaurants of another franchise leak: %.200s", res.Body)
		}

		// Each change was logged against who made it.
		var n int
		if err := srv.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM history_entries WHERE module = 'Marketplace' AND action = 'Modification' AND user_type <> ''").Scan(&n); err != nil || n != 3 {
			t.Errorf("%d Modification entries (%v), want 3", n, err)
		}
	})
}

// Click & collect settings (configclickandcollect): slots, capacity,
// preparation and fees are checked in French, kept in the module, and read
// by the restaurant's devices with defaults where nothing was saved.
func TestClickAndCollectSettings(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		bastille := restaurantIDByName(t, srv.DB, "Paris Bastille")
		kiosk := deviceKeyOf(t, srv.DB, "Paris Bastille", "borne")
		var got marketplace.ClickAndCollectSettings
		srv.Do(t, http.MethodGet, "/kiosk/v1/clickandcollect", kiosk, nil).JSON(t, &got)
		if got.Active || got.SlotMinutes != 15 || got.SlotCapacity != 10 || got.PreparationMinutes != 20 || got.Currency != "EUR" {
			t.Fatalf("before the module: %+v", got)
		}
		if res := srv.Do(t, http.MethodPost, moduleURL(bastille, "click_and_collect", ""), admin, nil); res.Status != http.StatusCreated {
			t.Fatalf("add: %d %s", res.Status, res.Body)
		}
		for _, c := range []struct {
			settings map[string]any
			detail   string
			location string
		}{
			{map[string]any{"slot_minutes": 7}, "La durée d'un créneau doit diviser la journée", "body.settings.slot_minutes"},
			{map[string]any{"slot_minutes": 3}, "Un créneau dure de 5 à 120 minutes.", "body.settings.slot_minutes"},
		} {
			wantProblem(t, srv.Do(t, http.MethodPut, moduleURL(bastille, "click_and_collect", "/settings"), admin, map[string]any{"settings": c.settings}),
				http.StatusUnprocessableEntity, c.detail, c.location)
		}
		res := srv.Do(t, http.MethodPut, moduleURL(bastille, "click_and_collect", "/settings"), admin, map[string]any{"settings": map[string]any{
			"slot_minutes": 30, "slot_capacity": 6, "preparation_minutes": 25, "min_order_cents": 1200, "service_fee_cents": 50, "auto_accept_commands": true}})
		if res.Status != 200 {
			t.Fatalf("configure: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodPut, moduleURL(bastille, "click_and_collect", "/status"), admin, map[string]any{"status": true}); res.Status != 200 {
			t.Fatalf("switch on: %d %s", res.Status, res.Body)
		}
		srv.Do(t, http.MethodGet, "/kiosk/v1/clickandcollect", kiosk, nil).JSON(t, &got)
		want := marketplace.ClickAndCollectSettings{Active: true, AutoAccept: true, SlotMinutes: 30, SlotCapacity: 6, PreparationMinutes: 25,
			MinOrderCents: 1200, ServiceFeeCents: 50, Currency: "EUR"}
		if got != want {
			t.Fatalf("after configuring: %+v, want %+v", got, want)
		}
		// Another restaurant's devices keep theirs.
		srv.Do(t, http.MethodGet, "/kiosk/v1/clickandcollect", deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "borne"), nil).JSON(t, &got)
		if got.Active || got.SlotMinutes != 15 {
			t.Fatalf("Lyon: %+v", got)
		}
	})
}
