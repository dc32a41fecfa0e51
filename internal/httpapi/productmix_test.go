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

// TestProductMixRoute: the product mix answers its contract's shape in the
// currency asked for (the Geneva order only in CHF), products, categories
// and options of the day's order with their shares, no margin without a
// purchase price in the demo cartes; reversed dates are 422 in French;
// another franchise's restaurant, or a restaurant not its own for a
// moderator, is 404.
func TestProductMixRoute(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		at := time.Now().Add(-time.Minute)
		for _, o := range []struct{ shop, id string }{{"Paris Bastille", "PM-EUR"}, {"Genève Plainpalais", "PM-CHF"}} {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, o.shop, "caisse"), sampleOrder(o.id, at)); res.Status != http.StatusCreated {
				t.Fatalf("%s: %d %s", o.shop, res.Status, res.Body)
			}
		}
		type mix struct {
			Currency   string
			Currencies []struct{ Code string }
			Start, End string
			Previous   struct{ Start, End string }
			Totals     struct {
				Products                        int
				Quantity, RevenueCents, HTCents int64
				OptionsRevenueCents             int64
				Margin                          struct {
					KnownProducts, UnknownProducts int
					Rate                           *float64
					UnknownHtCents                 int64
				}
			}
			Products []struct {
				Name, Category                  string
				Quantity, RevenueCents, HTCents int64
				Share                           float64
				Rank                            *int
				MarginCents                     *int64
			}
			Categories []struct {
				Name         string
				RevenueCents int64
				Share        float64
			}
			Options []struct {
				Group, Name            string
				Quantity, RevenueCents int64
				Share                  float64
			}
		}
		paris := mustZone(t, "Europe/Paris")
		today := at.In(paris)
		start := today.AddDate(0, 0, -6).Format("2006-01-02")
		end := today.Format("2006-01-02")
		admin := srv.SignIn(t, "demo-admin")
		for _, cur := range []string{"", "CHF"} {
			url := "/api/v1/reports/productMix?start=" + start + "&end=" + end
			if cur != "" {
				url += "&currency=" + cur
			}
			res := srv.Do(t, http.MethodGet, url, admin, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", url, res.Status, res.Body)
			}
			for _, k := range []string{`"currency"`, `"currencies"`, `"previous"`, `"totals"`, `"margin"`, `"products"`, `"categories"`, `"options"`, `"rankChange"`, `"purchasePriceCents"`} {
				if !strings.Contains(string(res.Body), k) {
					t.Errorf("%s: no %s in %.300s", url, k, res.Body)
				}
			}
			var got mix
			res.JSON(t, &got)
			want := cur
			if want == "" {
				want = "EUR"
			}
			if got.Currency != want || len(got.Currencies) < 2 || got.Start != start || got.End != end || got.Previous.End != today.AddDate(0, 0, -7).Format("2006-01-02") {
				t.Errorf("%s: %+v", url, got)
			}
			if today.Format("2006-01-02") != at.In(paris).Format("2006-01-02") {
				continue // midnight fell in between
			}
			burger, beer := int64(2*990+200), int64(500)
			if got.Totals.Products != 2 || got.Totals.Quantity != 3 || got.Totals.RevenueCents != burger+beer ||
				got.Totals.HTCents != orders.HT(burger, 1000)+orders.HT(beer, 2000) || got.Totals.OptionsRevenueCents != 200 {
				t.Errorf("%s: totals %+v", url, got.Totals)
			}
			if m := got.Totals.Margin; m.KnownProducts != 0 || m.UnknownProducts != 2 || m.Rate != nil || m.UnknownHtCents != got.Totals.HTCents {
				t.Errorf("%s: margin %+v (the demo cartes hold no purchase price)", url, m)
			}
			if len(got.Products) != 2 || got.Products[0].Name != "Le Classique" || got.Products[0].Category != "Burgers" || got.Products[0].Quantity != 2 ||
				got.Products[0].RevenueCents != burger || got.Products[0].Share != float64(burger*10000/(burger+beer))/100 ||
				got.Products[0].Rank == nil || *got.Products[0].Rank != 1 || got.Products[0].MarginCents != nil {
				t.Errorf("%s: products %+v", url, got.Products)
			}
			if len(got.Categories) != 2 || got.Categories[0].Name != "Burgers" || got.Categories[1].Name != "Boissons" {
				t.Errorf("%s: categories %+v", url, got.Categories)
			}
			if len(got.Options) != 1 || got.Options[0].Name != "Supplément cheddar" || got.Options[0].Quantity != 2 || got.Options[0].RevenueCents != 200 || got.Options[0].Share != 100 {
				t.Errorf("%s: options %+v", url, got.Options)
			}
		}
		res := srv.Do(t, http.MethodGet, "/api/v1/reports/productMix?start=2026-02-01&end=2026-01-31", admin, nil)
		if body := string(res.Body); res.Status != http.StatusUnprocessableEntity || !strings.Contains(body, `"location":"query.end"`) || !strings.Contains(body, "La date de fin doit suivre la date de début") {
			t.Errorf("reversed dates: %d %s", res.Status, res.Body)
		}
		var other, marseille int64
		for name, id := range map[string]*int64{"Comptoir Montmartre": &other, "Marseille Vieux-Port": &marseille} {
			if err := srv.DB.QueryRow(context.Background(), `SELECT id FROM restaurants WHERE nom = ?`, name).Scan(id); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			login string
			rid   int64
		}{{"demo-admin", other}, {"demo-moderateur", other}, {"demo-moderateur", marseille}} {
			if res := srv.Do(t, http.MethodGet, "/api/v1/reports/productMix?start="+start+"&end="+end+"&restaurantId="+itoa(c.rid), srv.SignIn(t, c.login), nil); res.Status != http.StatusNotFound {
				t.Errorf("%s asking restaurant %d: %d %.200s", c.login, c.rid, res.Status, res.Body)
			}
		}
		var mod mix
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/productMix?start="+start+"&end="+end+"&currency=CHF", srv.SignIn(t, "demo-moderateur"), nil)
		res.JSON(t, &mod)
		if res.Status != http.StatusOK || mod.Currency != "EUR" || len(mod.Options) > 1 {
			t.Errorf("moderator (Paris Bastille only, CHF asked: its one currency wins): %d %s", res.Status, res.Body)
		}
	})
}
