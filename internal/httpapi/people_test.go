package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

func TestAdminManagesTheFranchiseLogins(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var restos struct {
			Items []struct{ ID int64 } `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/restaurants", admin, nil).JSON(t, &restos)
		var others struct {
			Items []struct{ ID int64 } `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/restaurants", srv.SignIn(t, "autre-admin"), nil).JSON(t, &others)

		// A guest with two restaurants; another franchise's restaurant is refused.
		body := map[string]any{"login": "Chef.Compta", "password": "compta2026", "nom": "Martin", "prenom": "Léa", "email": "lea@example.fr",
			"role": "guest", "restaurants": []int64{restos.Items[0].ID, others.Items[0].ID}}
		if res := srv.Do(t, http.MethodPost, "/api/v1/people", admin, body); res.Status != 422 || !strings.Contains(string(res.Body), "n'appartient pas à la franchise") {
			t.Fatalf("foreign restaurant: %d %s", res.Status, res.Body)
		}
		body["restaurants"] = []int64{restos.Items[0].ID, restos.Items[1].ID}
		res := srv.Do(t, http.MethodPost, "/api/v1/people", admin, body)
		var p struct {
			ID          int64
			Login       string
			Restaurants []int64
			Blocked     bool
		}
		res.JSON(t, &p)
		if res.Status != 201 || p.Login != "chef.compta" || len(p.Restaurants) != 2 {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		guest := func() int {
			return srv.Do(t, http.MethodPost, "/api/v1/auth/signinGuest", "", map[string]string{"login": "chef.compta", "password": "compta2026"}).Status
		}
		if got := guest(); got != 200 {
			t.Fatalf("the new guest cannot sign in: %d", got)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/people", admin, body); res.Status != 422 || !strings.Contains(string(res.Body), "déjà utilisé") {
			t.Fatalf("same login twice: %d %s", res.Status, res.Body)
		}

		// Blocked, the login cannot sign in; unblocked and given a new password, it can.
		if res := srv.Do(t, http.MethodPost, "/api/v1/people/"+itoa(p.ID)+"/block", admin, nil); res.Status != 200 || !strings.Contains(string(res.Body), `"blocked":true`) {
			t.Fatalf("block: %d %s", res.Status, res.Body)
		}
		if got := guest(); got == 200 {
			t.Fatal("a blocked login signed in")
		}
		srv.Do(t, http.MethodPost, "/api/v1/people/"+itoa(p.ID)+"/unblock", admin, nil)
		if res := srv.Do(t, http.MethodPut, "/api/v1/people/"+itoa(p.ID)+"/password", admin, map[string]string{"password": "court"}); res.Status != 422 {
			t.Fatalf("short password: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPut, "/api/v1/people/"+itoa(p.ID)+"/password", admin, map[string]string{"password": "nouveau2026"}); res.Status != 204 {
			t.Fatalf("reset: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/auth/signinGuest", "", map[string]string{"login": "chef.compta", "password": "nouveau2026"}); res.Status != 200 {
			t.Fatalf("new password: %d", res.Status)
		}

		// Made a moderator of one restaurant; the change is logged.
		res = srv.Do(t, http.MethodPut, "/api/v1/people/"+itoa(p.ID), admin, map[string]any{"nom": "Martin", "role": "moderator", "restaurantId": restos.Items[2].ID})
		if res.Status != 200 || !strings.Contains(string(res.Body), `"role":"moderator"`) {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		hist := srv.Do(t, http.MethodGet, "/api/v1/history?module=Utilisateurs&pageSize=-1", admin, nil)
		for _, want := range []string{"Ajout", "Desactivation", "Activation", "mot de passe", `"moderator"`} {
			if !strings.Contains(string(hist.Body), want) {
				t.Errorf("history lacks %s: %.400s", want, hist.Body)
			}
		}
		// Only the admin manages logins; the admin itself is not in the list.
		if res := srv.Do(t, http.MethodGet, "/api/v1/people", srv.SignIn(t, "demo-moderateur"), nil); res.Status != http.StatusForbidden {
			t.Fatalf("moderator: %d", res.Status)
		}
		list := srv.Do(t, http.MethodGet, "/api/v1/people", admin, nil)
		if strings.Contains(string(list.Body), `"demo-admin"`) || !strings.Contains(string(list.Body), `"demo-moderateur"`) {
			t.Fatalf("list: %.300s", list.Body)
		}
	})
}
