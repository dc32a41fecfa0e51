package marketplace_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/marketplace"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// TestConcurrentFirstVisits: many first visits of a restaurant at once
// create its four default modules once, on both engines.
func TestConcurrentFirstVisits(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		if err := demo.Load(ctx, db, ten); err != nil {
			t.Fatal(err)
		}
		admin, err := ten.UserByLogin(ctx, "demo-admin")
		if err != nil {
			t.Fatal(err)
		}
		p := tenancy.PrincipalFor(admin)
		svc := marketplace.NewService(db, ten, events.NewLocal())
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				restaurant := int64(0) // half the visits read every restaurant at once
				if i%2 == 0 {
					var id int64
					if err := db.QueryRow(ctx, "SELECT id FROM restaurants WHERE nom = 'Paris Bastille'").Scan(&id); err != nil {
						errs <- err
						return
					}
					restaurant = id
				}
				list, err := svc.List(ctx, p, restaurant)
				if err == nil && len(list[0].Modules) != 4 {
					err = errors.New("a visit did not see the four default modules")
				}
				if err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		var n, restos int
		if err := db.QueryRow(ctx, "SELECT COUNT(*), COUNT(DISTINCT restaurant_id) FROM marketplace_modules WHERE franchise_id = ?", p.FranchiseID).Scan(&n, &restos); err != nil {
			t.Fatal(err)
		}
		if n != 4*restos || restos != 12 {
			t.Fatalf("%d modules for %d restaurants, want 4 each for 12", n, restos)
		}
	})
}

func TestConfiguredNeedsRequiredFieldsAndTills(t *testing.T) {
	for _, c := range []struct {
		m    marketplace.Module
		want bool
	}{
		{marketplace.Module{Kind: marketplace.KindUberEats}, false},
		{marketplace.Module{Kind: marketplace.KindUberEats, Settings: marketplace.ModuleSettings{StoreID: "S"}}, false},
		{marketplace.Module{Kind: marketplace.KindUberEats, Settings: marketplace.ModuleSettings{StoreID: "S"}, SelectedPOS: []marketplace.Till{{ID: 1}}}, true},
		{marketplace.Module{Kind: marketplace.KindDeliveroo, Settings: marketplace.ModuleSettings{StoreID: "S"}, SelectedPOS: []marketplace.Till{{ID: 1}}}, false},
		{marketplace.Module{Kind: marketplace.KindConnector, Settings: marketplace.ModuleSettings{LocationID: "L"}}, true},
		{marketplace.Module{Kind: marketplace.KindConnectorLight}, false},
		{marketplace.Module{Kind: marketplace.KindClickAndCollect}, true},
	} {
		if got := c.m.Configured(); got != c.want {
			t.Errorf("%s %+v: configured %v, want %v", c.m.Kind, c.m.Settings, got, c.want)
		}
	}
}
