package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestRevenueRoute: the revenue report answers its contract's shape, in
// the currency asked for (a Geneva order only in CHF); a bad grain and
// reversed dates are 422 in French; another franchise's restaurant is
// 404, and a moderator sees its restaurant only.
func TestRevenueRoute(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		at := time.Now().Add(-time.Minute)
		for _, o := range []struct{ shop, id string }{{"Paris Bastille", "RV-EUR"}, {"Genève Plainpalais", "RV-CHF"}} {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, o.shop, "caisse"), sampleOrder(o.id, at)); res.Status != http.StatusCreated {
				t.Fatalf("%s: %d %s", o.shop, res.Status, res.Body)
			}
		}
		total := sampleOrder("X", at).Total
		type figures struct {
			RevenueCents, HTCents, Orders, AverageBasketCents int64
		}
		type revenue struct {
			Currency, Grain, Start, End string
			Previous, LastYear          struct{ Start, End string }
			Totals                      struct{ Current, Previous, LastYear figures }
			Series                      []struct {
				Label                       string
				Current, Previous, LastYear figures
			}
			Heatmap []struct {
				Weekday, Hour        int
				Orders, RevenueCents int64
			}
		}
		paris := mustZone(t, "Europe/Paris")
		today := at.In(paris)
		start := today.AddDate(0, 0, -6).Format("2006-01-02")
		end := today.Format("2006-01-02")
		admin := srv.SignIn(t, "demo-admin")
		for _, c := range []struct {
			grain, currency string
			buckets         int
		}{{"", "", 7}, {"week", "", 0}, {"month", "CHF", 0}, {"hour", "EUR", 24}} {
			url := "/api/v1/reports/revenue?start=" + start + "&end=" + end
			if c.grain != "" {
				url += "&grain=" + c.grain
			}
			if c.currency != "" {
				url += "&currency=" + c.currency
			}
			res := srv.Do(t, http.MethodGet, url, admin, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", url, res.Status, res.Body)
			}
			for _, k := range []string{`"currency"`, `"grain"`, `"previous"`, `"lastYear"`, `"totals"`, `"series"`, `"heatmap"`, `"revenueCents"`, `"htCents"`, `"averageBasketCents"`} {
				if !strings.Contains(string(res.Body), k) {
					t.Errorf("%s: no %s in %.300s", url, k, res.Body)
				}
			}
			var got revenue
			res.JSON(t, &got)
			wantCur, wantGrain := c.currency, c.grain
			if wantCur == "" {
				wantCur = "EUR"
			}
			if wantGrain == "" {
				wantGrain = "day"
			}
			if got.Currency != wantCur || got.Grain != wantGrain || got.Start != start || got.End != end || got.Previous.End == "" || got.LastYear.Start == "" {
				t.Errorf("%s: %+v", url, got)
			}
			if c.buckets != 0 && len(got.Series) != c.buckets || len(got.Series) == 0 {
				t.Errorf("%s: %d buckets", url, len(got.Series))
			}
			// The order of a minute ago (unless midnight fell in between).
			if at.In(paris).Format("2006-01-02") == end && (got.Totals.Current.Orders != 1 || got.Totals.Current.RevenueCents != total || len(got.Heatmap) != 1) {
				t.Errorf("%s: totals %+v heat %+v", url, got.Totals, got.Heatmap)
			}
		}
		for _, c := range []struct{ query, location, french string }{
			{"grain=year&start=2026-01-01&end=2026-01-31", "query.grain", "doit être l'une des valeurs"},
			{"start=2026-02-01&end=2026-01-31", "query.end", "La date de fin doit suivre la date de début"},
			{"start=2025-01-01&end=2026-03-01&grain=day", "query.end", "366 jours au plus"},
		} {
			res := srv.Do(t, http.MethodGet, "/api/v1/reports/revenue?"+c.query, admin, nil)
			if body := string(res.Body); res.Status != http.StatusUnprocessableEntity || !strings.Contains(body, `"location":"`+c.location+`"`) || !strings.Contains(body, c.french) {
				t.Errorf("%s: %d %s", c.query, res.Status, res.Body)
			}
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
			if res := srv.Do(t, http.MethodGet, "/api/v1/reports/revenue?start="+start+"&end="+end+"&restaurantId="+itoa(c.rid), srv.SignIn(t, c.login), nil); res.Status != http.StatusNotFound {
				t.Errorf("%s asking restaurant %d: %d %.200s", c.login, c.rid, res.Status, res.Body)
			}
		}
		var mod revenue
		res := srv.Do(t, http.MethodGet, "/api/v1/reports/revenue?start="+start+"&end="+end+"&currency=CHF", srv.SignIn(t, "demo-moderateur"), nil)
		res.JSON(t, &mod)
		if res.Status != http.StatusOK || mod.Currency != "EUR" {
			t.Errorf("moderator (Paris Bastille only, CHF asked: its one currency wins): %d %s", res.Status, res.Body)
		}
	})
}
