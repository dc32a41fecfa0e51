package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// collectOrder is sampleOrder posted by click & collect, with 1,50 of
// fees (VAT at 20 %, paid by card).
func collectOrder(id string, at time.Time) orders.Order {
	o := sampleOrder(id, at)
	o.Source, o.Type = orders.SourceCollect, orders.TypeTakeAway
	o.Fees = 150
	o.Total += o.Fees
	o.VAT[1].TTC += o.Fees
	o.VAT[1].HT = orders.HT(o.VAT[1].TTC, 2000)
	o.VAT[1].VAT = o.VAT[1].TTC - o.VAT[1].HT
	o.Payments[1].Amount += o.Fees
	return o
}

// TestClickAndCollectAndCancellationsRoutes: the two reports and the
// cancelled orders' list answer their contract's shape with the orders
// just posted (a click & collect order with fees, a till order, a
// cancelled order); reversed dates are 422 in French; another franchise's
// restaurant is 404, and a moderator sees its restaurant only.
func TestClickAndCollectAndCancellationsRoutes(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		at := time.Now().Add(-time.Minute)
		key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
		cancelled := sampleOrder("CC-CANCEL", at)
		cancelled.Status = orders.StatusCancelled
		for _, o := range []orders.Order{collectOrder("CC-1", at), sampleOrder("CC-TILL", at), cancelled} {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, o); res.Status != http.StatusCreated {
				t.Fatalf("%s: %d %s", o.OrderID, res.Status, res.Body)
			}
		}
		cc, till := collectOrder("X", at), sampleOrder("X", at)
		paris := mustZone(t, "Europe/Paris")
		day := at.In(paris).Format("2006-01-02")
		q := "?start=" + day + "&end=" + day
		admin := srv.SignIn(t, "demo-admin")

		res := srv.Do(t, http.MethodGet, "/api/v1/reports/clickAndCollect"+q, admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("clickAndCollect: %d %s", res.Status, res.Body)
		}
		var collect struct {
			Currency string
			Totals   struct {
				Current struct {
					RevenueCents, Orders, AverageBasketCents, FeesCents, AllRevenueCents, AllOrders int64
					SharePct                                                                        float64
				}
			}
			Days        []struct{ Date string }
			Hours       []struct{ Hour, Orders int64 }
			Types       []struct{ Label string }
			Restaurants []struct {
				Name    string
				Current struct{ Orders int64 }
			}
		}
		res.JSON(t, &collect)
		c := collect.Totals.Current
		if collect.Currency != "EUR" || c.Orders != 1 || c.RevenueCents != cc.Total || c.FeesCents != 150 || c.AverageBasketCents != cc.Total ||
			c.AllOrders != 2 || c.AllRevenueCents != cc.Total+till.Total || len(collect.Days) != 1 || len(collect.Hours) != 24 ||
			len(collect.Types) != 1 || collect.Types[0].Label != "A Emporter" || collect.Hours[at.In(paris).Hour()].Orders != 1 {
			t.Errorf("clickAndCollect: %s", res.Body)
		}

		res = srv.Do(t, http.MethodGet, "/api/v1/reports/cancellations"+q, admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("cancellations: %d %s", res.Status, res.Body)
		}
		var cancels struct {
			Totals struct {
				Current struct{ Orders, AmountCents, AllOrders int64 }
			}
			Statuses   []struct{ Key, Label string }
			Reasons    []struct{ Label string }
			Equipments []struct {
				Name   string
				Orders int64
			}
		}
		res.JSON(t, &cancels)
		if k := cancels.Totals.Current; k.Orders != 1 || k.AmountCents != cancelled.Total || k.AllOrders != 3 || len(cancels.Statuses) != 1 ||
			cancels.Statuses[0].Label != "Annulée" || len(cancels.Reasons) != 1 || cancels.Reasons[0].Label != "Motif non renseigné" ||
			len(cancels.Equipments) != 1 || cancels.Equipments[0].Orders != 1 {
			t.Errorf("cancellations: %s", res.Body)
		}

		res = srv.Do(t, http.MethodGet, "/api/v1/reports/cancellations/orders"+q+"&pageSize=10", admin, nil)
		var page struct {
			Total int64
			Items []struct {
				ID                                       int64
				OrderID, Status, StatusLabel, Restaurant string
				AmountCents                              int64
			}
		}
		res.JSON(t, &page)
		if res.Status != http.StatusOK || page.Total != 1 || len(page.Items) != 1 || page.Items[0].OrderID != "CC-CANCEL" ||
			page.Items[0].StatusLabel != "Annulée" || page.Items[0].Restaurant != "Paris Bastille" || page.Items[0].AmountCents != cancelled.Total {
			t.Errorf("cancelled orders: %d %s", res.Status, res.Body)
		}
		// The row's id opens the order's detail.
		if res := srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(page.Items[0].ID), admin, nil); res.Status != http.StatusOK || !strings.Contains(string(res.Body), "CC-CANCEL") {
			t.Errorf("detail of the cancelled order: %d %.200s", res.Status, res.Body)
		}

		for _, path := range []string{"/api/v1/reports/clickAndCollect", "/api/v1/reports/cancellations", "/api/v1/reports/cancellations/orders"} {
			res := srv.Do(t, http.MethodGet, path+"?start=2026-02-01&end=2026-01-31", admin, nil)
			if body := string(res.Body); res.Status != http.StatusUnprocessableEntity || !strings.Contains(body, `"location":"query.end"`) || !strings.Contains(body, "La date de fin doit suivre la date de début") {
				t.Errorf("%s reversed: %d %s", path, res.Status, res.Body)
			}
		}

		var other, marseille int64
		for name, id := range map[string]*int64{"Comptoir Montmartre": &other, "Marseille Vieux-Port": &marseille} {
			if err := srv.DB.QueryRow(context.Background(), `SELECT id FROM restaurants WHERE nom = ?`, name).Scan(id); err != nil {
				t.Fatal(err)
			}
		}
		for _, path := range []string{"/api/v1/reports/clickAndCollect", "/api/v1/reports/cancellations", "/api/v1/reports/cancellations/orders"} {
			for _, c := range []struct {
				login string
				rid   int64
			}{{"demo-admin", other}, {"demo-moderateur", other}, {"demo-moderateur", marseille}} {
				if res := srv.Do(t, http.MethodGet, path+q+"&restaurantId="+itoa(c.rid), srv.SignIn(t, c.login), nil); res.Status != http.StatusNotFound {
					t.Errorf("%s: %s asking restaurant %d: %d %.200s", path, c.login, c.rid, res.Status, res.Body)
				}
			}
		}
		mod := srv.SignIn(t, "demo-moderateur")
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/clickAndCollect"+q, mod, nil)
		res.JSON(t, &collect)
		if res.Status != http.StatusOK || len(collect.Restaurants) != 1 || collect.Restaurants[0].Name != "Paris Bastille" || collect.Totals.Current.Orders != 1 {
			t.Errorf("moderator (Paris Bastille only): %d %s", res.Status, res.Body)
		}
	})
}
