package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"brigade/internal/customers"
	"brigade/internal/loyalty"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// Points through the whole chain, as the application wires it: an owner's
// rules, a kiosk order naming a customer earns them once (a retried post
// earns nothing more), a partial refund takes back its share and the
// refund of the rest the remainder; the customer's page and the kiosk's
// lookup say the same balance.
func TestPointsOnPayAndRefundThroughOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		kiosk := deviceKeyOf(t, srv.DB, "Paris Bastille", "borne")
		for _, rule := range []map[string]any{
			{"name": "Une visite", "kind": "visit", "points": 10, "active": true},
			{"name": "Un point par euro", "kind": "amount", "points": 1, "perCents": 100, "currency": "EUR", "active": true},
		} {
			if res := srv.Do(t, http.MethodPost, "/api/v1/loyalty/rules", admin, rule); res.Status != http.StatusCreated && res.Status != http.StatusOK {
				t.Fatalf("rule %v: %d %s", rule["name"], res.Status, res.Body)
			}
		}

		o := sampleOrder("PTS-1", time.Now().Add(-time.Hour)) // 24,12 € paid
		o.Source = orders.SourceKiosk
		o.Customer = &orders.CustomerRef{Phone: "07 70 00 00 01", FirstName: "Inès"}
		for range 2 {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", kiosk, o); res.Status != http.StatusCreated && res.Status != http.StatusOK {
				t.Fatalf("post: %d %s", res.Status, res.Body)
			}
		}
		var page customers.CustomersPage
		srv.Do(t, http.MethodGet, "/api/v1/customers?q=Inès", admin, nil).JSON(t, &page)
		if page.Total != 1 {
			t.Fatalf("customers named Inès: %d", page.Total)
		}
		id := itoa(page.Items[0].ID)
		balance := func(want int64, when string) {
			t.Helper()
			var l loyalty.CustomerLoyalty
			res := srv.Do(t, http.MethodGet, "/api/v1/customers/"+id+"/loyalty", admin, nil)
			res.JSON(t, &l)
			if res.Status != http.StatusOK || l.Points != want {
				t.Fatalf("%s: points %d, want %d (%d %s)", when, l.Points, want, res.Status, res.Body)
			}
			var c customers.CustomerInfo
			srv.Do(t, http.MethodGet, "/api/v1/customers/"+id, admin, nil).JSON(t, &c)
			if c.Points != want {
				t.Fatalf("%s: the customer says %d points, its loyalty %d", when, c.Points, want)
			}
		}
		balance(34, "paid once, posted twice") // 10 for the visit + 24 for 24,12 €

		change := func(body map[string]any) {
			t.Helper()
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders/PTS-1/status", kiosk, body); res.Status != http.StatusCreated && res.Status != http.StatusOK {
				t.Fatalf("status %v: %d %s", body["status"], res.Status, res.Body)
			}
		}
		half := map[string]any{"event_id": "R-1", "status": "partially_refunded", "at": time.Now().Format(time.RFC3339), "refund_cents": 1206}
		change(half)
		change(half) // the same change again: taken back once
		balance(17, "half refunded")
		change(map[string]any{"event_id": "R-2", "status": "refunded", "at": time.Now().Format(time.RFC3339)})
		balance(0, "refunded in full")

		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/customers/lookup", kiosk, map[string]string{"phone": "+33770000001"}); res.Status != http.StatusOK {
			t.Fatalf("lookup: %d %s", res.Status, res.Body)
		}
	})
}
