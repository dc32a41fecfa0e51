// Package events carries small typed notices ("this changed") from the
// domain packages to connected browsers and kiosks. Events only tell a
// client what to refetch; they never carry the data itself.
package events

import (
	"context"
	"sync"
)

// Event is one notice. FranchiseID scopes it: subscribers only receive the
// events of their own franchise (0 = Brigade-wide, for super-admins).
type Event struct {
	Type        string         `json:"type"`
	FranchiseID int64          `json:"franchiseId"`
	Data        map[string]any `json:"data,omitempty"`
}

// Event types published so far.
const (
	TypeFranchiseBlocked   = "franchise.blocked"
	TypeFranchiseUnblocked = "franchise.unblocked"
	TypeFranchiseChanged   = "franchise.changed"
	TypeRestaurantsChanged = "restaurants.changed"
	TypeEquipmentsChanged  = "equipments.changed" // data: restaurantId
	// TypeResync is sent to a subscriber that fell behind: it must refetch all.
	TypeResync = "resync"
)

// Bus publishes events to subscribers.
type Bus interface {
	Publish(ctx context.Context, e Event)
	// Subscribe returns a channel of the franchise's events and a function
	// that ends the subscription. A slow subscriber never blocks publishers:
	// it gets a resync event instead of the ones it missed.
	Subscribe(franchiseID int64) (<-chan Event, func())
}

// Local is the in-process bus of a single instance.
type Local struct {
	mu   sync.Mutex
	subs map[int64]map[*subscriber]struct{}
}

type subscriber struct {
	ch chan Event
}

// NewLocal returns an empty in-process bus.
func NewLocal() *Local { return &Local{subs: map[int64]map[*subscriber]struct{}{}} }

// Publish delivers e to the subscribers of its franchise and to the
// Brigade-wide subscribers.
func (b *Local) Publish(_ context.Context, e Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	deliver := func(set map[*subscriber]struct{}) {
		for s := range set {
			select {
			case s.ch <- e:
			default:
				// Full: drop the oldest to make room for a resync notice,
				// which tells the client to refetch everything.
				select {
				case <-s.ch:
				default:
				}
				select {
				case s.ch <- Event{Type: TypeResync, FranchiseID: e.FranchiseID}:
				default:
				}
			}
		}
	}
	// Brigade-wide subscribers first: caches among them (device keys)
	// must see a change before the franchise's streams act on it.
	if e.FranchiseID != 0 {
		deliver(b.subs[0])
	}
	deliver(b.subs[e.FranchiseID])
}

// Broadcast delivers e to every subscriber of every franchise (a resync
// after the bus may have missed events).
func (b *Local) Broadcast(e Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	send := func(set map[*subscriber]struct{}) {
		for s := range set {
			select {
			case s.ch <- e:
			default:
			}
		}
	}
	send(b.subs[0]) // first, as in Publish
	for f, set := range b.subs {
		if f != 0 {
			send(set)
		}
	}
}

// Subscribe registers a subscriber for franchiseID.
func (b *Local) Subscribe(franchiseID int64) (<-chan Event, func()) {
	s := &subscriber{ch: make(chan Event, 64)}
	b.mu.Lock()
	if b.subs[franchiseID] == nil {
		b.subs[franchiseID] = map[*subscriber]struct{}{}
	}
	b.subs[franchiseID][s] = struct{}{}
	b.mu.Unlock()
	var once sync.Once
	return s.ch, func() {
		once.Do(func() {
			b.mu.Lock()
			delete(b.subs[franchiseID], s)
			b.mu.Unlock()
		})
	}
}
