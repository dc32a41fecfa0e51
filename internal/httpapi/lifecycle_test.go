package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestOrderLifecycle: a till refunds part of an order two days after
// selling it, then the rest the next day, on another till; the ticket keeps
// the history, a retry changes nothing, and each day's Z and counts show
// what happened that day: the sale on its day, each refund on its own, by
// the refund's method; the three days together come to nothing sold and
// one refunded order. Another franchise's till cannot touch the order.
func TestOrderLifecycle(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
		kiosk := deviceKeyOf(t, srv.DB, "Paris Bastille", "borne")
		var tillKeen string
		if err := srv.DB.QueryRow(t.Context(), `SELECT e.user_keen_id FROM equipments e JOIN restaurants r ON r.id = e.restaurant_id WHERE r.nom = 'Paris Bastille' AND e.kind = 'caisse' ORDER BY e.id LIMIT 1`).Scan(&tillKeen); err != nil {
			t.Fatal(err)
		}
		paris := mustZone(t, "Europe/Paris")
		noon := func(daysAgo int) time.Time {
			y, m, d := time.Now().In(paris).AddDate(0, 0, -daysAgo).Date()
			return time.Date(y, m, d, 12, 0, 0, 0, paris)
		}
		sold, part, rest := noon(3), noon(2), noon(1)
		o := sampleOrder("LC-1", sold) // 24,12 €: 12,00 in meal vouchers, 12,12 by card
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, o); res.Status != http.StatusCreated {
			t.Fatalf("post: %d %s", res.Status, res.Body)
		}
		type event struct {
			EventID      string `json:"event_id"`
			From, Status string
			BusinessDate string `json:"business_date"`
			RefundCents  int64  `json:"refund_cents"`
			Method       string
			Reason       string
		}
		type out struct {
			ID        int64
			Duplicate bool
			Refunded  int64 `json:"refunded_cents"`
			Order     struct{ Status string }
			History   []event
		}
		change := func(dev string, body map[string]any) (int, out, string) {
			t.Helper()
			res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders/LC-1/status", dev, body)
			var o out
			if res.Status < 300 {
				res.JSON(t, &o)
			}
			return res.Status, o, string(res.Body)
		}
		first := map[string]any{"event_id": "R-1", "status": "partially_refunded", "at": part, "refund_cents": 500, "method": "especes", "reason": "Boisson renversée"}
		st, got, body := change(key, first)
		if st != http.StatusCreated || got.Order.Status != "partially_refunded" || got.Refunded != 500 || len(got.History) != 1 ||
			got.History[0] != (event{"R-1", "paid", "partially_refunded", part.Format("2006-01-02"), 500, "especes", "Boisson renversée"}) {
			t.Fatalf("partial refund: %d %s", st, body)
		}
		if st, got, body = change(key, first); st != http.StatusOK || !got.Duplicate || len(got.History) != 1 || got.Refunded != 500 {
			t.Fatalf("retry: %d %s", st, body)
		}
		// The rest, from the restaurant's kiosk naming the till that sold it.
		st, got, body = change(kiosk, map[string]any{"event_id": "R-2", "status": "refunded", "at": rest, "method": "cb", "user_keen_id": tillKeen, "reason": "Client parti"})
		if st != http.StatusCreated || got.Order.Status != "refunded" || len(got.History) != 2 || got.History[1].RefundCents != o.Total-500 || got.History[1].From != "partially_refunded" {
			t.Fatalf("full refund: %d %s", st, body)
		}
		if st, _, body = change(key, map[string]any{"event_id": "R-3", "status": "paid", "at": time.Now()}); st != http.StatusConflict || !strings.Contains(body, "remboursée") || !strings.Contains(body, "body.status") {
			t.Errorf("a change after the refund: %d %s", st, body)
		}
		if st, _, body = change(key, map[string]any{"event_id": "R-4", "status": "refunded"}); st != http.StatusUnprocessableEntity || !strings.Contains(body, "at est obligatoire") {
			t.Errorf("no time: %d %s", st, body)
		}
		other := deviceKeyOf(t, srv.DB, "Comptoir Montmartre", "caisse")
		if st, _, body = change(other, map[string]any{"event_id": "X", "status": "refunded", "at": time.Now()}); st != http.StatusNotFound {
			t.Errorf("another franchise's till: %d %s", st, body)
		}
		if st, _, body = change(deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "caisse"), map[string]any{"event_id": "X", "status": "refunded", "at": time.Now(), "user_keen_id": tillKeen}); st != http.StatusNotFound {
			t.Errorf("another restaurant's till naming this one: %d %s", st, body)
		}

		admin := srv.SignIn(t, "demo-admin")
		var rid int64
		if err := srv.DB.QueryRow(t.Context(), `SELECT id FROM restaurants WHERE nom = 'Paris Bastille'`).Scan(&rid); err != nil {
			t.Fatal(err)
		}
		type z struct {
			Items []struct {
				Total    int64            `json:"totalp_platfrome"`
				HT       int64            `json:"ca_ht"`
				VAT      int64            `json:"tva"`
				Payments map[string]int64 `json:"payments"`
				Orders   int64            `json:"nbcommandes_ttc_platform"`
			}
		}
		zOf := func(from, to time.Time) (total, ht, vat, orders int64, pay map[string]int64) {
			t.Helper()
			var r z
			res := srv.Do(t, http.MethodGet, "/api/v1/reports/z?restaurantId="+itoa(rid)+"&start="+from.Format("2006-01-02")+"&end="+to.Format("2006-01-02"), admin, nil)
			res.JSON(t, &r)
			pay = map[string]int64{}
			for _, it := range r.Items {
				total, ht, vat, orders = total+it.Total, ht+it.HT, vat+it.VAT, orders+it.Orders
				for k, v := range it.Payments {
					pay[k] += v
				}
			}
			return
		}
		total, ht, vat, n, pay := zOf(sold, sold)
		if total != o.Total || n != 1 || ht+vat != o.Total || pay["cb"] != o.Total-1200 || pay["titre_restaurant"] != 1200 {
			t.Errorf("the day of the sale: %d (%d + %d), %d orders, %v", total, ht, vat, n, pay)
		}
		total, ht, vat, n, pay = zOf(part, part)
		if total != -500 || n != 0 || ht+vat != -500 || vat >= 0 || pay["especes"] != -500 || pay["cb"] != 0 {
			t.Errorf("the day of the partial refund: %d (%d + %d), %d orders, %v", total, ht, vat, n, pay)
		}
		total, ht, vat, n, pay = zOf(rest, rest)
		if total != -(o.Total-500) || n != -1 || ht+vat != total || pay["cb"] != -(o.Total-500) || pay["especes"] != 0 || pay["titre_restaurant"] != 0 {
			t.Errorf("the day of the full refund: %d (%d + %d), %d orders, %v", total, ht, vat, n, pay)
		}
		total, ht, vat, n, pay = zOf(sold, rest)
		if total != 0 || ht != 0 || vat != 0 || n != 0 || pay["titre_restaurant"] != 1200 || pay["cb"] != 500-1200 || pay["especes"] != -500 {
			t.Errorf("the three days: %d (%d + %d), %d orders, %v", total, ht, vat, n, pay)
		}
		var counts struct {
			Confirmed int64 `json:"confirmedOrders"`
			Cancelled int64 `json:"cancelledOrders"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/reports/counts?start="+sold.Format("2006-01-02")+"&end="+rest.Format("2006-01-02")+"&restaurantId="+itoa(rid), admin, nil).JSON(t, &counts)
		if counts.Confirmed != 0 || counts.Cancelled != 1 {
			t.Errorf("counts over the three days: %+v", counts)
		}
		// Mes Annulations: the refund on its day, with its reason; the days
		// of the sale and of the partial refund have no cancelled order.
		type cancelled struct {
			Totals struct {
				Current struct{ Orders, AmountCents int64 }
			}
			Reasons []struct {
				Label  string
				Orders int64
			}
		}
		type cancelledList struct {
			Items []struct {
				OrderID      string `json:"orderId"`
				Status       string
				Reason       string
				BusinessDate string
			}
			Total int64
		}
		for _, day := range []time.Time{sold, part, rest} {
			q := "?restaurantId=" + itoa(rid) + "&start=" + day.Format("2006-01-02") + "&end=" + day.Format("2006-01-02")
			var c cancelled
			var l cancelledList
			srv.Do(t, http.MethodGet, "/api/v1/reports/cancellations"+q, admin, nil).JSON(t, &c)
			res := srv.Do(t, http.MethodGet, "/api/v1/reports/cancellations/orders"+q, admin, nil)
			res.JSON(t, &l)
			if day != rest {
				if c.Totals.Current.Orders != 0 || len(l.Items) != 0 || l.Total != 0 {
					t.Errorf("cancellations on %s: %+v, %s", day.Format("2006-01-02"), c, res.Body)
				}
				continue
			}
			if c.Totals.Current.Orders != 1 || c.Totals.Current.AmountCents != o.Total || len(c.Reasons) != 1 || c.Reasons[0].Label != "Client parti" || c.Reasons[0].Orders != 1 {
				t.Errorf("cancellations on the day of the refund: %+v", c)
			}
			if l.Total != 1 || len(l.Items) != 1 || l.Items[0].Status != "refunded" || l.Items[0].Reason != "Client parti" || l.Items[0].BusinessDate != rest.Format("2006-01-02") {
				t.Errorf("cancelled orders on the day of the refund: %s", res.Body)
			}
		}
		// The ticket shows the history.
		var ticket out
		srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(got.ID), admin, nil).JSON(t, &ticket)
		if ticket.Order.Status != "refunded" || len(ticket.History) != 2 || ticket.History[0].Reason != "Boisson renversée" {
			t.Errorf("ticket: %+v", ticket)
		}
	})
}
