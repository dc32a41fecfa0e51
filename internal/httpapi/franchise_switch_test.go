package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

type switchSession struct {
	AccessToken   string `json:"accessToken"`
	FranchiseID   int64  `json:"fk_franchise"`
	FranchiseName string `json:"franchise_name"`
	Franchises    []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	} `json:"franchises"`
}

// TestRestaurantLoginSwitchesFranchise: demo-resto (home: Brigade Burger,
// Lyon Part-Dieu) is attached by the demo to Le Comptoir Voisin with
// Comptoir Montmartre. Each token is for one franchise and sees only its
// restaurants there; a franchise it is not attached to is a 404; detaching
// refuses the other franchise's token at its next call.
func TestRestaurantLoginSwitchesFranchise(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		ctx := context.Background()
		id := func(query string, args ...any) int64 {
			t.Helper()
			var v int64
			if err := srv.DB.QueryRow(ctx, query, args...).Scan(&v); err != nil {
				t.Fatalf("%s: %v", query, err)
			}
			return v
		}
		home := id(`SELECT id FROM franchises WHERE name = 'Brigade Burger'`)
		other := id(`SELECT id FROM franchises WHERE name = 'Le Comptoir Voisin'`)
		lyon := id(`SELECT id FROM restaurants WHERE nom = 'Lyon Part-Dieu'`)
		montmartre := id(`SELECT id FROM restaurants WHERE nom = 'Comptoir Montmartre'`)
		croixRousse := id(`SELECT id FROM restaurants WHERE nom = 'Comptoir Croix-Rousse'`)
		userID := id(`SELECT id FROM users WHERE login = 'demo-resto'`)
		now := time.Now().UTC()
		third, err := store.InsertID(ctx, srv.DB, `INSERT INTO franchises (name, created_at, updated_at) VALUES ('Troisième Franchise', ?, ?)`, now, now)
		if err != nil {
			t.Fatal(err)
		}

		at := time.Now().Add(-time.Hour)
		orderIDs := map[string]int64{}
		for name, restaurant := range map[string]string{"A-LYON": "Lyon Part-Dieu", "B-MONTMARTRE": "Comptoir Montmartre", "B-CROIXROUSSE": "Comptoir Croix-Rousse"} {
			var o struct{ ID int64 }
			res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, restaurant, "caisse"), sampleOrder(name, at))
			res.JSON(t, &o)
			if res.Status != http.StatusCreated {
				t.Fatalf("order %s: %d %s", name, res.Status, res.Body)
			}
			orderIDs[name] = o.ID
		}
		restaurantsOf := func(token string) []int64 {
			t.Helper()
			var list struct{ Items []struct{ ID int64 } }
			res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", token, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("restaurants: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &list)
			var ids []int64
			for _, x := range list.Items {
				ids = append(ids, x.ID)
			}
			return ids
		}
		paris, err := time.LoadLocation("Europe/Paris")
		if err != nil {
			t.Fatal(err)
		}
		day := at.In(paris).Format("2006-01-02")
		// ordersOf lists a restaurant's orders of the day; nil when refused.
		ordersOf := func(token string, restaurantID int64) []string {
			t.Helper()
			var page struct {
				Items []struct {
					OrderID string `json:"id_cmd"`
				}
			}
			res := srv.Do(t, http.MethodGet, "/api/v1/orders?start="+day+"&end="+day+"&restaurantId="+itoa(restaurantID), token, nil)
			if res.Status == http.StatusNotFound {
				return nil
			}
			if res.Status != http.StatusOK {
				t.Fatalf("orders: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &page)
			var out []string
			for _, o := range page.Items {
				out = append(out, o.OrderID)
			}
			return out
		}
		switchTo := func(token string, franchiseID int64) (switchSession, int) {
			t.Helper()
			var sess switchSession
			res := srv.Do(t, http.MethodPost, "/api/v1/auth/switch", token, map[string]any{"franchiseId": franchiseID})
			res.JSON(t, &sess)
			return sess, res.Status
		}

		// Signed in at home: both franchises offered, home first.
		var signed switchSession
		srv.Do(t, http.MethodPost, "/api/v1/auth/signinResto", "", map[string]string{"login": "demo-resto", "password": "demo1234"}).JSON(t, &signed)
		if signed.FranchiseID != home || len(signed.Franchises) != 2 || signed.Franchises[0].ID != home || signed.Franchises[1].ID != other ||
			signed.Franchises[1].Name != "Le Comptoir Voisin" {
			t.Fatalf("session at home: %+v", signed)
		}
		tokenA := signed.AccessToken
		if got := restaurantsOf(tokenA); !slices.Equal(got, []int64{lyon}) {
			t.Errorf("home restaurants: %v", got)
		}

		// Switched to B: only Montmartre, and only its orders.
		sessB, status := switchTo(tokenA, other)
		if status != http.StatusOK || sessB.FranchiseID != other || sessB.FranchiseName != "Le Comptoir Voisin" || len(sessB.Franchises) != 2 {
			t.Fatalf("switch to B: %d %+v", status, sessB)
		}
		tokenB := sessB.AccessToken
		if got := restaurantsOf(tokenB); !slices.Equal(got, []int64{montmartre}) {
			t.Errorf("restaurants in B: %v", got)
		}
		if got := ordersOf(tokenB, montmartre); !slices.Equal(got, []string{"B-MONTMARTRE"}) {
			t.Errorf("orders in B: %v", got)
		}
		for _, rid := range []int64{lyon, croixRousse} {
			if got := ordersOf(tokenB, rid); got != nil {
				t.Errorf("B's token reads restaurant %d's orders: %v", rid, got)
			}
		}
		var me struct {
			FranchiseID    int64 `json:"fk_franchise"`
			FranchisesInfo []struct{ ID int64 }
			RestaurantIDs  []int64 `json:"restaurantIds"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/auth/me", tokenB, nil).JSON(t, &me)
		if me.FranchiseID != other || len(me.FranchisesInfo) != 2 || !slices.Equal(me.RestaurantIDs, []int64{montmartre}) {
			t.Errorf("me in B: %+v", me)
		}
		// A's data stays out of B's token, and B's out of A's.
		for _, c := range []struct {
			token, order string
		}{{tokenB, "A-LYON"}, {tokenB, "B-CROIXROUSSE"}, {tokenA, "B-MONTMARTRE"}} {
			if res := srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(orderIDs[c.order]), c.token, nil); res.Status != http.StatusNotFound {
				t.Errorf("%s read with the other token: %d", c.order, res.Status)
			}
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants/"+itoa(lyon), tokenB, nil); res.Status != http.StatusNotFound {
			t.Errorf("Lyon read with B's token: %d", res.Status)
		}
		if got := ordersOf(tokenA, lyon); !slices.Equal(got, []string{"A-LYON"}) {
			t.Errorf("orders at home: %v", got)
		}
		if got := ordersOf(tokenA, montmartre); got != nil {
			t.Errorf("A's token reads Montmartre's orders: %v", got)
		}
		// Back home from B; never to a franchise it is not attached to.
		if back, status := switchTo(tokenB, home); status != http.StatusOK || back.FranchiseID != home {
			t.Errorf("back home: %d %+v", status, back)
		}
		for _, fid := range []int64{third, 999999} {
			if _, status := switchTo(tokenA, fid); status != http.StatusNotFound {
				t.Errorf("switch to %d: %d", fid, status)
			}
		}
		// Only a restaurant login switches.
		if res := srv.Do(t, http.MethodPost, "/api/v1/auth/switch", srv.SignIn(t, "demo-admin"), map[string]any{"franchiseId": other}); res.Status != http.StatusForbidden {
			t.Errorf("admin switches: %d", res.Status)
		}

		// Attaching is for super-admins, with restaurants of that franchise.
		attach := "/api/v1/admin/users/" + itoa(userID) + "/franchises/" + itoa(other)
		for _, login := range []string{"demo-admin", "autre-admin", "demo-resto", "demo-moderateur"} {
			if res := srv.Do(t, http.MethodPut, attach, srv.SignIn(t, login), map[string]any{"restaurantIds": []int64{croixRousse}}); res.Status != http.StatusForbidden {
				t.Errorf("%s attaches: %d %s", login, res.Status, res.Body)
			}
		}
		sa := srv.SignIn(t, "superadmin")
		adminID := id(`SELECT id FROM users WHERE login = 'demo-admin'`)
		for _, c := range []struct {
			path   string
			ids    []int64
			status int
			field  string
		}{
			{attach, []int64{lyon}, http.StatusUnprocessableEntity, "restaurantIds"},
			{attach, []int64{}, http.StatusUnprocessableEntity, "restaurantIds"},
			{"/api/v1/admin/users/" + itoa(adminID) + "/franchises/" + itoa(other), []int64{croixRousse}, http.StatusUnprocessableEntity, "userId"},
			{"/api/v1/admin/users/" + itoa(userID) + "/franchises/" + itoa(home), []int64{lyon}, http.StatusUnprocessableEntity, "franchiseId"},
			{"/api/v1/admin/users/" + itoa(userID) + "/franchises/999999", []int64{croixRousse}, http.StatusNotFound, ""},
		} {
			res := srv.Do(t, http.MethodPut, c.path, sa, map[string]any{"restaurantIds": c.ids})
			if res.Status != c.status || !strings.Contains(string(res.Body), c.field) {
				t.Errorf("attach %s %v: %d %s", c.path, c.ids, res.Status, res.Body)
			}
		}

		// Detached: B's token is refused at once, and B is no longer offered.
		if res := srv.Do(t, http.MethodDelete, attach, sa, nil); res.Status != http.StatusNoContent {
			t.Fatalf("detach: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", tokenB, nil); res.Status != http.StatusUnauthorized && res.Status != http.StatusForbidden {
			t.Errorf("B's token after detach: %d %s", res.Status, res.Body)
		}
		if _, status := switchTo(tokenA, other); status != http.StatusNotFound {
			t.Errorf("switch after detach: %d", status)
		}
		var after switchSession
		srv.Do(t, http.MethodPost, "/api/v1/auth/refresh", tokenA, nil).JSON(t, &after)
		if len(after.Franchises) != 1 || after.Franchises[0].ID != home {
			t.Errorf("franchises after detach: %+v", after.Franchises)
		}
		if res := srv.Do(t, http.MethodDelete, attach, sa, nil); res.Status != http.StatusNotFound {
			t.Errorf("second detach: %d", res.Status)
		}
		// The home restaurants were left alone.
		if got := restaurantsOf(tokenA); !slices.Equal(got, []int64{lyon}) {
			t.Errorf("home restaurants after detach: %v", got)
		}

		// Attached again, now to Croix-Rousse only.
		if res := srv.Do(t, http.MethodPut, attach, sa, map[string]any{"restaurantIds": []int64{croixRousse}}); res.Status != http.StatusNoContent {
			t.Fatalf("attach: %d %s", res.Status, res.Body)
		}
		sessB, status = switchTo(tokenA, other)
		if status != http.StatusOK {
			t.Fatalf("switch after re-attach: %d", status)
		}
		if got := ordersOf(sessB.AccessToken, croixRousse); !slices.Equal(got, []string{"B-CROIXROUSSE"}) {
			t.Errorf("orders in B after re-attach: %v", got)
		}
		if got := ordersOf(sessB.AccessToken, montmartre); got != nil {
			t.Errorf("Montmartre still readable after re-attach: %v", got)
		}
		// A closed franchise is refused, as at sign-in, and so is its token.
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(other)+"/close", sa, nil); res.Status != http.StatusOK {
			t.Fatalf("close: %d %s", res.Status, res.Body)
		}
		if _, status := switchTo(tokenA, other); status != http.StatusForbidden {
			t.Errorf("switch to a closed franchise: %d", status)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", sessB.AccessToken, nil); res.Status != http.StatusForbidden {
			t.Errorf("token of a closed franchise: %d", res.Status)
		}
		if got := restaurantsOf(tokenA); !slices.Equal(got, []int64{lyon}) {
			t.Errorf("home restaurants with B closed: %v", got)
		}
		var closedB switchSession
		srv.Do(t, http.MethodPost, "/api/v1/auth/refresh", tokenA, nil).JSON(t, &closedB)
		if len(closedB.Franchises) != 1 || closedB.Franchises[0].ID != home {
			t.Errorf("a closed franchise is still offered: %+v", closedB.Franchises)
		}
	})
}
