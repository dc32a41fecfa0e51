package httpapi

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"brigade/internal/events"
	"brigade/internal/tenancy"
)

// deviceTTL bounds how long an authenticated device key is trusted without
// asking the database. It matches the last-seen resolution, so that the
// device's last-seen date keeps being written about every 30 s while it
// calls; revocations, key renewals, deletions and archiving do not wait for
// it: their events empty the cache at once.
const deviceTTL = 30 * time.Second

// deviceCache keeps recently authenticated device keys (kiosks poll the
// feed; tills post orders): key hash → device. It is emptied by every
// change of equipments or restaurants published on the bus — from this
// instance, synchronously (the events are read before each lookup, so a
// request that follows a revocation never sees the revoked key), or from
// other instances through the PostgreSQL bus — and by a resync.
type deviceCache struct {
	ten    *tenancy.Service
	events <-chan events.Event

	mu      sync.RWMutex
	gen     uint64 // bumped at every flush: a lookup that raced one is not kept
	entries map[[sha256.Size]byte]deviceEntry
}

type deviceEntry struct {
	dev     tenancy.Device
	expires time.Time
}

// maxDevices bounds the cache (a flush when full keeps it simple).
const maxDevices = 100_000

func newDeviceCache(ten *tenancy.Service, bus events.Bus) *deviceCache {
	c := &deviceCache{ten: ten, entries: map[[sha256.Size]byte]deviceEntry{}}
	if bus != nil {
		c.events, _ = bus.Subscribe(0)
	}
	return c
}

// invalidating says whether an event may change who a device key is.
func invalidating(t string) bool {
	switch t {
	case events.TypeEquipmentsChanged, events.TypeRestaurantsChanged, events.TypeFranchiseChanged, events.TypeResync:
		return true
	}
	return false
}

// drain reads the pending events and empties the cache if one of them
// concerns devices. Events are taken off the channel only under the write
// lock, so a concurrent lookup either sees them still pending or waits for
// the flush: it never reads an entry a revocation has condemned.
func (c *deviceCache) drain() {
	if len(c.events) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	flush := false
	for {
		select {
		case e := <-c.events:
			flush = flush || invalidating(e.Type)
			continue
		default:
		}
		break
	}
	if flush {
		c.gen++
		clear(c.entries)
	}
}

// authenticate resolves a device key, from the cache when it can.
func (c *deviceCache) authenticate(ctx context.Context, key string) (tenancy.Device, error) {
	if c.events == nil {
		return c.ten.AuthenticateDevice(ctx, key)
	}
	c.drain()
	h := sha256.Sum256([]byte(key))
	now := time.Now()
	c.mu.RLock()
	e, ok := c.entries[h]
	gen := c.gen
	c.mu.RUnlock()
	if ok && now.Before(e.expires) {
		return e.dev, nil
	}
	d, err := c.ten.AuthenticateDevice(ctx, key)
	if err != nil {
		return d, err
	}
	c.drain()
	c.mu.Lock()
	if c.gen == gen {
		if len(c.entries) >= maxDevices {
			clear(c.entries)
		}
		c.entries[h] = deviceEntry{dev: d, expires: now.Add(deviceTTL)}
	}
	c.mu.Unlock()
	return d, nil
}
