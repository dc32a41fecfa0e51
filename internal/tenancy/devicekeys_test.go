package tenancy

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"brigade/internal/events"
)

// fakeKeys stands for the equipments table: which key is whose, and how
// many times the database was asked.
type fakeKeys struct {
	mu      sync.Mutex
	devices map[string]Device
	asked   int
	during  func() // runs inside a lookup (a change racing it)
}

func (f *fakeKeys) lookup(_ context.Context, key string) (Device, error) {
	f.mu.Lock()
	f.asked++
	d, ok := f.devices[key]
	during := f.during
	f.during = nil
	f.mu.Unlock()
	if during != nil {
		during()
	}
	if !ok {
		return Device{}, ErrDeviceKey
	}
	return d, nil
}

func (f *fakeKeys) revoke(key string) {
	f.mu.Lock()
	delete(f.devices, key)
	f.mu.Unlock()
}

func (f *fakeKeys) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.asked
}

func TestDeviceKeysForgetAKeyAsSoonAsItsChangeIsPublished(t *testing.T) {
	ctx := context.Background()
	kiosk := Device{Equipment: Equipment{ID: 7, RestaurantID: 3}, Restaurant: Restaurant{ID: 3, FranchiseID: 2}}
	for _, c := range []struct {
		name   string
		event  events.Event
		forget bool
	}{
		{"revocation or renewal", events.Event{Type: events.TypeEquipmentsChanged, FranchiseID: 2, Data: map[string]any{"restaurantId": int64(3)}}, true},
		{"restaurant archived", events.Event{Type: events.TypeRestaurantsChanged, FranchiseID: 2}, true},
		{"franchise changed", events.Event{Type: events.TypeFranchiseChanged, FranchiseID: 2}, true},
		{"resync (events may be lost)", events.Event{Type: events.TypeResync}, true},
		{"another franchise's device", events.Event{Type: events.TypeEquipmentsChanged, FranchiseID: 9, Data: map[string]any{"restaurantId": int64(40)}}, true},
		{"unrelated event", events.Event{Type: "menu.deployed", FranchiseID: 2}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			bus := events.NewLocal()
			db := &fakeKeys{devices: map[string]Device{"brg_dev_borne": kiosk}}
			keys := newDeviceKeys(db.lookup, bus)

			for range 3 {
				d, err := keys.Authenticate(ctx, "brg_dev_borne")
				if err != nil || d.Equipment.ID != 7 {
					t.Fatalf("authenticate: %+v %v", d, err)
				}
			}
			if n := db.count(); n != 1 {
				t.Fatalf("a known key asked the database %d times, want once", n)
			}

			db.revoke("brg_dev_borne")
			if c.event.Type == events.TypeResync {
				bus.Broadcast(c.event)
			} else {
				bus.Publish(ctx, c.event)
			}
			_, err := keys.Authenticate(ctx, "brg_dev_borne")
			if c.forget && !errors.Is(err, ErrDeviceKey) {
				t.Fatalf("after %s the revoked key still works (%v)", c.event.Type, err)
			}
			if !c.forget && err != nil {
				t.Fatalf("an unrelated event emptied the cache: %v", err)
			}
		})
	}
}

func TestDeviceKeysDoNotKeepALookupThatRacedAChange(t *testing.T) {
	ctx := context.Background()
	bus := events.NewLocal()
	kiosk := Device{Equipment: Equipment{ID: 7}, Restaurant: Restaurant{ID: 3, FranchiseID: 2}}
	db := &fakeKeys{devices: map[string]Device{"brg_dev_borne": kiosk}}
	keys := newDeviceKeys(db.lookup, bus)
	// The key is revoked while its lookup reads the database: the answer
	// read before the revocation may be returned once, but not kept.
	db.during = func() {
		db.revoke("brg_dev_borne")
		bus.Publish(ctx, events.Event{Type: events.TypeEquipmentsChanged, FranchiseID: 2})
	}
	if _, err := keys.Authenticate(ctx, "brg_dev_borne"); err != nil {
		t.Fatal(err)
	}
	if _, err := keys.Authenticate(ctx, "brg_dev_borne"); !errors.Is(err, ErrDeviceKey) {
		t.Fatalf("the answer of a lookup that raced a revocation was kept: %v", err)
	}
}

func TestDeviceKeysExpireAndRefuseUnknownKeys(t *testing.T) {
	ctx := context.Background()
	bus := events.NewLocal()
	db := &fakeKeys{devices: map[string]Device{"brg_dev_borne": {Equipment: Equipment{ID: 7}}}}
	keys := newDeviceKeys(db.lookup, bus)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	keys.now = func() time.Time { return now }

	for range 2 {
		if _, err := keys.Authenticate(ctx, "brg_dev_inconnue"); !errors.Is(err, ErrDeviceKey) {
			t.Fatalf("unknown key: %v", err)
		}
	}
	if n := db.count(); n != 2 {
		t.Fatalf("a refused key must not be cached: %d lookups, want 2", n)
	}
	if _, err := keys.Authenticate(ctx, "brg_dev_borne"); err != nil {
		t.Fatal(err)
	}
	now = now.Add(deviceKeyTTL - time.Second)
	if _, err := keys.Authenticate(ctx, "brg_dev_borne"); err != nil || db.count() != 3 {
		t.Fatalf("within the TTL: %v, %d lookups", err, db.count())
	}
	// Past the TTL the database is asked again (it records the last-seen
	// date), even without any event.
	now = now.Add(2 * time.Second)
	if _, err := keys.Authenticate(ctx, "brg_dev_borne"); err != nil || db.count() != 4 {
		t.Fatalf("past the TTL: %v, %d lookups, want 4", err, db.count())
	}

	// Without a bus nothing can invalidate: nothing is kept.
	plain := newDeviceKeys(db.lookup, nil)
	for range 2 {
		if _, err := plain.Authenticate(ctx, "brg_dev_borne"); err != nil {
			t.Fatal(err)
		}
	}
	if n := db.count(); n != 6 {
		t.Fatalf("without a bus: %d lookups, want 6", n)
	}
}
