package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

type campaignJSON struct {
	ID      int64  `json:"id"`
	Nom     string `json:"nom"`
	URL     string `json:"url"`
	Version int    `json:"version"`
	Removed bool   `json:"removed"`
}

func TestCampaignDocumentLifecycle(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var c campaignJSON
		res := srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Carte: Été/2026", "isPrincipal": true})
		res.JSON(t, &c)
		if res.Status != 201 || c.Version != 1 || c.URL != "Carte_ Été_2026.json" || res.Header.Get("ETag") != `"1"` {
			t.Fatalf("create: %d %+v %s", res.Status, c, res.Header.Get("ETag"))
		}
		docPath := "/api/v1/campaigns/" + itoa(c.ID) + "/document"
		v1 := `{"categories":[{"idGlobal":"c1","idCat":1,"name":"Burgers","parent_id":-1,"position":1}],
			"items":[{"idGlobal":"p1","id":1,"idCat":1,"name":"Burger","position":1,"price":"9,90","best_sale":true},{"idGlobal":"p2","id":2,"idCat":1,"name":"","position":2}],
			"options":[],"cartes":[],"groups_sub_options":[],"promotions":[],"zones":[],"tags":[],"printers":[],"screens":[],"kiosk_field":42}`
		res = srv.DoWith(t, http.MethodPut, docPath, admin, v1, map[string]string{"If-Match": `"1"`})
		if res.Status != 200 || !strings.Contains(string(res.Body), `"version":2`) {
			t.Fatalf("save v1: %d %s", res.Status, res.Body)
		}
		doc := srv.Do(t, http.MethodGet, docPath, admin, nil)
		body := string(doc.Body)
		if doc.Header.Get("ETag") != `"2"` || !strings.Contains(body, `"kiosk_field":42`) || !strings.Contains(body, `"best_sale":true`) || !strings.Contains(body, `"price":9.9`) {
			t.Fatalf("document: %s %s", doc.Header.Get("ETag"), body)
		}

		// A stale save (someone saved in between) is refused, not merged.
		res = srv.DoWith(t, http.MethodPut, docPath, admin, v1, map[string]string{"If-Match": `"1"`})
		if res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "modifiée entre-temps") {
			t.Fatalf("stale save: %d %s", res.Status, res.Body)
		}
		if res = srv.Do(t, http.MethodPut, docPath, admin, v1); res.Status != 422 && res.Status != 428 {
			t.Fatalf("save without If-Match: %d", res.Status)
		}

		// Invalid prices are refused with the spec's message and a path; nothing is stored.
		bad := strings.Replace(v1, `"price":"9,90"`, `"price":"9,90","prices":[{"tariff":1,"type_order":2,"price":"-3"}]`, 1)
		res = srv.DoWith(t, http.MethodPut, docPath, admin, bad, map[string]string{"If-Match": `"2"`})
		if res.Status != 422 || !strings.Contains(string(res.Body), "La valeur du prix -3 dans le tarif 1 pour A Emporter du produit Burger n'est pas valide") || !strings.Contains(string(res.Body), "body.items[0].prices[0].price") {
			t.Fatalf("bad price: %d %s", res.Status, res.Body)
		}
		res = srv.DoWith(t, http.MethodPut, docPath, admin, `{"items":[{"idGlobal":"p1","name":{"oops":1}}]}`, map[string]string{"If-Match": `"2"`})
		if res.Status != 422 || !strings.Contains(string(res.Body), `Erreur : Valeur non prise en charge dans \"items[0].name\" du fichier \"Carte_ Été_2026.json\".`) {
			t.Fatalf("unsupported value: %d %s", res.Status, res.Body)
		}

		// v3: rename the burger, name the blank product, soft-delete nothing yet.
		v2 := strings.Replace(strings.Replace(v1, `"name":"Burger"`, `"name":"Burger maison"`, 1), `"name":"","position":2`, `"name":"Frites","position":2`, 1)
		if res = srv.DoWith(t, http.MethodPut, docPath, admin, v2, map[string]string{"If-Match": `"2"`}); res.Status != 200 {
			t.Fatalf("save v2: %d %s", res.Status, res.Body)
		}
		// v4: the product is soft-deleted.
		v3 := strings.Replace(v2, `"name":"Frites","position":2`, `"name":"Frites","position":2,"removed":true,"removed_by_admin":true`, 1)
		if res = srv.DoWith(t, http.MethodPut, docPath, admin, v3, map[string]string{"If-Match": `"3"`}); res.Status != 200 {
			t.Fatalf("save v3: %d %s", res.Status, res.Body)
		}
		// Deactivate the carte.
		res = srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(c.ID), admin, map[string]any{"nom": "Carte: Été/2026", "isPrincipal": true, "removed": true}, map[string]string{"If-Match": `"4"`})
		if res.Status != 200 {
			t.Fatalf("deactivate: %d %s", res.Status, res.Body)
		}

		var h struct {
			Items []struct {
				Action  string `json:"action"`
				Target  string `json:"target"`
				Changes []struct {
					Element string `json:"element"`
					Action  string `json:"action"`
					Field   string `json:"field"`
					Before  any    `json:"before"`
					After   any    `json:"after"`
				} `json:"changes"`
			} `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/history?module=Cartes&pageSize=-1", admin, nil).JSON(t, &h)
		var got []string
		var mine []int
		for i, e := range h.Items {
			if strings.HasPrefix(e.Target, "Carte: Été/2026") {
				got = append(got, e.Action+" "+e.Target)
				mine = append(mine, i)
			}
		}
		// One entry per save: a save touching one element names it, a save
		// touching several names the carte and lists them.
		want := []string{
			"Desactivation Carte: Été/2026",
			"Suppression Carte: Été/2026 › produit Frites",
			"Modification Carte: Été/2026", // the rename and the blank product named
			"Ajout Carte: Été/2026",        // the category and the product
			"Ajout Carte: Été/2026",        // the carte itself
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("history:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		changes := func(i int) string {
			var out []string
			for _, ch := range h.Items[mine[i]].Changes {
				out = append(out, ch.Element+"|"+ch.Action+"|"+ch.Field+"|"+fmtJSON(ch.Before)+"|"+fmtJSON(ch.After))
			}
			return strings.Join(out, " ; ")
		}
		if got := changes(2); got != "produit Burger maison||name|Burger|Burger maison ; produit Frites|Ajout||null|null" {
			t.Fatalf("modification details: %s", got)
		}
		if got := changes(3); got != "catégorie Burgers|Ajout||null|null ; produit Burger|Ajout||null|null" {
			t.Fatalf("first save's details: %s", got)
		}

		// Duplicate then delete.
		var dup campaignJSON
		srv.Do(t, http.MethodPost, "/api/v1/campaigns/"+itoa(c.ID)+"/duplicate", admin, nil).JSON(t, &dup)
		if dup.Nom != "Carte: Été/2026 (copie)" || !strings.Contains(string(srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(dup.ID)+"/document", admin, nil).Body), "Burger maison") {
			t.Fatalf("duplicate: %+v", dup)
		}
		if res = srv.Do(t, http.MethodDelete, "/api/v1/campaigns/"+itoa(dup.ID), admin, nil); res.Status != 204 {
			t.Fatalf("delete: %d", res.Status)
		}
		if res = srv.Do(t, http.MethodDelete, "/api/v1/campaigns/"+itoa(dup.ID), admin, nil); res.Status != 404 {
			t.Fatalf("deleting a carte already gone: %d", res.Status)
		}
	})
}

func fmtJSON(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func TestModeratorsReadLinkedCartesButCannotSave(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	admin := srv.SignIn(t, "demo-admin")
	var linked, other campaignJSON
	srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Carte Bastille"}).JSON(t, &linked)
	srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Carte Lyon"}).JSON(t, &other)
	var bastille int64
	srv.DB.QueryRow(t.Context(), "SELECT id FROM restaurants WHERE nom = 'Paris Bastille'").Scan(&bastille)
	if _, err := srv.DB.Exec(t.Context(), "INSERT INTO campaign_restaurants (campaign_id, restaurant_id) VALUES (?, ?)", linked.ID, bastille); err != nil {
		t.Fatal(err)
	}
	mod := srv.SignIn(t, "demo-moderateur")
	list := srv.Do(t, http.MethodGet, "/api/v1/campaigns", mod, nil)
	if !strings.Contains(string(list.Body), "Carte Bastille") || strings.Contains(string(list.Body), "Carte Lyon") {
		t.Fatalf("moderator list: %s", list.Body)
	}
	if res := srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(linked.ID)+"/document", mod, nil); res.Status != 200 {
		t.Fatalf("moderator reads its carte: %d", res.Status)
	}
	res := srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(linked.ID)+"/document", mod, `{"items":[]}`, map[string]string{"If-Match": `"1"`})
	if res.Status != 403 || !strings.Contains(string(res.Body), "seul le propriétaire de la franchise") {
		t.Fatalf("moderator save: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, http.MethodPost, "/api/v1/campaigns", mod, map[string]any{"nom": "x"}); res.Status != 403 {
		t.Fatalf("moderator create: %d", res.Status)
	}
}

func TestHistoryFilters(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	admin := srv.SignIn(t, "demo-admin")
	var c campaignJSON
	srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Filtrée"}).JSON(t, &c)
	srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(c.ID), admin, map[string]any{"nom": "Filtrée", "removed": true}, map[string]string{"If-Match": `"1"`})
	var h struct {
		Items []struct{ Action, Target, UserName string } `json:"items"`
		Total int                                         `json:"total"`
	}
	srv.Do(t, http.MethodGet, "/api/v1/history?module=Cartes&action=Desactivation", admin, nil).JSON(t, &h)
	if h.Total != 1 || h.Items[0].Target != "Filtrée" {
		t.Fatalf("action filter: %+v", h)
	}
	paris, _ := time.LoadLocation("Europe/Paris")
	today := time.Now().In(paris).Format("2006-01-02")
	srv.Do(t, http.MethodGet, "/api/v1/history?module=Cartes&action=Desactivation&from="+today+"&to="+today+"&user=Brigade%20Burger", admin, nil).JSON(t, &h)
	if h.Total != 1 {
		t.Fatalf("period and user filter: %+v", h)
	}
	srv.Do(t, http.MethodGet, "/api/v1/history?module=Cartes&to=2000-01-01", admin, nil).JSON(t, &h)
	if h.Total != 0 {
		t.Fatalf("a period before everything: %d", h.Total)
	}
	srv.Do(t, http.MethodGet, "/api/v1/history?module=Cartes&user=Quelqu%27un", admin, nil).JSON(t, &h)
	if h.Total != 0 {
		t.Fatalf("another user: %d", h.Total)
	}
	if res := srv.Do(t, http.MethodGet, "/api/v1/history?from=hier", admin, nil); res.Status != 422 {
		t.Fatalf("bad date: %d", res.Status)
	}
}

// A carte taking the name of another active carte (accents, spaces and
// case ignored) is a warning the user must confirm: created, renamed,
// activated or imported, it is answered 422 on confirmDuplicateName naming
// the other carte, and goes through once confirmed. Copies take a free name.
func TestDuplicateCarteNamesNeedConfirmation(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		warned := func(what string, res testutil.Response) {
			t.Helper()
			if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "body.confirmDuplicateName") ||
				!strings.Contains(string(res.Body), "Une autre carte active s'appelle déjà « Carte d'été ».") {
				t.Fatalf("%s: %d %s", what, res.Status, res.Body)
			}
		}
		var summer, other campaignJSON
		res := srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Carte d'été"})
		res.JSON(t, &summer)
		warned("create", srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": " carte d'ETE"}))
		// Inactive, the same name is no trouble…
		res = srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "CARTE D'ÉTÉ", "removed": true})
		if res.Status != http.StatusCreated {
			t.Fatalf("inactive carte: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &other)
		// …activated, it is.
		activate := map[string]any{"nom": "CARTE D'ÉTÉ", "removed": false}
		warned("activate", srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(other.ID), admin, activate, map[string]string{"If-Match": `"1"`}))
		activate["confirmDuplicateName"] = true
		if res := srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(other.ID), admin, activate, map[string]string{"If-Match": `"1"`}); res.Status != http.StatusOK {
			t.Fatalf("confirmed activation: %d %s", res.Status, res.Body)
		}
		// An edit that keeps the name is not asked again.
		if res := srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(other.ID), admin, map[string]any{"nom": "CARTE D'ÉTÉ", "dateDebut": "2026-06-01"}, map[string]string{"If-Match": `"2"`}); res.Status != http.StatusOK {
			t.Fatalf("edit: %d %s", res.Status, res.Body)
		}
		var third campaignJSON
		srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Brunch"}).JSON(t, &third)
		warned("rename", srv.DoWith(t, http.MethodPut, "/api/v1/campaigns/"+itoa(third.ID), admin, map[string]any{"nom": "carte d'Été"}, map[string]string{"If-Match": `"1"`}))
		warned("import", srv.Do(t, http.MethodPost, "/api/v1/campaigns/import?nom=carte%20d'%C3%A9t%C3%A9&fileName=a.json", admin, map[string]any{"items": []any{}}))
		if res := srv.Do(t, http.MethodPost, "/api/v1/campaigns/import?nom=carte%20d'%C3%A9t%C3%A9&fileName=a.json&confirmDuplicateName=true", admin, map[string]any{"items": []any{}}); res.Status != http.StatusCreated {
			t.Fatalf("confirmed import: %d %s", res.Status, res.Body)
		}
		var c1, c2 campaignJSON
		srv.Do(t, http.MethodPost, "/api/v1/campaigns/"+itoa(third.ID)+"/duplicate", admin, nil).JSON(t, &c1)
		srv.Do(t, http.MethodPost, "/api/v1/campaigns/"+itoa(third.ID)+"/duplicate", admin, nil).JSON(t, &c2)
		if c1.Nom != "Brunch (copie)" || c2.Nom != "Brunch (copie 2)" {
			t.Fatalf("copies: %q %q", c1.Nom, c2.Nom)
		}
	})
}

// A carte document keeps its false values, refuses every negative price
// with the spec's message and a field path, and refuses a number field
// holding text, naming its path and the carte's file.
func TestDocumentValuesAreTyped(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var c campaignJSON
		srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Typée"}).JSON(t, &c)
		docPath := "/api/v1/campaigns/" + itoa(c.ID) + "/document"
		ok := `{"items":[{"idGlobal":"p1","id":1,"name":"Burger","price":9,"available_on_the_spot":false,"sold_out":false,"daily_stock":"25"}]}`
		if res := srv.DoWith(t, http.MethodPut, docPath, admin, ok, map[string]string{"If-Match": `"1"`}); res.Status != http.StatusOK {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		body := string(srv.Do(t, http.MethodGet, docPath, admin, nil).Body)
		for _, want := range []string{`"available_on_the_spot":false`, `"sold_out":false`, `"daily_stock":25`} {
			if !strings.Contains(body, want) {
				t.Errorf("document lost %s: %s", want, body)
			}
		}
		for doc, want := range map[string][]string{
			`{"items":[{"idGlobal":"p1","name":"Burger","price_size3":-4}]}`: {"La valeur du prix -4 d'article Burger n'est pas valide", "body.items[0].price_size3"},
			`{"items":[{"idGlobal":"p1","name":"Burger","many_size":true,"many_type":true,"allSizes":[{"id_size":1,"tariff":1,"price":5,"price_lv":-2}]}]}`: {
				"La valeur du prix -2 d'article Burger n'est pas valide", "body.items[0].allSizes[0].price_lv"},
			`{"items":[{"idGlobal":"p1","name":"Burger","daily_stock":"abc"}]}`: {`Erreur : Valeur non prise en charge dans \"items[0].daily_stock\" du fichier \"Typée.json\".`, "body.items[0].daily_stock"},
		} {
			res := srv.DoWith(t, http.MethodPut, docPath, admin, doc, map[string]string{"If-Match": `"2"`})
			if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), want[0]) || !strings.Contains(string(res.Body), want[1]) {
				t.Errorf("%s: %d %s", doc, res.Status, res.Body)
			}
		}
		if v := srv.Do(t, http.MethodGet, docPath, admin, nil).Header.Get("ETag"); v != `"2"` {
			t.Fatalf("a refused document was stored: version %s", v)
		}
	})
}
