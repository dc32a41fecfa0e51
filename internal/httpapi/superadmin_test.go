package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

func signInWith(t *testing.T, srv *testutil.Server, login, password string) testutil.Response {
	t.Helper()
	return srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": login, "password": password})
}

// A super-admin opens a franchise with its owner and first restaurant in one
// call (all or nothing); only a super-admin may.
func TestSuperAdminOpensAFranchise(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		sa := srv.SignIn(t, "superadmin")
		body := map[string]any{"name": "Pizzeria Nova", "countryCode": "CH", "adminLogin": "nova-admin", "adminEmail": "patron@nova.example",
			"adminPassword": "nova-secret-1", "restaurant": map[string]any{"nom": "Nova Lausanne", "pseudo": "lausanne", "siret": "CHE-123.456.789",
				"adresse": "1 place de la Gare", "ville": "Lausanne", "countryCode": "CH", "current_licence": ""}}
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises", srv.SignIn(t, "demo-admin"), body); res.Status != 403 {
			t.Fatalf("an owner opened a franchise: %d", res.Status)
		}
		// A taken login refuses the whole: no franchise is left behind.
		taken := map[string]any{}
		for k, v := range body {
			taken[k] = v
		}
		taken["adminLogin"] = "demo-admin"
		res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises", sa, taken)
		if res.Status != 422 || !strings.Contains(string(res.Body), "body.adminLogin") {
			t.Fatalf("taken login: %d %s", res.Status, res.Body)
		}
		var list struct {
			Items []struct {
				Name     string `json:"name"`
				Currency string `json:"currency"`
				ClosedAt string `json:"closedAt"`
				Count    int    `json:"restaurantCount"`
			} `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/admin/franchises", sa, nil).JSON(t, &list)
		for _, f := range list.Items {
			if f.Name == "Pizzeria Nova" {
				t.Fatal("a refused opening left its franchise")
			}
		}
		res = srv.Do(t, http.MethodPost, "/api/v1/admin/franchises", sa, body)
		if res.Status != 201 {
			t.Fatalf("open: %d %s", res.Status, res.Body)
		}
		// The owner signs in and sees the restaurant; the currency is the country's.
		res = signInWith(t, srv, "nova-admin", "nova-secret-1")
		if res.Status != 200 {
			t.Fatalf("owner sign-in: %d %s", res.Status, res.Body)
		}
		var cu struct {
			AccessToken string `json:"accessToken"`
		}
		res.JSON(t, &cu)
		restos := srv.Do(t, http.MethodGet, "/api/v1/restaurants", cu.AccessToken, nil)
		if !strings.Contains(string(restos.Body), "Nova Lausanne") || strings.Contains(string(restos.Body), "Paris Bastille") {
			t.Fatalf("the new owner's restaurants: %s", restos.Body)
		}
		srv.Do(t, http.MethodGet, "/api/v1/admin/franchises", sa, nil).JSON(t, &list)
		found := false
		for _, f := range list.Items {
			if f.Name == "Pizzeria Nova" {
				found = f.Currency == "CHF" && f.Count == 1 && f.ClosedAt == ""
			}
		}
		if !found {
			t.Fatalf("the list after opening: %+v", list.Items)
		}
	})
}

// Closing a franchise refuses its logins (at sign-in and on the next call
// of an open session) and its equipment keys; a super-admin session still
// reads its data; reopening lets everyone back.
func TestSuperAdminClosesAFranchise(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		sa := srv.SignIn(t, "superadmin")
		owner := srv.SignIn(t, "autre-admin")
		kiosk := deviceKeyOf(t, srv.DB, "Comptoir Montmartre", "borne")
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", kiosk, nil); res.Status != 200 {
			t.Fatalf("kiosk before closing: %d", res.Status)
		}
		var id int64
		if err := srv.DB.QueryRow(t.Context(), `SELECT id FROM franchises WHERE name = ?`, demo.OtherFranchiseName).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(id)+"/close", owner, nil); res.Status != 403 {
			t.Fatalf("an owner closed a franchise: %d", res.Status)
		}
		res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(id)+"/close", sa, nil)
		if res.Status != 200 || !strings.Contains(string(res.Body), `"closedAt"`) {
			t.Fatalf("close: %d %s", res.Status, res.Body)
		}
		const closed = "Cette franchise est fermée : la connexion est refusée. Contactez le support Brigade."
		if res := signInWith(t, srv, "autre-admin", demo.Password); res.Status != 403 || !strings.Contains(string(res.Body), closed) {
			t.Fatalf("sign-in of a closed franchise: %d %s", res.Status, res.Body)
		}
		// A wrong password still says only that the credentials are wrong.
		if res := signInWith(t, srv, "autre-admin", "pas-le-bon"); res.Status != 401 {
			t.Fatalf("wrong password, closed franchise: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/franchise", owner, nil); res.Status != 403 || !strings.Contains(string(res.Body), closed) {
			t.Fatalf("open session after closing: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", kiosk, nil); res.Status != 401 {
			t.Fatalf("kiosk after closing: %d", res.Status)
		}
		// The other franchises go on.
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", demo.KioskKey, nil); res.Status != 200 {
			t.Fatalf("another franchise's kiosk: %d", res.Status)
		}
		// The data are kept: a super-admin session of the franchise reads them.
		var session struct {
			AccessToken string `json:"accessToken"`
		}
		res = srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(id)+"/impersonate", sa, nil)
		if res.Status != 200 {
			t.Fatalf("impersonate a closed franchise: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &session)
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", session.AccessToken, nil); res.Status != 200 || !strings.Contains(string(res.Body), "Comptoir Montmartre") {
			t.Fatalf("a super-admin reads a closed franchise: %d %s", res.Status, res.Body)
		}
		// Closing is in the franchise's history; reopening lets everyone back.
		var n int
		if err := srv.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM history_entries WHERE franchise_id = ? AND action = 'Desactivation'`, id).Scan(&n); err != nil || n != 1 {
			t.Fatalf("history: %d %v", n, err)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(id)+"/reopen", sa, nil); res.Status != 200 || strings.Contains(string(res.Body), `"closedAt"`) {
			t.Fatalf("reopen: %d %s", res.Status, res.Body)
		}
		if res := signInWith(t, srv, "autre-admin", demo.Password); res.Status != 200 {
			t.Fatalf("sign-in after reopening: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", kiosk, nil); res.Status != 200 {
			t.Fatalf("kiosk after reopening: %d", res.Status)
		}
	})
}

// The super-admin's notices screen lists every notice, whatever its roles;
// no one else may.
func TestSuperAdminListsEveryNotice(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		sa := srv.SignIn(t, "superadmin")
		res := srv.Do(t, http.MethodPost, "/api/v1/admin/notices", sa, map[string]any{"title": "Pour les restaurants", "date": "2026-11-27", "roles": []string{"restaurant"}})
		if res.Status != 201 {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var all []struct {
			Title string `json:"title"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/admin/notices", sa, nil).JSON(t, &all)
		if len(all) < 3 || all[0].Title != "Pour les restaurants" {
			t.Fatalf("every notice, newest first: %+v", all)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/admin/notices", srv.SignIn(t, "demo-admin"), nil); res.Status != 403 {
			t.Fatalf("an owner listed the notices: %d", res.Status)
		}
	})
}
