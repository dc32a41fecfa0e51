package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/loyalty"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// loyaltyCustomer inserts a customer as the customers service would, with
// its visit of a restaurant.
func loyaltyCustomer(t *testing.T, db *store.DB, franchiseID, restaurantID int64, first string, points int64) int64 {
	t.Helper()
	now := time.Now().Unix()
	id, err := store.InsertID(t.Context(), db, `INSERT INTO customers (franchise_id, first_name, last_name, points, lifetime_points, visits, last_visit_unix, created_unix, updated_unix)
		VALUES (?, ?, 'Client', ?, ?, 1, ?, ?, ?)`, franchiseID, first, points, points, now, now, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(t.Context(), `INSERT INTO customer_restaurants (customer_id, restaurant_id, franchise_id, visits, last_visit_unix) VALUES (?, ?, ?, 1, ?)`, id, restaurantID, franchiseID, now); err != nil {
		t.Fatal(err)
	}
	return id
}

func kioskKeyOfFranchise(t *testing.T, db *store.DB, franchiseID int64) (string, int64) {
	t.Helper()
	var keen string
	var rest int64
	if err := db.QueryRow(t.Context(), `SELECT e.user_keen_id, e.restaurant_id FROM equipments e JOIN restaurants r ON r.id = e.restaurant_id
		WHERE r.franchise_id = ? ORDER BY e.id LIMIT 1`, franchiseID).Scan(&keen, &rest); err != nil {
		t.Fatal(err)
	}
	return demo.DeviceKey(keen), rest
}

// The program's setup: French validation with the field, If-Match, guest
// read-only, another franchise's rule, tier and reward are 404.
func TestLoyaltyProgramCRUD(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin, guest, other := srv.SignIn(t, "demo-admin"), srv.SignIn(t, "demo-invite"), srv.SignIn(t, "autre-admin")
		moderator := srv.SignIn(t, "demo-moderateur")

		for _, c := range []struct {
			body  map[string]any
			field string
			msg   string
		}{
			{map[string]any{"name": "Passage", "kind": "visit", "points": 0, "active": true}, "body.points", "Le nombre de points doit être positif."},
			{map[string]any{"name": "Euros", "kind": "amount", "points": 1, "active": true}, "body.perCents", "Le montant par tranche doit être positif."},
			{map[string]any{"name": "Euros", "kind": "amount", "points": 1, "perCents": 100, "active": true}, "body.currency", "La devise est obligatoire"},
			{map[string]any{"name": "Burger", "kind": "product", "points": 1, "active": true}, "body.productId", "Choisissez le produit qui rapporte des points."},
		} {
			res := srv.Do(t, http.MethodPost, "/api/v1/loyalty/rules", admin, c.body)
			if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), c.msg) || !strings.Contains(string(res.Body), c.field) {
				t.Errorf("%v: %d %s", c.body, res.Status, res.Body)
			}
		}
		rule := map[string]any{"name": "Passage", "kind": "visit", "points": 10, "active": true}
		if res := srv.Do(t, http.MethodPost, "/api/v1/loyalty/rules", guest, rule); res.Status != http.StatusForbidden {
			t.Fatalf("guest created a rule: %d", res.Status)
		}
		res := srv.Do(t, http.MethodPost, "/api/v1/loyalty/rules", moderator, rule)
		if res.Status != http.StatusCreated || res.Header.Get("ETag") != `"1"` {
			t.Fatalf("create rule: %d %s", res.Status, res.Body)
		}
		var r loyalty.EarnRule
		res.JSON(t, &r)
		var list struct{ Items []loyalty.EarnRule }
		srv.Do(t, http.MethodGet, "/api/v1/loyalty/rules", guest, nil).JSON(t, &list)
		if len(list.Items) != 1 || list.Items[0].Name != "Passage" {
			t.Fatalf("guest reads %+v", list.Items)
		}
		srv.Do(t, http.MethodGet, "/api/v1/loyalty/rules", other, nil).JSON(t, &list)
		if len(list.Items) != 0 {
			t.Fatalf("another franchise reads %+v", list.Items)
		}
		path := "/api/v1/loyalty/rules/" + itoa(r.ID)
		rule["points"] = 20
		if res := srv.DoWith(t, http.MethodPut, path, admin, rule, map[string]string{"If-Match": `"7"`}); res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "modifié entre-temps") {
			t.Fatalf("stale put: %d %s", res.Status, res.Body)
		}
		if res := srv.DoWith(t, http.MethodPut, path, other, rule, map[string]string{"If-Match": `"1"`}); res.Status != http.StatusNotFound {
			t.Fatalf("another franchise's put: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodDelete, path, other, nil); res.Status != http.StatusNotFound {
			t.Fatalf("another franchise's delete: %d", res.Status)
		}
		if res := srv.DoWith(t, http.MethodPut, path, admin, rule, map[string]string{"If-Match": `"1"`}); res.Status != http.StatusOK || res.Header.Get("ETag") != `"2"` {
			t.Fatalf("put: %d %s", res.Status, res.Body)
		}

		res = srv.Do(t, http.MethodPost, "/api/v1/loyalty/tiers", admin, map[string]any{"name": "Or", "minPoints": 500, "perks": "Boisson offerte"})
		if res.Status != http.StatusCreated {
			t.Fatalf("tier: %d %s", res.Status, res.Body)
		}
		var tier loyalty.Tier
		res.JSON(t, &tier)
		if res := srv.Do(t, http.MethodPost, "/api/v1/loyalty/tiers", admin, map[string]any{"name": "Platine", "minPoints": 500}); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "Un autre niveau commence déjà à 500 points.") {
			t.Fatalf("duplicate tier: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodPost, "/api/v1/loyalty/rewards", admin, map[string]any{"name": "Café offert", "kind": "product", "costPoints": 100, "productId": "cafe", "value": map[string]any{"cents": 250, "currency": "EUR"}, "active": true})
		if res.Status != http.StatusCreated {
			t.Fatalf("reward: %d %s", res.Status, res.Body)
		}
		var w loyalty.Reward
		res.JSON(t, &w)
		for _, p := range []string{"/api/v1/loyalty/tiers/" + itoa(tier.ID), "/api/v1/loyalty/rewards/" + itoa(w.ID)} {
			if res := srv.Do(t, http.MethodDelete, p, other, nil); res.Status != http.StatusNotFound {
				t.Fatalf("another franchise deleted %s: %d", p, res.Status)
			}
			if res := srv.Do(t, http.MethodDelete, p, guest, nil); res.Status != http.StatusForbidden {
				t.Fatalf("guest deleted %s: %d", p, res.Status)
			}
		}
		if res := srv.Do(t, http.MethodDelete, path, admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d", res.Status)
		}
		// The change log: the rule's creation, change and deletion.
		var n int
		if err := srv.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM history_entries WHERE module = 'Fidélité' AND details LIKE ?`, "%Passage%").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 3 {
			t.Fatalf("history: %d entries for the rule, want 3", n)
		}
	})
}

// A kiosk redeems a reward (never overdrawn, 409 in French), its discount
// label shows in Mes Réductions, release gives back once; a kiosk cannot
// redeem for another franchise's customer; the customer page reads and
// adjusts; the dashboard, history and members count it all.
func TestLoyaltyKioskAndReports(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin, guest, other := srv.SignIn(t, "demo-admin"), srv.SignIn(t, "demo-invite"), srv.SignIn(t, "autre-admin")
		fa, fb := loadFixture(t, srv.DB, demo.FranchiseName), loadFixture(t, srv.DB, demo.OtherFranchiseName)
		keyA, restA := kioskKeyOfFranchise(t, srv.DB, fa.franchiseID)
		keyB, restB := kioskKeyOfFranchise(t, srv.DB, fb.franchiseID)
		res := srv.Do(t, http.MethodPost, "/api/v1/loyalty/rewards", admin, map[string]any{"name": "Café offert", "kind": "product", "costPoints": 100, "productId": "cafe", "value": map[string]any{"cents": 250, "currency": "EUR"}, "active": true})
		var w loyalty.Reward
		res.JSON(t, &w)
		alice := loyaltyCustomer(t, srv.DB, fa.franchiseID, restA, "Alice", 150)
		bob := loyaltyCustomer(t, srv.DB, fb.franchiseID, restB, "Bob", 1000)

		redeem := func(key string, customer int64, order string) testutil.Response {
			return srv.Do(t, http.MethodPost, "/kiosk/v1/loyalty/redeem", key, map[string]any{"customerId": customer, "rewardId": w.ID, "orderId": order})
		}
		res = redeem(keyA, alice, "LOY-1")
		if res.Status != http.StatusOK {
			t.Fatalf("redeem: %d %s", res.Status, res.Body)
		}
		var got loyalty.Redeemed
		res.JSON(t, &got)
		label := "Fidélité\u00a0: Café offert"
		if got.Points != 50 || got.Discount == nil || got.Discount.Label != label || got.Discount.Amount != 250 {
			t.Fatalf("redeemed %+v %+v", got, got.Discount)
		}
		if res := redeem(keyA, alice, "LOY-2"); res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "Points insuffisants.") {
			t.Fatalf("overdraw: %d %s", res.Status, res.Body)
		}
		if res := redeem(keyB, alice, "LOY-3"); res.Status != http.StatusNotFound {
			t.Fatalf("another franchise's kiosk redeemed: %d %s", res.Status, res.Body)
		}
		if res := redeem(keyA, bob, "LOY-4"); res.Status != http.StatusNotFound {
			t.Fatalf("redeemed for another franchise's customer: %d %s", res.Status, res.Body)
		}

		// The kiosk posts the order with the discount: Mes Réductions names it.
		at := time.Now().Add(-time.Hour)
		o := sampleOrder("LOY-1", at)
		o.Source = orders.SourceKiosk
		o.Discount = got.Discount
		o.Total = o.Subtotal - got.Discount.Amount
		rebalance(&o)
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", keyA, o); res.Status != http.StatusCreated {
			t.Fatalf("post order: %d %s", res.Status, res.Body)
		}
		day := at.In(mustZone(t, "Europe/Paris")).Format(time.DateOnly)
		var rep reports.DiscountReport
		srv.Do(t, http.MethodGet, "/api/v1/reports/discounts?start="+day+"&end="+day+"&restaurantId="+itoa(restA), admin, nil).JSON(t, &rep)
		found := false
		for _, l := range rep.ByLabel {
			found = found || (l.Label == label && l.Cents == 250 && l.Orders == 1)
		}
		if !found {
			t.Fatalf("Mes Réductions by label: %+v", rep.ByLabel)
		}

		// Release (once), then the customer page.
		for range 2 {
			res := srv.Do(t, http.MethodPost, "/kiosk/v1/loyalty/release", keyA, map[string]any{"customerId": alice, "rewardId": w.ID, "orderId": "LOY-1"})
			if res.Status != http.StatusOK || !strings.Contains(string(res.Body), `"points":150`) {
				t.Fatalf("release: %d %s", res.Status, res.Body)
			}
		}
		cpath := "/api/v1/customers/" + itoa(alice) + "/loyalty"
		if res := srv.Do(t, http.MethodGet, cpath, other, nil); res.Status != http.StatusNotFound {
			t.Fatalf("another franchise reads the customer: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPost, cpath+"/adjust", guest, map[string]any{"points": 5, "reason": "Geste"}); res.Status != http.StatusForbidden {
			t.Fatalf("guest adjusted: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPost, cpath+"/adjust", admin, map[string]any{"points": -500, "reason": "Erreur"}); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "le solde ne peut pas devenir négatif") {
			t.Fatalf("overdrawn adjust: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodPost, cpath+"/adjust", admin, map[string]any{"points": 20, "reason": "Geste commercial"})
		var cl loyalty.CustomerLoyalty
		res.JSON(t, &cl)
		if res.Status != http.StatusOK || cl.Points != 170 || cl.LifetimePoints != 170 || len(cl.Entries) != 3 || cl.Entries[0].Kind != "adjust" || cl.Entries[0].Reason != "Geste commercial" {
			t.Fatalf("adjust: %d %+v", res.Status, cl)
		}

		var d loyalty.LoyaltyDashboard
		res = srv.Do(t, http.MethodGet, "/api/v1/loyalty/dashboard", guest, nil)
		res.JSON(t, &d)
		if res.Status != http.StatusOK || d.Redemptions != 0 || d.PointsRedeemed != 0 || len(d.RewardCost) != 0 || len(d.ByDay) != 30 {
			t.Fatalf("dashboard: %d %+v", res.Status, d)
		}
		var ad loyalty.LoyaltyDashboard
		srv.Do(t, http.MethodGet, "/api/v1/loyalty/dashboard", admin, nil).JSON(t, &ad)
		// A hand adjustment belongs to no restaurant: only logins that see
		// the whole franchise count it.
		if ad.Members != 1 || ad.PointsEarned != 20 || ad.ByDay[29].Earned != 20 {
			t.Fatalf("admin dashboard members %d", ad.Members)
		}
		var h loyalty.LoyaltyHistoryPage
		srv.Do(t, http.MethodGet, "/api/v1/loyalty/history?kind=redeem", admin, nil).JSON(t, &h)
		if h.Total != 1 || h.Items[0].Customer.Name != "Alice Client" || h.Items[0].Reward == nil || h.Items[0].Reward.Name != "Café offert" {
			t.Fatalf("history: %+v", h)
		}
		srv.Do(t, http.MethodGet, "/api/v1/loyalty/history", other, nil).JSON(t, &h)
		if h.Total != 0 {
			t.Fatalf("another franchise's history: %+v", h)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/loyalty/dashboard?restaurantId="+itoa(restB), admin, nil); res.Status != http.StatusNotFound {
			t.Fatalf("another franchise's restaurant: %d", res.Status)
		}
		var m loyalty.LoyaltyMemberPage
		srv.Do(t, http.MethodGet, "/api/v1/loyalty/members", admin, nil).JSON(t, &m)
		if m.Total != 1 || m.Items[0].Customer.ID != alice || m.Items[0].Points != 170 {
			t.Fatalf("members: %+v", m)
		}
	})
}

// loyaltySecrets gives a franchise of the tenancy test a loyalty rule, tier
// and reward and a customer, whose names must never leak.
func loyaltySecrets(t *testing.T, srv *testutil.Server, login string, f *fixture) {
	t.Helper()
	token := srv.SignIn(t, login)
	for i, c := range []struct {
		path string
		body map[string]any
	}{
		{"/api/v1/loyalty/rules", map[string]any{"name": "Règle secrète " + login, "kind": "visit", "points": 5, "active": true}},
		{"/api/v1/loyalty/tiers", map[string]any{"name": "Niveau secret " + login, "minPoints": 100}},
		{"/api/v1/loyalty/rewards", map[string]any{"name": "Récompense secrète " + login, "kind": "discount", "costPoints": 50, "value": map[string]any{"cents": 300, "currency": "EUR"}, "active": true}},
	} {
		res := srv.Do(t, http.MethodPost, c.path, token, c.body)
		var x struct{ ID int64 }
		res.JSON(t, &x)
		if res.Status != http.StatusCreated {
			t.Fatalf("%s for %s: %d %s", c.path, login, res.Status, res.Body)
		}
		f.loyalty[i] = x.ID
		f.markers = append(f.markers, c.body["name"].(string))
	}
	name := "Cliente secrète " + login
	f.customers = append(f.customers, loyaltyCustomer(t, srv.DB, f.franchiseID, f.restaurants[0], name, 80))
	f.markers = append(f.markers, name)
}
