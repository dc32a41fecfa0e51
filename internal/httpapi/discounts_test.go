package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/discounts"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

func createDiscount(t *testing.T, srv *testutil.Server, token string, d discounts.FranchiseDiscount) discounts.FranchiseDiscount {
	t.Helper()
	res := srv.Do(t, http.MethodPost, "/api/v1/discounts", token, d)
	if res.Status != http.StatusCreated {
		t.Fatalf("create discount: %d %s", res.Status, res.Body)
	}
	var out discounts.FranchiseDiscount
	res.JSON(t, &out)
	return out
}

func createCode(t *testing.T, srv *testutil.Server, token string, c discounts.PromoCode) discounts.PromoCode {
	t.Helper()
	res := srv.Do(t, http.MethodPost, "/api/v1/promocodes", token, c)
	if res.Status != http.StatusCreated {
		t.Fatalf("create code: %d %s", res.Status, res.Body)
	}
	var out discounts.PromoCode
	res.JSON(t, &out)
	return out
}

type promoCheck struct {
	Valid    bool                       `json:"valid"`
	Reason   string                     `json:"reason"`
	Discount *discounts.AppliedDiscount `json:"discount"`
}

func checkCode(t *testing.T, srv *testutil.Server, key, code string, b discounts.Basket) promoCheck {
	t.Helper()
	res := srv.Do(t, http.MethodPost, "/kiosk/v1/promocodes/check", key, map[string]any{"code": code, "basket": b})
	if res.Status != 200 {
		t.Fatalf("check %s: %d %s", code, res.Status, res.Body)
	}
	var out promoCheck
	res.JSON(t, &out)
	return out
}

// The rules of a discount decide what a code takes off a basket, or say in
// French why not; checking uses nothing.
func TestPromoCodeRules(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		kiosk := deviceKeyOf(t, srv.DB, "Paris Bastille", "borne")
		geneva := deviceKeyOf(t, srv.DB, "Genève Plainpalais", "borne")
		burgers := createDiscount(t, srv, admin, discounts.FranchiseDiscount{Name: "Burgers -20 %", Kind: discounts.KindPercent, Value: 2000, Active: true,
			Rules: discounts.DiscountRules{Target: discounts.TargetCategories, TargetIDs: []string{"cat-burgers"}, MinBasket: 1000, OrderTypes: []int{orders.TypeTakeAway}}})
		fixed := createDiscount(t, srv, admin, discounts.FranchiseDiscount{Name: "3 € offerts", Kind: discounts.KindAmount, Value: 300, Active: true})
		if fixed.Currency != "EUR" {
			t.Fatalf("an amount discount without currency takes the franchise's: %q", fixed.Currency)
		}
		createCode(t, srv, admin, discounts.PromoCode{Code: " burger 20 ", DiscountID: burgers.ID, Active: true})
		createCode(t, srv, admin, discounts.PromoCode{Code: "TROIS", DiscountID: fixed.ID, Active: true})
		createCode(t, srv, admin, discounts.PromoCode{Code: "EXPIRE", DiscountID: fixed.ID, Active: true, ValidUntil: "2020-01-31"})

		basket := discounts.Basket{Subtotal: 2500, Type: orders.TypeTakeAway, Lines: []discounts.BasketLine{
			{ProductID: "p-classique", CategoryID: "cat-burgers", Total: 1990}, {ProductID: "p-biere", CategoryID: "cat-boissons", Total: 510}}}
		got := checkCode(t, srv, kiosk, "Burger20", basket)
		// 20 % of the burgers' 19,90 € only: 3,98 €.
		if !got.Valid || got.Discount.Amount != 398 || got.Discount.Code != "BURGER20" || got.Discount.DiscountID != burgers.ID {
			t.Fatalf("burgers code: %+v %+v", got, got.Discount)
		}
		for _, c := range []struct {
			code   string
			basket discounts.Basket
			reason string
		}{
			{"BURGER20", func() discounts.Basket { b := basket; b.Type = orders.TypeDineIn; return b }(), "Cette réduction ne s'applique pas aux commandes « Sur Place »."},
			{"BURGER20", discounts.Basket{Subtotal: 900, Type: orders.TypeTakeAway, Lines: []discounts.BasketLine{{CategoryID: "cat-burgers", Total: 900}}}, "Panier minimum de 10,00\u00a0€ non atteint."},
			{"BURGER20", discounts.Basket{Subtotal: 1200, Type: orders.TypeTakeAway, Lines: []discounts.BasketLine{{CategoryID: "cat-boissons", Total: 1200}}}, "Aucun article de la commande n'est concerné par cette réduction."},
			{"EXPIRE", basket, "Ce code promo a expiré le 31/01/2020."},
			{"INCONNU", basket, "Ce code promo n'existe pas."},
			{"TROIS", func() discounts.Basket { b := basket; b.Applied = []int64{burgers.ID}; return b }(), "Cette réduction ne se cumule pas avec « Burgers -20 % »."},
		} {
			got := checkCode(t, srv, kiosk, c.code, c.basket)
			if got.Valid || got.Reason != c.reason {
				t.Errorf("%s: got %+v, want refusal %q", c.code, got, c.reason)
			}
		}
		// An amount in euros never applies where the restaurant counts in francs.
		if got := checkCode(t, srv, geneva, "TROIS", basket); got.Valid || got.Reason != "Cette réduction en EUR ne s'applique pas dans un restaurant qui compte en CHF." {
			t.Fatalf("EUR discount in Geneva: %+v", got)
		}
		if got := checkCode(t, srv, kiosk, "trois", basket); !got.Valid || got.Discount.Amount != 300 {
			t.Fatalf("3 € code: %+v", got)
		}
		// Checks used nothing.
		var codes []discounts.PromoCode
		srv.Do(t, http.MethodGet, "/api/v1/promocodes", admin, nil).JSON(t, &codes)
		for _, c := range codes {
			if c.Used != 0 {
				t.Fatalf("a check used code %s: %d", c.Code, c.Used)
			}
		}
		// Field errors are French and name their field.
		res := srv.Do(t, http.MethodPost, "/api/v1/discounts", admin, discounts.FranchiseDiscount{Name: "Sans cible", Kind: discounts.KindPercent, Value: 500,
			Rules: discounts.DiscountRules{Target: discounts.TargetProducts}})
		if res.Status != 422 || !strings.Contains(string(res.Body), "Choisissez au moins un produit.") || !strings.Contains(string(res.Body), "body.rules.targetIds") {
			t.Fatalf("no target: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/promocodes", admin, discounts.PromoCode{Code: "trois", DiscountID: fixed.ID, Active: true}); res.Status != 422 ||
			!strings.Contains(string(res.Body), "Le code « TROIS » existe déjà.") {
			t.Fatalf("duplicate code: %d %s", res.Status, res.Body)
		}
	})
}

// A code with a quota of 100 is used 100 times, never 101, when 150 orders
// of several kiosks redeem it at once; a retried redemption uses nothing
// more; a failed payment gives its use back; Mes Réductions reports the
// code's orders.
func TestPromoCodeQuotaUnderConcurrency(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		keys := []string{deviceKeyOf(t, srv.DB, "Paris Bastille", "borne"), deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "borne"),
			deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")}
		d := createDiscount(t, srv, admin, discounts.FranchiseDiscount{Name: "Lancement", Kind: discounts.KindAmount, Value: 200, Active: true})
		code := createCode(t, srv, admin, discounts.PromoCode{Code: "LANCEMENT", DiscountID: d.ID, MaxUses: 100, Active: true})
		basket := discounts.Basket{Subtotal: 1500, Type: orders.TypeTakeAway}
		var wg sync.WaitGroup
		var mu sync.Mutex
		status := map[int]int{}
		for i := range 150 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := srv.Do(t, http.MethodPost, "/kiosk/v1/promocodes/redeem", keys[i%len(keys)],
					map[string]any{"code": "LANCEMENT", "order_id": fmt.Sprintf("L-%d", i), "basket": basket})
				mu.Lock()
				status[res.Status]++
				mu.Unlock()
				if res.Status == http.StatusConflict && !strings.Contains(string(res.Body), "Ce code promo a atteint son nombre maximal d'utilisations.") {
					t.Errorf("refusal: %s", res.Body)
				}
			}()
		}
		wg.Wait()
		if status[200] != 100 || status[409] != 50 {
			t.Fatalf("150 redemptions of a quota of 100: %v", status)
		}
		used := func() int {
			var n int
			if err := srv.DB.QueryRow(context.Background(), `SELECT used FROM promo_codes WHERE id = ?`, code.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := used(); n != 100 {
			t.Fatalf("used %d times", n)
		}
		// Which orders got it: the winners' retries answer the same, uses nothing.
		var winner string
		for i := range 150 {
			id := fmt.Sprintf("L-%d", i)
			var n int
			if err := srv.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM promo_redemptions WHERE till_order_id = ? AND NOT released`, id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n == 1 && i%len(keys) == 0 {
				winner = id
				break
			}
		}
		if winner == "" {
			t.Fatal("no redemption by the first kiosk")
		}
		res := srv.Do(t, http.MethodPost, "/kiosk/v1/promocodes/redeem", keys[0], map[string]any{"code": "lancement", "order_id": winner, "basket": basket})
		if res.Status != 200 || used() != 100 {
			t.Fatalf("retried redemption: %d %s, used %d", res.Status, res.Body, used())
		}
		// The winner's payment fails: the use comes back, once.
		for range 2 {
			srv.Do(t, http.MethodPost, "/kiosk/v1/promocodes/release", keys[0], map[string]any{"code": "LANCEMENT", "order_id": winner})
		}
		if n := used(); n != 99 {
			t.Fatalf("after a release: used %d", n)
		}
		// The freed use goes to a new order, posted with its code.
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/promocodes/redeem", keys[0], map[string]any{"code": "LANCEMENT", "order_id": "NEW-1", "basket": basket})
		if res.Status != 200 {
			t.Fatalf("redeem after release: %d %s", res.Status, res.Body)
		}
		at := time.Now().Add(-time.Hour)
		o := sampleOrder("NEW-1", at)
		o.Discount = &orders.Discount{Type: orders.DiscountAmount, Value: 200, Amount: 200, Code: "lancement"}
		o.Total = o.Subtotal - 200
		rebalance(&o)
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/orders", keys[0], o)
		if res.Status != 201 {
			t.Fatalf("post order with its code: %d %s", res.Status, res.Body)
		}
		var posted struct {
			ID int64 `json:"id"`
		}
		res.JSON(t, &posted)
		if n := used(); n != 100 {
			t.Fatalf("the posted order used the code again: used %d", n)
		}
		// The quota is spent: an order naming the code without a redemption
		// is refused with the reason.
		o2 := o
		o2.OrderID = "NEW-2"
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/orders", keys[0], o2)
		if res.Status != 422 || !strings.Contains(string(res.Body), "Code promo « LANCEMENT » refusé : Ce code promo a atteint son nombre maximal d'utilisations.") {
			t.Fatalf("order over quota: %d %s", res.Status, res.Body)
		}
		// The stored order names its discount and code, and Mes Réductions
		// counts the code.
		var stored struct {
			Order orders.Order `json:"order"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(posted.ID), admin, nil).JSON(t, &stored)
		if stored.Order.Discount == nil || stored.Order.Discount.Code != "LANCEMENT" || stored.Order.Discount.DiscountID != d.ID || stored.Order.Discount.Label != "Lancement" {
			t.Fatalf("stored discount: %+v", stored.Order.Discount)
		}
		day := at.In(mustZone(t, "Europe/Paris")).Format(time.DateOnly)
		var rep reports.DiscountReport
		srv.Do(t, http.MethodGet, "/api/v1/reports/discounts?start="+day+"&end="+day+"&restaurantId="+itoa(restaurantIDByName(t, srv.DB, "Paris Bastille")), admin, nil).JSON(t, &rep)
		if len(rep.ByCode) != 1 || rep.ByCode[0].Label != "LANCEMENT" || rep.ByCode[0].Cents != 200 || rep.ByCode[0].Orders != 1 {
			t.Fatalf("Mes Réductions by code: %+v", rep.ByCode)
		}
	})
}

// rebalance puts an order's VAT lines and payments in step with its total.
func rebalance(o *orders.Order) {
	o.VAT = []orders.VATLine{{Rate: 1000, HT: orders.HT(o.Total, 1000), TTC: o.Total}}
	o.VAT[0].VAT = o.Total - o.VAT[0].HT
	o.Payments = []orders.Payment{{Method: "cb", Amount: o.Total}}
}

// Kiosks receive their restaurant's automatic discounts as a document with
// an ETag, and the stream announces a change within a second; a kiosk of
// another restaurant is not told of a discount that is not its own; another
// franchise neither sees nor changes the discounts.
func TestKioskDiscountsDocumentAndStream(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		bastille := deviceKeyOf(t, srv.DB, "Paris Bastille", "borne")
		lyon := deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "borne")
		first := srv.Do(t, http.MethodGet, "/kiosk/v1/discounts", bastille, nil)
		etag := first.Header.Get("ETag")
		if first.Status != 200 || etag == "" || !strings.Contains(string(first.Body), `"name":"Happy hour borne"`) || strings.Contains(string(first.Body), "Bienvenue") {
			t.Fatalf("the demo's automatic discount only: %d %s %q", first.Status, first.Body, etag)
		}
		if res := srv.DoWith(t, http.MethodGet, "/kiosk/v1/discounts", bastille, nil, map[string]string{"If-None-Match": etag}); res.Status != 304 {
			t.Fatalf("unchanged: %d", res.Status)
		}
		bastilleStream := sseLines(t, srv, "/kiosk/v1/events", map[string]string{"Authorization": "Bearer " + bastille})
		waitFor(t, bastilleStream, "event: discounts")
		lyonStream := sseLines(t, srv, "/kiosk/v1/events", map[string]string{"Authorization": "Bearer " + lyon})
		waitFor(t, lyonStream, "event: discounts")
		waitFor(t, lyonStream, "data:")

		happy := createDiscount(t, srv, admin, discounts.FranchiseDiscount{Name: "Goûter Bastille", Kind: discounts.KindPercent, Value: 1500, Active: true, Automatic: true,
			Rules: discounts.DiscountRules{Restaurants: []int64{restaurantIDByName(t, srv.DB, "Paris Bastille")}, StartTime: "15:00", EndTime: "18:00"}})
		waitFor(t, bastilleStream, "event: discounts")
		next := srv.DoWith(t, http.MethodGet, "/kiosk/v1/discounts", bastille, nil, map[string]string{"If-None-Match": etag})
		if next.Status != 200 || next.Header.Get("ETag") == etag || !strings.Contains(string(next.Body), `"name":"Goûter Bastille"`) {
			t.Fatalf("after the new discount: %d %s", next.Status, next.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/kiosk/v1/discounts", lyon, nil); strings.Contains(string(res.Body), "Goûter Bastille") {
			t.Fatal("Lyon's kiosk received Bastille's discount")
		}
		// Lyon's stream says nothing of Bastille's discount (its document did
		// not change): the next announcement it gets is the franchise-wide
		// discount's, with the ETag of its document as it is now.
		createDiscount(t, srv, admin, discounts.FranchiseDiscount{Name: "Menu étudiant", Kind: discounts.KindPercent, Value: 1000, Active: true, Automatic: true})
		waitFor(t, lyonStream, "event: discounts")
		var data string
		for l := range lyonStream {
			if strings.HasPrefix(l, "data:") {
				data = l
				break
			}
		}
		now := srv.Do(t, http.MethodGet, "/kiosk/v1/discounts", lyon, nil)
		if !strings.Contains(string(now.Body), "Menu étudiant") || !strings.Contains(data, strings.ReplaceAll(now.Header.Get("ETag"), `"`, `\"`)) {
			t.Fatalf("Lyon's first announcement %s, its document now %s %s", data, now.Header.Get("ETag"), now.Body)
		}
		// Another franchise sees none of it and cannot change it.
		other := srv.SignIn(t, "autre-admin")
		var list []discounts.FranchiseDiscount
		srv.Do(t, http.MethodGet, "/api/v1/discounts", other, nil).JSON(t, &list)
		if len(list) != 0 {
			t.Fatalf("another franchise sees %d discounts", len(list))
		}
		for _, r := range []testutil.Response{
			srv.Do(t, http.MethodGet, "/api/v1/discounts/"+itoa(happy.ID), other, nil),
			srv.DoWith(t, http.MethodPut, "/api/v1/discounts/"+itoa(happy.ID), other, happy, map[string]string{"If-Match": `"1"`}),
			srv.Do(t, http.MethodDelete, "/api/v1/discounts/"+itoa(happy.ID), other, nil),
			srv.Do(t, http.MethodPost, "/api/v1/promocodes", other, discounts.PromoCode{Code: "VOLE", DiscountID: happy.ID, Active: true}),
		} {
			if r.Status != 404 && r.Status != 422 {
				t.Fatalf("another franchise reached a discount: %d %s", r.Status, r.Body)
			}
		}
		// Lyon's login cannot define a discount for the whole franchise, nor
		// for Bastille; it can for Lyon.
		resto := srv.SignIn(t, "demo-resto")
		if res := srv.Do(t, http.MethodPost, "/api/v1/discounts", resto, discounts.FranchiseDiscount{Name: "Tout le réseau", Kind: discounts.KindPercent, Value: 500, Active: true}); res.Status != 422 {
			t.Fatalf("restaurant login, franchise-wide: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/discounts", resto, discounts.FranchiseDiscount{Name: "Bastille", Kind: discounts.KindPercent, Value: 500, Active: true,
			Rules: discounts.DiscountRules{Restaurants: []int64{restaurantIDByName(t, srv.DB, "Paris Bastille")}}}); res.Status != 422 {
			t.Fatalf("restaurant login, another restaurant: %d %s", res.Status, res.Body)
		}
		own := createDiscount(t, srv, resto, discounts.FranchiseDiscount{Name: "Lyon seulement", Kind: discounts.KindPercent, Value: 500, Active: true,
			Rules: discounts.DiscountRules{Restaurants: []int64{restaurantIDByName(t, srv.DB, "Lyon Part-Dieu")}}})
		if own.OwnerRestaurant != restaurantIDByName(t, srv.DB, "Lyon Part-Dieu") {
			t.Fatalf("owner: %d", own.OwnerRestaurant)
		}
		if res := srv.DoWith(t, http.MethodPut, "/api/v1/discounts/"+itoa(happy.ID), resto, happy, map[string]string{"If-Match": `"1"`}); res.Status != 404 {
			t.Fatalf("restaurant login edits Bastille's discount: %d", res.Status)
		}
		// A stale write is refused; the history keeps the change.
		happy.Value = 2000
		if res := srv.DoWith(t, http.MethodPut, "/api/v1/discounts/"+itoa(happy.ID), admin, happy, map[string]string{"If-Match": `"1"`}); res.Status != 200 {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		if res := srv.DoWith(t, http.MethodPut, "/api/v1/discounts/"+itoa(happy.ID), admin, happy, map[string]string{"If-Match": `"1"`}); res.Status != 409 {
			t.Fatalf("stale update: %d %s", res.Status, res.Body)
		}
		var n int
		if err := srv.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM history_entries WHERE module = ? AND action = 'Modification'`, discounts.HistoryModule).Scan(&n); err != nil || n != 1 {
			t.Fatalf("history: %d %v", n, err)
		}
	})
}
