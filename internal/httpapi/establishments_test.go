package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

type restaurantJSON struct {
	ID       int64  `json:"id"`
	Nom      string `json:"nom"`
	Siret    string `json:"siret"`
	TimeZone string `json:"timeZone"`
	Currency string `json:"currency"`
	Archived bool   `json:"archived"`
}

type equipmentJSON struct {
	ID         int64   `json:"id"`
	Kind       string  `json:"kind"`
	Name       string  `json:"name"`
	UserKeenID string  `json:"user_keen_id"`
	HasKey     bool    `json:"hasKey"`
	KeyHint    string  `json:"keyHint"`
	LastSeenAt *string `json:"lastSeenAt"`
}

func newRestaurant(siret, country string) map[string]any {
	return map[string]any{"nom": "Brest Siam", "pseudo": "siam", "siret": siret, "adresse": "1 rue de Siam", "ville": "Brest", "countryCode": country, "current_licence": "LIC-9"}
}

func TestRestaurantRegistrationNumbers(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		cases := []struct {
			siret, country string
			status         int
			detail         string
		}{
			{"73282932000074", "FR", 201, ""},
			{"732 829 320 00074", "FR", 422, "déjà utilisé"}, // spaces are ignored: same SIRET
			{"73282932000075", "FR", 422, "clé de contrôle est incorrecte"},
			{"7328293200007", "FR", 422, "14 chiffres"},
			{"7328293200007A", "FR", 422, "14 chiffres"},
			{"CHE-123.456.789", "CH", 201, ""},
			{"001525734000088", "MA", 201, ""},
			{"12", "MA", 422, "de 5 à 20"},
		}
		for _, c := range cases {
			res := srv.Do(t, http.MethodPost, "/api/v1/restaurants", admin, newRestaurant(c.siret, c.country))
			if res.Status != c.status || !strings.Contains(string(res.Body), c.detail) {
				t.Errorf("%s (%s): %d %s", c.siret, c.country, res.Status, res.Body)
			}
			if c.status == 422 && !strings.Contains(string(res.Body), `"location":"body.siret"`) {
				t.Errorf("%s: the error must name the field: %s", c.siret, res.Body)
			}
		}
		var x restaurantJSON
		srv.Do(t, http.MethodPost, "/api/v1/restaurants", admin, map[string]any{"nom": "Tahiti Papeete", "pseudo": "", "siret": "PF-12345", "adresse": "", "ville": "Papeete", "countryCode": "PF", "current_licence": ""}).JSON(t, &x)
		if x.TimeZone != "Pacific/Tahiti" || x.Currency != "XPF" {
			t.Errorf("the country gives the time zone and currency by default: %+v", x)
		}
	})
}

func TestOnlyAdminsManageRestaurantsAndDevices(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	var list struct {
		Items []restaurantJSON `json:"items"`
	}
	srv.Do(t, http.MethodGet, "/api/v1/restaurants", srv.SignIn(t, "demo-moderateur"), nil).JSON(t, &list)
	own := list.Items[0].ID
	var eqs struct {
		Items []equipmentJSON `json:"items"`
	}
	for _, login := range []string{"demo-moderateur", "demo-invite", "demo-resto"} {
		tok := srv.SignIn(t, login)
		srv.Do(t, http.MethodGet, "/api/v1/restaurants/"+itoa(own)+"/equipments", tok, nil).JSON(t, &eqs)
		writes := []struct {
			method, path string
			body         any
		}{
			{http.MethodPost, "/api/v1/restaurants", newRestaurant("73282932000074", "FR")},
			{http.MethodPut, "/api/v1/restaurants/" + itoa(own), newRestaurant("73282932000074", "FR")},
			{http.MethodPost, "/api/v1/restaurants/" + itoa(own) + "/archive", nil},
			{http.MethodPost, "/api/v1/restaurants/" + itoa(own) + "/equipments", map[string]string{"kind": "borne", "name": "Borne X"}},
			{http.MethodPost, "/api/v1/restaurants/" + itoa(own) + "/equipments/" + itoa(eqs.Items[0].ID) + "/key", nil},
			{http.MethodDelete, "/api/v1/restaurants/" + itoa(own) + "/equipments/" + itoa(eqs.Items[0].ID) + "/key", nil},
			{http.MethodPut, "/api/v1/franchise", map[string]string{"name": "Pirate", "countryCode": "FR", "currency": "EUR", "contactEmail": "", "contactPhone": "", "address": ""}},
		}
		for _, w := range writes {
			if res := srv.Do(t, w.method, w.path, tok, w.body); res.Status != http.StatusForbidden {
				t.Errorf("%s %s %s: %d", login, w.method, w.path, res.Status)
			}
		}
	}
	// The moderator reads its own restaurant and devices.
	mod := srv.SignIn(t, "demo-moderateur")
	if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants/"+itoa(own), mod, nil); res.Status != 200 {
		t.Fatalf("moderator reading its restaurant: %d", res.Status)
	}
	if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants/siret/"+list.Items[0].Siret+"/equipments", mod, nil); res.Status != 200 || !strings.Contains(string(res.Body), "Borne 1") {
		t.Fatalf("equipments by SIRET: %d %s", res.Status, res.Body)
	}
}

func TestDeviceKeysIssueRotateRevoke(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var x restaurantJSON
		if res := srv.Do(t, http.MethodPost, "/api/v1/restaurants", admin, newRestaurant("73282932000074", "FR")); res.Status != 201 {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		} else {
			res.JSON(t, &x)
		}
		var e equipmentJSON
		res := srv.Do(t, http.MethodPost, "/api/v1/restaurants/"+itoa(x.ID)+"/equipments", admin, map[string]string{"kind": "borne", "name": "Borne entrée"})
		res.JSON(t, &e)
		if res.Status != 201 || e.HasKey || !strings.HasPrefix(e.UserKeenID, x.Siret+"-borne-") {
			t.Fatalf("new kiosk: %d %+v", res.Status, e)
		}
		keyPath := "/api/v1/restaurants/" + itoa(x.ID) + "/equipments/" + itoa(e.ID) + "/key"
		var issued struct {
			Key       string        `json:"key"`
			Equipment equipmentJSON `json:"equipment"`
		}
		srv.Do(t, http.MethodPost, keyPath, admin, nil).JSON(t, &issued)
		if !strings.HasPrefix(issued.Key, "brg_dev_") || !issued.Equipment.HasKey || !strings.HasSuffix(issued.Key, issued.Equipment.KeyHint) {
			t.Fatalf("issued %+v", issued)
		}
		// The key is never shown again and is stored hashed.
		list := srv.Do(t, http.MethodGet, "/api/v1/restaurants/"+itoa(x.ID)+"/equipments", admin, nil)
		if strings.Contains(string(list.Body), issued.Key) {
			t.Fatal("the equipment list shows the key")
		}
		var stored int
		srv.DB.QueryRow(t.Context(), "SELECT COUNT(*) FROM equipments WHERE key_hash = ?", issued.Key).Scan(&stored)
		if stored != 0 {
			t.Fatal("the key is stored in clear")
		}

		who := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", issued.Key, nil)
		if who.Status != 200 || !strings.Contains(string(who.Body), "Borne entrée") || !strings.Contains(string(who.Body), `"lastSeenAt":"`) {
			t.Fatalf("device call: %d %s", who.Status, who.Body)
		}

		// Rotation: the old key stops working at once, the new one works.
		var rotated struct {
			Key string `json:"key"`
		}
		srv.Do(t, http.MethodPost, keyPath, admin, nil).JSON(t, &rotated)
		if rotated.Key == issued.Key {
			t.Fatal("rotation returned the same key")
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", issued.Key, nil); res.Status != 401 || !strings.Contains(string(res.Body), "révoquée") {
			t.Fatalf("old key after rotation: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", rotated.Key, nil); res.Status != 200 {
			t.Fatalf("new key: %d", res.Status)
		}

		// Revocation is immediate: keys are checked in the database on every
		// call, so every instance sharing it refuses the key at once.
		if res := srv.Do(t, http.MethodDelete, keyPath, admin, nil); res.Status != 200 || !strings.Contains(string(res.Body), `"hasKey":false`) {
			t.Fatalf("revoke: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", rotated.Key, nil); res.Status != 401 {
			t.Fatalf("revoked key accepted: %d", res.Status)
		}
		// A user token is not a device key.
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", admin, nil); res.Status != 401 {
			t.Fatalf("user token on a device route: %d", res.Status)
		}

		// The change history has the whole story.
		var h struct {
			Items []struct {
				Module string `json:"module"`
				Action string `json:"action"`
				Target string `json:"target"`
			} `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/history?pageSize=-1", admin, nil).JSON(t, &h)
		var got []string
		for _, e := range h.Items {
			if e.Module != "Cartes" && e.Module != "Parametres" && e.Module != "Deploiement" && e.Module != "Réductions" && e.Module != "Marques" { // the demo cartes, settings, deployment, discounts and brands have their own history
				got = append(got, e.Module+":"+e.Action)
			}
		}
		want := "Equipements:Suppression|Equipements:Modification|Equipements:Modification|Equipements:Ajout|Etablissements:Ajout"
		if strings.Join(got, "|") != want {
			t.Fatalf("history %v, want %s", got, want)
		}
		// Filtered on the restaurant, the same story without the other restaurants'.
		var per struct {
			Total int `json:"total"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/history?restaurantId="+itoa(x.ID), admin, nil).JSON(t, &per)
		if per.Total != 5 {
			t.Fatalf("history of the restaurant: %d entries, want 5", per.Total)
		}
		// Another franchise's history has none of it.
		other := srv.Do(t, http.MethodGet, "/api/v1/history?pageSize=-1", srv.SignIn(t, "autre-admin"), nil)
		if strings.Contains(string(other.Body), "Borne entrée") || strings.Contains(string(other.Body), "Brest Siam") || strings.Contains(string(other.Body), "Carte principale") {
			t.Fatalf("the other franchise sees this one's history: %.300s", other.Body)
		}
	})
}

func TestArchivedRestaurantKeepsDataButRefusesDevices(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var list struct {
			Items []restaurantJSON `json:"items"`
			Total int              `json:"total"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/restaurants?search=bastille", admin, nil).JSON(t, &list)
		if list.Total != 1 {
			t.Fatalf("search: %+v", list)
		}
		bastille := list.Items[0]
		key := demo.DeviceKey(bastille.Siret + "-borne-1")
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", key, nil); res.Status != 200 {
			t.Fatalf("demo device key: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/restaurants/"+itoa(bastille.ID)+"/archive", admin, nil); res.Status != 200 {
			t.Fatalf("archive: %d", res.Status)
		}
		srv.Do(t, http.MethodGet, "/api/v1/restaurants", admin, nil).JSON(t, &list)
		if list.Total != 11 {
			t.Fatalf("archived restaurants leave the default list: %d", list.Total)
		}
		srv.Do(t, http.MethodGet, "/api/v1/restaurants?includeArchived=true", admin, nil).JSON(t, &list)
		if list.Total != 12 {
			t.Fatalf("…and come back with includeArchived: %d", list.Total)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", key, nil); res.Status != 401 {
			t.Fatalf("device of an archived restaurant: %d", res.Status)
		}
		// Its devices and their ids are kept.
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants/"+itoa(bastille.ID)+"/equipments", admin, nil); res.Status != 200 || !strings.Contains(string(res.Body), bastille.Siret+"-borne-1") {
			t.Fatalf("devices of an archived restaurant: %d", res.Status)
		}
		srv.Do(t, http.MethodPost, "/api/v1/restaurants/"+itoa(bastille.ID)+"/restore", admin, nil)
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/whoami", key, nil); res.Status != 200 {
			t.Fatalf("after restore: %d", res.Status)
		}
	})
}

func TestFranchiseInformationAndLogo(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		body := map[string]string{"name": "Brigade Burger France", "countryCode": "FR", "currency": "EUR", "contactEmail": "contact@brigade-burger.fr", "contactPhone": "01 23 45 67 89", "address": "Paris"}
		if res := srv.Do(t, http.MethodPut, "/api/v1/franchise", admin, body); res.Status != 200 || !strings.Contains(string(res.Body), "Brigade Burger France") {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		body["contactEmail"] = "pas un email"
		if res := srv.Do(t, http.MethodPut, "/api/v1/franchise", admin, body); res.Status != 422 || !strings.Contains(string(res.Body), "body.contactEmail") {
			t.Fatalf("bad email: %d %s", res.Status, res.Body)
		}
		// A moderator of the same franchise sees the new name in its session.
		var me struct {
			FranchiseName string `json:"franchise_name"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/auth/me", srv.SignIn(t, "demo-moderateur"), nil).JSON(t, &me)
		if me.FranchiseName != "Brigade Burger France" {
			t.Fatalf("me after rename: %q", me.FranchiseName)
		}

		png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82"
		req, _ := http.NewRequest(http.MethodPut, srv.URL+"/api/v1/franchise/logo", strings.NewReader(png))
		req.Header.Set("Authorization", "Bearer "+admin)
		req.Header.Set("Content-Type", "image/png")
		res, err := srv.Client().Do(req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("logo upload: %v %d", err, res.StatusCode)
		}
		res.Body.Close()
		logo := srv.Do(t, http.MethodGet, "/api/v1/franchise/logo", admin, nil)
		if logo.Status != 200 || logo.Header.Get("Content-Type") != "image/png" || string(logo.Body) != png {
			t.Fatalf("logo download: %d %s", logo.Status, logo.Header.Get("Content-Type"))
		}
		// Another franchise has no logo: its own 404, never this one.
		if res := srv.Do(t, http.MethodGet, "/api/v1/franchise/logo", srv.SignIn(t, "autre-admin"), nil); res.Status != 404 {
			t.Fatalf("other franchise logo: %d", res.Status)
		}
		req, _ = http.NewRequest(http.MethodPut, srv.URL+"/api/v1/franchise/logo", strings.NewReader("<svg onload=alert(1)>"))
		req.Header.Set("Authorization", "Bearer "+admin)
		req.Header.Set("Content-Type", "image/png")
		res, _ = srv.Client().Do(req)
		if res.StatusCode != 422 {
			t.Fatalf("a non-image logo must be refused: %d", res.StatusCode)
		}
		res.Body.Close()
	})
}
