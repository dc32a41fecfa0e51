package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

type productPlan struct {
	Restaurants []struct {
		ID       int64  `json:"id"`
		Nom      string `json:"nom"`
		Currency string `json:"currency"`
		Deployed bool   `json:"deployed"`
		Today    string `json:"today"`
	} `json:"restaurants"`
	Total    int `json:"total"`
	PageSize int `json:"pageSize"`
	Rows     []struct {
		Kind     string `json:"kind"`
		IDGlobal string `json:"idGlobal"`
		Name     string `json:"name"`
		Group    string `json:"group"`
		Cells    []struct {
			InMenu     bool   `json:"inMenu"`
			PriceCents *int64 `json:"priceCents"`
			SoldOut    *struct {
				Mode      string `json:"mode"`
				UntilDate string `json:"untilDate"`
				SetBy     string `json:"setBy"`
			} `json:"soldOut"`
		} `json:"cells"`
	} `json:"rows"`
	Cartes []struct {
		ID  int64  `json:"id"`
		Nom string `json:"nom"`
	} `json:"cartes"`
}

// column is the index of a restaurant in the plan's page (-1 if absent).
func (p productPlan) column(id int64) int {
	for i, x := range p.Restaurants {
		if x.ID == id {
			return i
		}
	}
	return -1
}

// cellOf finds an element's cell in a restaurant.
func (p productPlan) soldOutMode(t *testing.T, idGlobal string, restaurantID int64) string {
	t.Helper()
	col := p.column(restaurantID)
	for _, r := range p.Rows {
		if r.IDGlobal == idGlobal && col >= 0 {
			if c := r.Cells[col]; c.SoldOut != nil {
				return c.SoldOut.Mode
			}
			return ""
		}
	}
	t.Fatalf("no row %s / column %d", idGlobal, restaurantID)
	return ""
}

func availabilityHistory(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), `SELECT COUNT(*) FROM history_entries WHERE module = 'Disponibilité'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Plan Produit reads the franchise as a matrix in one request per page of
// restaurants, scoped by the principal; a bulk change marks a product sold
// out in two restaurants in one request, both kiosks' documents list it
// (the one listening hears it on its stream), each cell is in the history,
// and the same change again changes nothing. A request naming another
// franchise's restaurant, or an element outside a restaurant's menu, is
// refused as a whole: nothing of it is written.
func TestProductPlanAndBulkChanges(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		f := loadFixture(t, srv.DB, demo.FranchiseName)
		other := loadFixture(t, srv.DB, demo.OtherFranchiseName)
		bastille, partDieu := f.restaurants[0], f.restaurants[1]
		admin := srv.SignIn(t, "demo-admin")
		resto := srv.SignIn(t, "demo-resto")

		// The admin's plan: every restaurant (one page of 25), each row a
		// cell per column; Bastille and Part-Dieu serve the same first product.
		var plan productPlan
		res := srv.Do(t, http.MethodGet, "/api/v1/availability/plan", admin, nil)
		res.JSON(t, &plan)
		if res.Status != 200 || plan.Total != len(f.restaurants) || len(plan.Restaurants) != len(f.restaurants) || plan.PageSize != 25 || len(plan.Rows) == 0 || len(plan.Cartes) == 0 {
			t.Fatalf("plan: %d total %d, %d columns, %d rows: %.300s", res.Status, plan.Total, len(plan.Restaurants), len(plan.Rows), res.Body)
		}
		cb, cp := plan.column(bastille), plan.column(partDieu)
		var product string
		for _, r := range plan.Rows {
			if len(r.Cells) != len(plan.Restaurants) {
				t.Fatalf("row %s has %d cells for %d columns", r.Name, len(r.Cells), len(plan.Restaurants))
			}
			if product == "" && r.Kind == "product" && r.Cells[cb].InMenu && r.Cells[cp].InMenu {
				product = r.IDGlobal
				if r.Cells[cb].PriceCents == nil || *r.Cells[cb].PriceCents <= 0 || r.Group == "" {
					t.Fatalf("cell without a price or row without a category: %+v", r)
				}
			}
		}
		if product == "" || !plan.Restaurants[cb].Deployed || plan.Restaurants[cb].Today == "" || plan.Restaurants[cb].Currency != "EUR" {
			t.Fatalf("no product served by both, or columns incomplete: %+v", plan.Restaurants[:2])
		}
		// Pages of restaurants; a carte as the rows.
		var page productPlan
		srv.Do(t, http.MethodGet, "/api/v1/availability/plan?page=1&pageSize=5", admin, nil).JSON(t, &page)
		if page.Total != len(f.restaurants) || len(page.Restaurants) != 5 || page.Restaurants[0].ID != plan.Restaurants[5].ID {
			t.Fatalf("second page of 5: %+v", page.Restaurants)
		}
		var carte productPlan
		if res := srv.Do(t, http.MethodGet, "/api/v1/availability/plan?campaignId="+itoa(plan.Cartes[0].ID), admin, nil); res.Status != 200 {
			t.Fatalf("plan of a carte: %d %s", res.Status, res.Body)
		} else {
			res.JSON(t, &carte)
		}
		if len(carte.Rows) == 0 {
			t.Fatal("a carte's plan has no rows")
		}
		// A restaurant's login sees its restaurant only; a restaurant of
		// another franchise (or outside the login's list) is missing.
		var own productPlan
		srv.Do(t, http.MethodGet, "/api/v1/availability/plan", resto, nil).JSON(t, &own)
		if own.Total != 1 || len(own.Restaurants) != 1 || own.Restaurants[0].ID != partDieu {
			t.Fatalf("restaurant login's plan: %+v", own.Restaurants)
		}
		for _, c := range []struct{ token, query string }{
			{admin, "restaurantIds=" + itoa(bastille) + "," + itoa(other.restaurants[0])},
			{resto, "restaurantIds=" + itoa(bastille)},
			{srv.SignIn(t, "autre-admin"), "campaignId=" + itoa(plan.Cartes[0].ID)},
		} {
			if res := srv.Do(t, http.MethodGet, "/api/v1/availability/plan?"+c.query, c.token, nil); res.Status != 404 {
				t.Fatalf("%s: %d %.200s", c.query, res.Status, res.Body)
			}
		}

		partDieuKey := demo.DeviceKey(f.sirets[1] + "-borne-1")
		stream := sseLines(t, srv, "/kiosk/v1/events", map[string]string{"Authorization": "Bearer " + partDieuKey})
		waitFor(t, stream, `"availability":"\"a-`)
		kioskLists := func(key, idGlobal string) bool {
			res := srv.Do(t, http.MethodGet, "/kiosk/v1/availability", key, nil)
			var doc kioskAvailabilityDoc
			res.JSON(t, &doc)
			for _, s := range doc.SoldOut {
				if s.IDGlobal == idGlobal {
					return true
				}
			}
			return false
		}
		bulk := func(token string, body map[string]any) testutil.Response {
			return srv.Do(t, http.MethodPost, "/api/v1/availability/plan/bulk", token, body)
		}
		cells := []map[string]any{
			{"restaurantId": bastille, "kind": "product", "idGlobal": product},
			{"restaurantId": partDieu, "kind": "product", "idGlobal": product},
		}
		logged := availabilityHistory(t, srv.DB)

		// Refused as a whole: another franchise's restaurant beside ours
		// (404 as a missing one), an element outside a menu (422, French,
		// naming the cell), a past date.
		withOther := append([]map[string]any{}, cells...)
		withOther = append(withOther, map[string]any{"restaurantId": other.restaurants[0], "kind": "product", "idGlobal": product})
		var p testutil.Problem
		res = bulk(admin, map[string]any{"action": "soldOut", "mode": "today", "cells": withOther})
		if res.Status != 404 || !strings.Contains(string(res.Body), "La ressource demandée est introuvable.") {
			t.Fatalf("another franchise's restaurant: %d %s", res.Status, res.Body)
		}
		if res := bulk(resto, map[string]any{"action": "soldOut", "mode": "today", "cells": cells}); res.Status != 404 {
			t.Fatalf("a restaurant outside the login's list: %d %s", res.Status, res.Body)
		}
		unknown := append([]map[string]any{}, cells...)
		unknown = append(unknown, map[string]any{"restaurantId": partDieu, "kind": "product", "idGlobal": "inconnu"})
		res = bulk(admin, map[string]any{"action": "soldOut", "mode": "today", "cells": unknown})
		res.JSON(t, &p)
		if res.Status != 422 || len(p.Errors) != 1 || p.Errors[0].Location != "body.cells[2].idGlobal" || !strings.Contains(p.Errors[0].Message, "n'est pas dans la carte déployée de Lyon Part-Dieu") {
			t.Fatalf("element outside the menu: %d %s", res.Status, res.Body)
		}
		res = bulk(admin, map[string]any{"action": "soldOut", "mode": "date", "date": "2001-01-01", "cells": cells})
		if res.Status != 422 || !strings.Contains(string(res.Body), "La date de fin doit être aujourd'hui ou plus tard") {
			t.Fatalf("past date: %d %s", res.Status, res.Body)
		}
		if res := bulk(admin, map[string]any{"action": "soldOut", "mode": "today", "cells": []map[string]any{}}); res.Status != 422 {
			t.Fatalf("no cell: %d %s", res.Status, res.Body)
		}
		if kioskLists(partDieuKey, product) || kioskLists(demo.KioskKey, product) || availabilityHistory(t, srv.DB) != logged {
			t.Fatal("a refused bulk change was applied in part")
		}

		// Sold out today in both, in one request.
		var result struct{ Changed, Unchanged, Restaurants int }
		res = bulk(admin, map[string]any{"action": "soldOut", "mode": "today", "cells": cells})
		res.JSON(t, &result)
		if res.Status != 200 || result.Changed != 2 || result.Unchanged != 0 || result.Restaurants != 2 {
			t.Fatalf("bulk sold out: %d %s", res.Status, res.Body)
		}
		availabilityEvent(t, stream)
		if !kioskLists(partDieuKey, product) || !kioskLists(demo.KioskKey, product) {
			t.Fatal("a kiosk does not list the product sold out in bulk")
		}
		srv.Do(t, http.MethodGet, "/api/v1/availability/plan", admin, nil).JSON(t, &plan)
		if plan.soldOutMode(t, product, bastille) != "today" || plan.soldOutMode(t, product, partDieu) != "today" {
			t.Fatal("the plan does not show both cells sold out")
		}
		if n := availabilityHistory(t, srv.DB); n != logged+2 {
			t.Fatalf("history: %d entries, want %d", n, logged+2)
		}
		// The same again changes nothing; until a date moves both ends.
		res = bulk(admin, map[string]any{"action": "soldOut", "mode": "today", "cells": cells})
		res.JSON(t, &result)
		if result.Changed != 0 || result.Unchanged != 2 || result.Restaurants != 0 {
			t.Fatalf("same change again: %s", res.Body)
		}
		until := time.Now().AddDate(0, 0, 3).Format(time.DateOnly)
		res = bulk(admin, map[string]any{"action": "soldOut", "mode": "date", "date": until, "cells": cells})
		res.JSON(t, &result)
		if res.Status != 200 || result.Changed != 2 {
			t.Fatalf("until a date: %d %s", res.Status, res.Body)
		}
		availabilityEvent(t, stream)
		srv.Do(t, http.MethodGet, "/api/v1/availability/plan?restaurantIds="+itoa(partDieu), admin, nil).JSON(t, &plan)
		if len(plan.Restaurants) != 1 || plan.soldOutMode(t, product, partDieu) != "date" {
			t.Fatalf("after until a date: %+v", plan.Restaurants)
		}

		// Back on sale, the restaurant's own login for its own cell; then
		// the admin for both (Part-Dieu's is already on sale).
		res = bulk(resto, map[string]any{"action": "onSale", "cells": cells[1:]})
		res.JSON(t, &result)
		if res.Status != 200 || result.Changed != 1 {
			t.Fatalf("restaurant back on sale: %d %s", res.Status, res.Body)
		}
		availabilityEvent(t, stream)
		res = bulk(admin, map[string]any{"action": "onSale", "cells": cells})
		res.JSON(t, &result)
		if result.Changed != 1 || result.Unchanged != 1 || result.Restaurants != 1 {
			t.Fatalf("admin back on sale: %s", res.Body)
		}
		if kioskLists(partDieuKey, product) || kioskLists(demo.KioskKey, product) {
			t.Fatal("still sold out after back on sale")
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
		if strings.Join(acts, ",") != "Desactivation,Modification,Activation" {
			t.Fatalf("Part-Dieu's history: %v", acts)
		}
	})
}
