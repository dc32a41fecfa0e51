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

// TestRestaurantsReportRoutes: the comparison, the restaurants' today and
// the equipment history answer their contract's shape; an order posted a
// minute ago is in Paris Bastille's figures and its till is online (it just
// called); another franchise's restaurant is 404, and a moderator sees its
// restaurant only.
func TestRestaurantsReportRoutes(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		at := time.Now().Add(-time.Minute)
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse"), sampleOrder("RR-1", at)); res.Status != http.StatusCreated {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		total := sampleOrder("X", at).Total
		paris := mustZone(t, "Europe/Paris")
		end := at.In(paris).Format("2006-01-02")
		start := at.In(paris).AddDate(0, 0, -6).Format("2006-01-02")
		admin := srv.SignIn(t, "demo-admin")

		type figures struct{ RevenueCents, Orders int64 }
		var cmp struct {
			Currency          string
			FocusRestaurantID int64
			Restaurants       []struct {
				RestaurantID      int64
				Name              string
				Current, Previous figures
			}
			Franchise, Average struct{ Current figures }
		}
		res := srv.Do(t, http.MethodGet, "/api/v1/reports/restaurants?start="+start+"&end="+end, admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		for _, k := range []string{`"currencies"`, `"previous"`, `"franchise"`, `"average"`, `"activeRestaurants"`, `"exitMinutes"`, `"cancelledOrders"`, `"discountedOrders"`, `"htCents"`} {
			if !strings.Contains(string(res.Body), k) {
				t.Errorf("comparison: no %s in %.300s", k, res.Body)
			}
		}
		res.JSON(t, &cmp)
		if cmp.Currency != "EUR" || len(cmp.Restaurants) < 2 {
			t.Errorf("comparison: %+v", cmp)
		}
		if at.In(paris).Format("2006-01-02") == end && (cmp.Franchise.Current.Orders != 1 || cmp.Franchise.Current.RevenueCents != total || cmp.Restaurants[0].Name != "Paris Bastille") {
			t.Errorf("comparison: the order of a minute ago: %+v", cmp)
		}

		var today struct {
			OfflineAfterMinutes int
			Restaurants         []struct {
				Name        string
				Currency    string
				Today       figures
				LastOrderAt *string
				Equipments  []struct {
					Kind, Name string
					Online     bool
				}
			}
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/restaurants/today", admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("today: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &today)
		found := false
		for _, r := range today.Restaurants {
			if r.Name != "Paris Bastille" {
				continue
			}
			found = true
			online := 0
			for _, e := range r.Equipments {
				if e.Online {
					online++
				}
			}
			if r.LastOrderAt == nil || online == 0 || r.Currency != "EUR" {
				t.Errorf("today, Paris Bastille: %+v", r)
			}
		}
		if !found || today.OfflineAfterMinutes != 5 {
			t.Errorf("today: %+v", today)
		}

		var eq struct {
			Items []struct {
				Restaurant, Currency, Kind string
				Online                     bool
				Orders, RevenueCents       int64
			}
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/equipments?start="+start+"&end="+end, admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("equipments: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &eq)
		var orders int64
		for _, e := range eq.Items {
			orders += e.Orders
			if e.Orders > 0 && (e.Restaurant != "Paris Bastille" || !e.Online || e.Kind != "caisse" || e.RevenueCents != total) {
				t.Errorf("equipments: %+v", e)
			}
		}
		if at.In(paris).Format("2006-01-02") == end && orders != 1 {
			t.Errorf("equipments: %d orders", orders)
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
			for _, path := range []string{"/api/v1/reports/restaurants?start=" + start + "&end=" + end + "&", "/api/v1/reports/equipments?start=" + start + "&end=" + end + "&", "/api/v1/reports/restaurants/today?"} {
				if res := srv.Do(t, http.MethodGet, path+"restaurantId="+itoa(c.rid), srv.SignIn(t, c.login), nil); res.Status != http.StatusNotFound {
					t.Errorf("%s asking restaurant %d on %s: %d %.200s", c.login, c.rid, path, res.Status, res.Body)
				}
			}
		}
		mod := srv.SignIn(t, "demo-moderateur")
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/restaurants?start="+start+"&end="+end, mod, nil)
		res.JSON(t, &cmp)
		if res.Status != http.StatusOK || len(cmp.Restaurants) != 1 || cmp.Restaurants[0].Name != "Paris Bastille" {
			t.Errorf("moderator's comparison: %d %.300s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/restaurants/today", mod, nil)
		res.JSON(t, &today)
		if res.Status != http.StatusOK || len(today.Restaurants) != 1 {
			t.Errorf("moderator's today: %d %.300s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/equipments?start="+start+"&end="+end, mod, nil)
		res.JSON(t, &eq)
		for _, e := range eq.Items {
			if e.Restaurant != "Paris Bastille" {
				t.Errorf("moderator sees %+v", e)
			}
		}
		if res.Status != http.StatusOK || len(eq.Items) == 0 {
			t.Errorf("moderator's equipments: %d %.300s", res.Status, res.Body)
		}
	})
}
