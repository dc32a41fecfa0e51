package tenancy_test

import (
	"context"
	"slices"
	"testing"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// What a deployment job may generate for: the franchise's own restaurants,
// archived ones left out, whatever ids it was handed.
func TestActiveRestaurantsByID(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		admin := func(name string) tenancy.Principal {
			f, err := ten.NewFranchise(ctx, db, tenancy.Franchise{Name: name, CountryCode: "MA"})
			if err != nil {
				t.Fatal(err)
			}
			u, err := ten.NewUser(ctx, db, tenancy.User{Login: name, Role: tenancy.RoleAdmin, FranchiseID: f.ID})
			if err != nil {
				t.Fatal(err)
			}
			return tenancy.PrincipalFor(u)
		}
		p, other := admin("brigade"), admin("autre")
		restaurant := func(p tenancy.Principal, siret string) int64 {
			x, err := ten.CreateRestaurant(ctx, p, tenancy.RestaurantInput{Nom: "Resto " + siret, Siret: siret, CountryCode: "MA"})
			if err != nil {
				t.Fatal(err)
			}
			return x.ID
		}
		a, b, archived := restaurant(p, "RC10001"), restaurant(p, "RC10002"), restaurant(p, "RC10003")
		foreign := restaurant(other, "RC20001")
		if _, err := ten.SetArchived(ctx, p, archived, true); err != nil {
			t.Fatal(err)
		}
		got, err := ten.ActiveRestaurantsByID(ctx, p.FranchiseID, []int64{foreign, archived, b, a, 999999})
		if err != nil {
			t.Fatal(err)
		}
		ids := []int64{}
		for _, x := range got {
			ids = append(ids, x.ID)
			if x.FranchiseID != p.FranchiseID || x.Nom == "" {
				t.Errorf("restaurant read partly: %+v", x)
			}
		}
		if !slices.Equal(ids, []int64{a, b}) {
			t.Fatalf("got %v, want %v", ids, []int64{a, b})
		}
		if none, err := ten.ActiveRestaurantsByID(ctx, p.FranchiseID, nil); err != nil || len(none) != 0 {
			t.Fatalf("no ids: %v %v", none, err)
		}
	})
}
