package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestFlashRoute: the daily flash answers its four periods with a total
// per currency (a Paris order in EUR, a Geneva one in CHF, never added)
// and every restaurant of the caller's scope; another franchise's
// restaurant is 404 for every role, a moderator sees its restaurant only,
// and a login outside any franchise is refused.
func TestFlashRoute(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		at := time.Now().Add(-time.Minute)
		for _, o := range []struct{ shop, id string }{{"Paris Bastille", "FL-EUR"}, {"Genève Plainpalais", "FL-CHF"}} {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, o.shop, "caisse"), sampleOrder(o.id, at)); res.Status != http.StatusCreated {
				t.Fatalf("%s: %d %s", o.shop, res.Status, res.Body)
			}
		}
		total := sampleOrder("X", at).Total
		type figures struct {
			RevenueCents, HTCents, Orders, AverageBasketCents int64
		}
		type flash struct {
			Date, Until string
			Periods     []struct {
				Key, Start, End string
				Partial         bool
				Previous        struct{ Start, End string }
				LastYear        struct{ Start, End string }
				Totals          []struct {
					Currency    string
					Restaurants int
					Current     figures
					ByOrderType []struct {
						Key, Label   string
						Orders       int64
						RevenueCents int64
					}
					BySource []struct {
						Key, Label string
						Orders     int64
					}
				}
				Restaurants []struct {
					RestaurantID int64
					Name         string
					Currency     string
					Current      figures
				}
			}
		}
		var got flash
		res := srv.Do(t, http.MethodGet, "/api/v1/reports/flash", srv.SignIn(t, "demo-admin"), nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		res.JSON(t, &got)
		paris := mustZone(t, "Europe/Paris")
		if got.Date != time.Now().In(paris).Format("2006-01-02") || len(got.Until) != 5 || len(got.Periods) != 4 {
			t.Fatalf("flash: %s", res.Body)
		}
		for i, k := range []string{"today", "yesterday", "week", "month"} {
			p := got.Periods[i]
			if p.Key != k || p.Partial != (k != "yesterday") || p.Start == "" || p.Previous.End == "" || p.LastYear.Start == "" {
				t.Errorf("period %d: %+v", i, p)
			}
			if len(p.Totals) != 3 || p.Totals[0].Currency != "EUR" || p.Totals[1].Currency != "CHF" || p.Totals[2].Currency != "MAD" {
				t.Errorf("%s totals: %+v", k, p.Totals)
			}
			if len(p.Restaurants) != 12 {
				t.Errorf("%s: %d restaurants, want the franchise's 12", k, len(p.Restaurants))
			}
		}
		// The order of a minute ago is today's (unless midnight fell in
		// between): one per currency, never added.
		if today := got.Periods[0]; at.In(paris).Format("2006-01-02") == got.Date {
			for _, tot := range today.Totals[:2] {
				if tot.Current.Orders != 1 || tot.Current.RevenueCents != total || tot.Current.AverageBasketCents != total ||
					len(tot.ByOrderType) != 1 || tot.ByOrderType[0].Label == "" || len(tot.BySource) != 1 || tot.BySource[0].Label != "Caisse" {
					t.Errorf("today %s: %+v", tot.Currency, tot)
				}
			}
		}

		var other, marseille, bastille int64
		for name, id := range map[string]*int64{"Comptoir Montmartre": &other, "Marseille Vieux-Port": &marseille, "Paris Bastille": &bastille} {
			if err := srv.DB.QueryRow(context.Background(), `SELECT id FROM restaurants WHERE nom = ?`, name).Scan(id); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			login string
			rid   int64
		}{{"demo-admin", other}, {"demo-moderateur", other}, {"demo-invite", other}, {"demo-moderateur", marseille}, {"demo-resto", marseille}} {
			if res := srv.Do(t, http.MethodGet, "/api/v1/reports/flash?restaurantId="+itoa(c.rid), srv.SignIn(t, c.login), nil); res.Status != http.StatusNotFound {
				t.Errorf("%s asking restaurant %d: %d %.200s", c.login, c.rid, res.Status, res.Body)
			}
		}
		var mod flash
		srv.Do(t, http.MethodGet, "/api/v1/reports/flash", srv.SignIn(t, "demo-moderateur"), nil).JSON(t, &mod)
		for _, p := range mod.Periods {
			if len(p.Restaurants) != 1 || p.Restaurants[0].RestaurantID != bastille || len(p.Totals) != 1 || p.Totals[0].Currency != "EUR" {
				t.Errorf("moderator's %s: %+v / %+v", p.Key, p.Restaurants, p.Totals)
			}
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/reports/flash", srv.SignIn(t, "superadmin"), nil); res.Status != http.StatusForbidden {
			t.Errorf("superadmin: %d %.200s", res.Status, res.Body)
		}
	})
}
