package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

type catalogueJSON struct {
	Campaigns []campaignJSON `json:"campaigns"`
	Items     []struct {
		CampaignID int64  `json:"campaignId"`
		IDGlobal   string `json:"idGlobal"`
		Name       string `json:"name"`
		Category   string `json:"category"`
		CategoryID string `json:"categoryIdGlobal"`
		Prices     []struct {
			Tariff    int     `json:"tariff"`
			TypeOrder int     `json:"typeOrder"`
			Price     float64 `json:"price"`
		} `json:"prices"`
		Flags map[string]bool `json:"flags"`
	} `json:"items"`
}

func priceOf(c catalogueJSON, idGlobal string, tariff, typeOrder int) float64 {
	for _, it := range c.Items {
		if it.IDGlobal == idGlobal {
			for _, p := range it.Prices {
				if p.Tariff == tariff && p.TypeOrder == typeOrder {
					return p.Price
				}
			}
		}
	}
	return -1
}

func TestMesProduitsBulkEditsPricesAndFlags(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var cat catalogueJSON
		srv.Do(t, http.MethodGet, "/api/v1/products", admin, nil).JSON(t, &cat)
		if len(cat.Campaigns) != 2 || len(cat.Items) < 90 {
			t.Fatalf("catalogue: %d cartes, %d products", len(cat.Campaigns), len(cat.Items))
		}
		// Each row names its category's idGlobal: the discount editor's category picker lists them.
		for _, it := range cat.Items {
			if it.IDGlobal == "main-prod-1" && it.CategoryID != "main-cat-1" {
				t.Fatalf("Le Classique's category idGlobal: %q", it.CategoryID)
			}
			if it.CategoryID == "" {
				t.Fatalf("%s has no category idGlobal", it.IDGlobal)
			}
		}
		main := cat.Campaigns[0]
		if main.Nom != "Carte principale" {
			main = cat.Campaigns[1]
		}
		// Le Classique 9,90 sur place, 11,40 en livraison.
		if got := priceOf(cat, "main-prod-1", 1, 1); got != 9.9 {
			t.Fatalf("Le Classique sur place: %v", got)
		}
		target := func(version int, ids ...string) []map[string]any {
			return []map[string]any{{"campaignId": main.ID, "version": version, "idGlobals": ids}}
		}

		// +10 % on tariff 1, Sur Place and En Livraison, for two burgers: rounded to the cent.
		res := srv.Do(t, http.MethodPost, "/api/v1/products/bulk", admin, map[string]any{"targets": target(main.Version, "main-prod-1", "main-prod-2"),
			"price": map[string]any{"mode": "percent", "value": "10", "tariffs": []int{1}, "orderTypes": []int{1, 3}}})
		var out struct {
			Campaigns []struct {
				CampaignID       int64
				Version, Changed int
			} `json:"campaigns"`
		}
		res.JSON(t, &out)
		if res.Status != 200 || len(out.Campaigns) != 1 || out.Campaigns[0].Changed != 2 || out.Campaigns[0].Version != main.Version+1 {
			t.Fatalf("percent: %d %s", res.Status, res.Body)
		}
		srv.Do(t, http.MethodGet, "/api/v1/products", admin, nil).JSON(t, &cat)
		if a, b, c := priceOf(cat, "main-prod-1", 1, 1), priceOf(cat, "main-prod-1", 1, 3), priceOf(cat, "main-prod-1", 1, 2); a != 10.89 || b != 12.54 || c != 9.9 {
			t.Fatalf("after +10 %%: sur place %v (want 10.89), livraison %v (want 12.54), emporter untouched %v", a, b, c)
		}

		// The old version is stale now: nothing is saved.
		res = srv.Do(t, http.MethodPost, "/api/v1/products/bulk", admin, map[string]any{"targets": target(main.Version, "main-prod-1"), "flags": map[string]bool{"sold_out": true}})
		if res.Status != http.StatusConflict {
			t.Fatalf("stale: %d %s", res.Status, res.Body)
		}
		v := main.Version + 1

		// A change that would make a price negative is refused with the spec's message; nothing moves.
		res = srv.Do(t, http.MethodPost, "/api/v1/products/bulk", admin, map[string]any{"targets": target(v, "main-prod-1"),
			"price": map[string]any{"mode": "add", "value": "-20", "tariffs": []int{1}, "orderTypes": []int{1}}})
		if res.Status != 422 || !strings.Contains(string(res.Body), "La valeur du prix -9.11 dans le tarif 1 pour Sur Place du produit Le Classique n'est pas valide") {
			t.Fatalf("negative: %d %s", res.Status, res.Body)
		}
		// Set (comma accepted) creates the Drive price; flags are set; history tells it.
		res = srv.Do(t, http.MethodPost, "/api/v1/products/bulk", admin, map[string]any{"targets": target(v, "main-prod-1"),
			"price": map[string]any{"mode": "set", "value": "8,50", "tariffs": []int{1}, "orderTypes": []int{5}}, "flags": map[string]bool{"sold_out": true, "hidden_borne": true}})
		if res.Status != 200 {
			t.Fatalf("set: %d %s", res.Status, res.Body)
		}
		srv.Do(t, http.MethodGet, "/api/v1/products", admin, nil).JSON(t, &cat)
		for _, it := range cat.Items {
			if it.IDGlobal == "main-prod-1" && (!it.Flags["sold_out"] || !it.Flags["hidden_borne"] || it.Flags["hidden"]) {
				t.Fatalf("flags: %v", it.Flags)
			}
		}
		if got := priceOf(cat, "main-prod-1", 1, 5); got != 8.5 {
			t.Fatalf("drive: %v", got)
		}
		hist := srv.Do(t, http.MethodGet, "/api/v1/history?module=Cartes&action=Modification&pageSize=5", admin, nil)
		if !strings.Contains(string(hist.Body), "Le Classique") || !strings.Contains(string(hist.Body), "sold_out") {
			t.Fatalf("history: %s", hist.Body)
		}

		// Unknown flags and bad modes are refused; moderators cannot edit.
		if res := srv.Do(t, http.MethodPost, "/api/v1/products/bulk", admin, map[string]any{"targets": target(v+1, "main-prod-1"), "flags": map[string]bool{"removed": true}}); res.Status != 422 {
			t.Fatalf("unknown flag: %d %s", res.Status, res.Body)
		}
		mod := srv.SignIn(t, "demo-moderateur")
		if res := srv.Do(t, http.MethodPost, "/api/v1/products/bulk", mod, map[string]any{"targets": target(v+1, "main-prod-1"), "flags": map[string]bool{"hidden": true}}); res.Status != http.StatusForbidden {
			t.Fatalf("moderator: %d %s", res.Status, res.Body)
		}
		// Another franchise cannot aim at this carte.
		if res := srv.Do(t, http.MethodPost, "/api/v1/products/bulk", srv.SignIn(t, "autre-admin"), map[string]any{"targets": target(v+1, "main-prod-1"), "flags": map[string]bool{"hidden": true}}); res.Status != http.StatusNotFound {
			t.Fatalf("other franchise: %d %s", res.Status, res.Body)
		}
	})
}

func TestCarteExportImportRoundTrip(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var list struct{ Items []campaignJSON }
		srv.Do(t, http.MethodGet, "/api/v1/campaigns", admin, nil).JSON(t, &list)
		var winter campaignJSON
		for _, c := range list.Items {
			if c.Nom == "Carte d'hiver" {
				winter = c
			}
		}
		exp := srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(winter.ID)+"/export", admin, nil)
		if exp.Status != 200 || !strings.Contains(exp.Header.Get("Content-Disposition"), "Carte%20d%27hiver.json") {
			t.Fatalf("export: %d %s", exp.Status, exp.Header.Get("Content-Disposition"))
		}
		var file map[string]json.RawMessage
		if err := json.Unmarshal(exp.Body, &file); err != nil || file["orderJson"] == nil || !strings.Contains(string(file["isPeriodic"]), "true") {
			t.Fatalf("export body: %v %.200s", err, exp.Body)
		}
		res := srv.DoWith(t, http.MethodPost, "/api/v1/campaigns/import?nom=Hiver%202027&fileName=hiver.json", admin, string(exp.Body), nil)
		var imported campaignJSON
		res.JSON(t, &imported)
		if res.Status != 201 || imported.Nom != "Hiver 2027" {
			t.Fatalf("import: %d %s", res.Status, res.Body)
		}
		a := srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(winter.ID)+"/document", admin, nil)
		b := srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(imported.ID)+"/document", admin, nil)
		if string(a.Body) != string(b.Body) {
			t.Fatalf("the imported document differs from the exported one")
		}
		// A value a field cannot hold is refused naming the field and the file; nothing is created.
		res = srv.DoWith(t, http.MethodPost, "/api/v1/campaigns/import?fileName=casse.json", admin, `{"orderJson":{"items":[{"idGlobal":"x","name":"A","many_size":"oui"}]}}`, nil)
		if res.Status != 422 || !strings.Contains(string(res.Body), `Erreur : Valeur non prise en charge dans \"items[0].many_size\" du fichier \"casse.json\".`) {
			t.Fatalf("unsupported value: %d %s", res.Status, res.Body)
		}
		if res := srv.DoWith(t, http.MethodPost, "/api/v1/campaigns/import", admin, `[1,2]`, nil); res.Status != 422 {
			t.Fatalf("not an object: %d %s", res.Status, res.Body)
		}
		srv.Do(t, http.MethodGet, "/api/v1/campaigns", admin, nil).JSON(t, &list)
		if len(list.Items) != 3 {
			t.Fatalf("%d cartes after one good import and two refused", len(list.Items))
		}
		if res := srv.DoWith(t, http.MethodPost, "/api/v1/campaigns/import", srv.SignIn(t, "demo-moderateur"), string(exp.Body), nil); res.Status != http.StatusForbidden {
			t.Fatalf("moderator import: %d", res.Status)
		}
	})
}
