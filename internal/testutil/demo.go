package testutil

import (
	"context"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// DemoShops opens a new, migrated database on engine with the demo
// franchise loaded, and returns it with its tenancy service and the demo's
// restaurants (their tills and kiosks).
func DemoShops(t testing.TB, engine store.Engine) (*store.DB, *tenancy.Service, []demo.Shop) {
	t.Helper()
	ctx := context.Background()
	db := NewDB(t, engine)
	ten := tenancy.NewService(db, events.NewLocal())
	if err := demo.Load(ctx, db, ten); err != nil {
		t.Fatal(err)
	}
	shops, err := demo.Shops(ctx, db, ten)
	if err != nil {
		t.Fatal(err)
	}
	return db, ten, shops
}
