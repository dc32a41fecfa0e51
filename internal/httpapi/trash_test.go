package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

func TestTrashRestoreAndPermanentDelete(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var c campaignJSON
		srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Carte corbeille"}).JSON(t, &c)
		base := "/api/v1/campaigns/" + itoa(c.ID)
		doc := `{"categories":[{"idGlobal":"c1","idCat":1,"name":"Burgers","parent_id":-1},{"idGlobal":"c2","idCat":2,"name":"Desserts","parent_id":-1,"removed":true,"removed_by_admin":true}],
			"items":[{"idGlobal":"p1","id":1,"idCat":1,"name":"Burger","options":[7],"promotions":[3]},
			         {"idGlobal":"p2","id":2,"idCat":1,"name":"Wrap","removed":true,"removed_by_admin":true},
			         {"idGlobal":"p3","id":3,"idCat":2,"name":"Tiramisu","removed":true,"removed_by_admin":true},
			         {"idGlobal":"p4","id":4,"idCat":2,"name":"Cookie"}],
			"options":[{"idGlobal":"g7","id":7,"name":"Sauces","removed":true,"removed_by_admin":true,"items":[{"idGlobal":"o1","name":"Ketchup","removed":true}]}],
			"groups_sub_options":[{"idGlobal":"f1","name_group":"Boissons","removed":true,"removed_by_admin":true}],
			"promotions":[{"idGlobal":"pr3","id":3,"name":"2 pour 1","removed":true,"removed_by_admin":true}]}`
		if res := srv.DoWith(t, http.MethodPut, base+"/document", admin, doc, map[string]string{"If-Match": `"1"`}); res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		var tr struct {
			Version        int                                   `json:"version"`
			Categories     []struct{ Name string }               `json:"categories"`
			Products       []struct{ Name, CategoryName string } `json:"products"`
			Options        []struct{ Name, CategoryName string } `json:"options"`
			OptionFamilies []struct{ Name string }               `json:"optionFamilies"`
			Promotions     []struct{ Name string }               `json:"promotions"`
		}
		srv.Do(t, http.MethodGet, base+"/trash", admin, nil).JSON(t, &tr)
		if tr.Version != 2 || len(tr.Categories) != 1 || len(tr.Products) != 2 || tr.Products[1].CategoryName != "Desserts" || len(tr.Options) != 1 || tr.Options[0].CategoryName != "Sauces" || len(tr.OptionFamilies) != 1 || len(tr.Promotions) != 1 {
			t.Fatalf("trash: %+v", tr)
		}
		linked := srv.Do(t, http.MethodGet, base+"/trash/linked?category=c2", admin, nil)
		if !strings.Contains(string(linked.Body), `{"idGlobal":"p3","name":"Tiramisu","removed":true}`) || !strings.Contains(string(linked.Body), `{"idGlobal":"p4","name":"Cookie","removed":false}`) {
			t.Fatalf("linked products: %s", linked.Body)
		}

		// Restore the wrap: flags cleared, logged as a Modification removed true → false.
		var r struct{ Count int }
		res := srv.DoWith(t, http.MethodPost, base+"/trash/restore", admin, map[string]any{"kind": "products", "ids": []string{"p2"}}, map[string]string{"If-Match": `"2"`})
		res.JSON(t, &r)
		if res.Status != 200 || r.Count != 1 {
			t.Fatalf("restore: %d %s", res.Status, res.Body)
		}
		type flags struct {
			IDGlobal       string `json:"idGlobal"`
			Removed        bool   `json:"removed"`
			RemovedByAdmin bool   `json:"removed_by_admin"`
		}
		var got struct {
			Items            []flags `json:"items"`
			GroupsSubOptions []flags `json:"groups_sub_options"`
		}
		srv.Do(t, http.MethodGet, base+"/document", admin, nil).JSON(t, &got)
		if w := got.Items[1]; w.IDGlobal != "p2" || w.Removed || w.RemovedByAdmin {
			t.Fatalf("wrap after restore: %+v", w)
		}
		// Option families clear only removed.
		srv.DoWith(t, http.MethodPost, base+"/trash/restore", admin, map[string]any{"kind": "optionFamilies", "ids": []string{"f1"}}, map[string]string{"If-Match": `"3"`})
		srv.Do(t, http.MethodGet, base+"/document", admin, nil).JSON(t, &got)
		if f := got.GroupsSubOptions[0]; f.Removed || !f.RemovedByAdmin {
			t.Fatalf("option families clear only removed: %+v", f)
		}

		// Permanent delete of the option group and the promotion: gone, with every reference.
		res = srv.DoWith(t, http.MethodPost, base+"/trash/delete", admin, map[string]any{"kind": "optionGroups", "ids": []string{"g7"}}, map[string]string{"If-Match": `"4"`})
		if res.Status != 200 {
			t.Fatalf("delete group: %d %s", res.Status, res.Body)
		}
		srv.DoWith(t, http.MethodPost, base+"/trash/delete", admin, map[string]any{"kind": "promotions", "ids": []string{"pr3"}}, map[string]string{"If-Match": `"5"`})
		d := string(srv.Do(t, http.MethodGet, base+"/document", admin, nil).Body)
		if strings.Contains(d, "Sauces") || strings.Contains(d, "2 pour 1") || strings.Contains(d, `"options":[7]`) || strings.Contains(d, `"promotions":[3]`) {
			t.Fatalf("references survive a permanent delete: %s", d)
		}
		// An active element cannot be deleted through the trash, and a stale version is refused.
		res = srv.DoWith(t, http.MethodPost, base+"/trash/delete", admin, map[string]any{"kind": "products", "ids": []string{"p1"}}, map[string]string{"If-Match": `"6"`})
		if res.Status != 422 || !strings.Contains(string(res.Body), "n'est dans la corbeille") {
			t.Fatalf("deleting an active product: %d %s", res.Status, res.Body)
		}
		res = srv.DoWith(t, http.MethodPost, base+"/trash/restore", admin, map[string]any{"kind": "products", "ids": []string{"p3"}}, map[string]string{"If-Match": `"2"`})
		if res.Status != 409 {
			t.Fatalf("stale trash action: %d", res.Status)
		}

		var h struct {
			Items []struct{ Action, Target string } `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/history?module=Cartes&pageSize=4", admin, nil).JSON(t, &h)
		var entries []string
		for _, e := range h.Items {
			entries = append(entries, e.Action+" "+e.Target)
		}
		// One entry per trash action. A permanent delete is a Suppression of
		// the carte's element; dropping the references other elements held
		// makes it a save of several elements, listed in the entry's changes.
		want := "Suppression Carte corbeille|Suppression Carte corbeille|" +
			"Modification Carte corbeille › famille d'options Boissons|Modification Carte corbeille › produit Wrap"
		if strings.Join(entries, "|") != want {
			t.Fatalf("history: %v", entries)
		}
	})
}
