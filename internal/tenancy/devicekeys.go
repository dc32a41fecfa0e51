package tenancy

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"brigade/internal/events"
)

// deviceKeyTTL bounds how long an authenticated device key is trusted
// without asking the database. It matches lastSeenResolution, so that the
// device's last-seen date keeps being written about every 30 s while it
// calls; revocations, key renewals, deletions and archiving do not wait for
// it: their events empty the cache at once.
const deviceKeyTTL = lastSeenResolution

// maxDeviceKeys bounds the cache (a flush when full keeps it simple).
const maxDeviceKeys = 100_000

// DeviceKeys authenticates equipment keys (kiosks poll their feed, tills
// post orders) and keeps the recent answers: key hash → device. It is
// emptied by every change of equipments, restaurants or franchises
// published on the bus — from this instance synchronously (the events are
// read before each lookup, so a request that follows a revocation never
// sees the revoked key), or from other instances through the PostgreSQL
// bus — and by a resync.
type DeviceKeys struct {
	lookup func(ctx context.Context, key string) (Device, error)
	events <-chan events.Event // nil: no bus, nothing is kept
	now    func() time.Time

	mu      sync.RWMutex
	gen     uint64 // bumped at every flush: a lookup that raced one is not kept
	entries map[[sha256.Size]byte]deviceKeyEntry
}

type deviceKeyEntry struct {
	dev     Device
	expires time.Time
}

// NewDeviceKeys returns the cache of s.AuthenticateDevice, emptied by the
// events of bus (without a bus, every call asks the database).
func NewDeviceKeys(s *Service, bus events.Bus) *DeviceKeys {
	return newDeviceKeys(s.AuthenticateDevice, bus)
}

func newDeviceKeys(lookup func(context.Context, string) (Device, error), bus events.Bus) *DeviceKeys {
	k := &DeviceKeys{lookup: lookup, now: time.Now, entries: map[[sha256.Size]byte]deviceKeyEntry{}}
	if bus != nil {
		// Brigade-wide: the local bus delivers to these subscribers first.
		k.events, _ = bus.Subscribe(0)
	}
	return k
}

// InvalidatesDeviceKeys says whether an event may change who a device key
// is (revoked, renewed, its restaurant archived, its franchise changed),
// or, for a resync, whether such an event may have been missed.
func InvalidatesDeviceKeys(eventType string) bool {
	switch eventType {
	case events.TypeEquipmentsChanged, events.TypeRestaurantsChanged, events.TypeFranchiseChanged, events.TypeResync:
		return true
	}
	return false
}

// drain reads the pending events and empties the cache if one of them
// concerns devices. Events are taken off the channel only under the write
// lock, so a concurrent lookup either sees them still pending or waits for
// the flush: it never reads an entry a revocation has condemned.
func (k *DeviceKeys) drain() {
	if len(k.events) == 0 {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	flush := false
	for pending := true; pending; {
		select {
		case e := <-k.events:
			flush = flush || InvalidatesDeviceKeys(e.Type)
		default:
			pending = false
		}
	}
	if flush {
		k.gen++
		clear(k.entries)
	}
}

// Authenticate resolves a device key, from the cache when it can. An
// unknown, revoked or archived key is ErrDeviceKey (never cached).
func (k *DeviceKeys) Authenticate(ctx context.Context, key string) (Device, error) {
	if k.events == nil {
		return k.lookup(ctx, key)
	}
	k.drain()
	h := sha256.Sum256([]byte(key))
	now := k.now()
	k.mu.RLock()
	e, ok := k.entries[h]
	gen := k.gen
	k.mu.RUnlock()
	if ok && now.Before(e.expires) {
		return e.dev, nil
	}
	d, err := k.lookup(ctx, key)
	if err != nil {
		return d, err
	}
	k.drain()
	k.mu.Lock()
	if k.gen == gen {
		if len(k.entries) >= maxDeviceKeys {
			clear(k.entries)
		}
		k.entries[h] = deviceKeyEntry{dev: d, expires: now.Add(deviceKeyTTL)}
	}
	k.mu.Unlock()
	return d, nil
}
