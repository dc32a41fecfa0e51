package events

import (
	"context"
	"testing"
)

func TestSubscribersOnlyGetTheirFranchise(t *testing.T) {
	b := NewLocal()
	a, stopA := b.Subscribe(1)
	defer stopA()
	other, stopB := b.Subscribe(2)
	defer stopB()
	global, stopG := b.Subscribe(0)
	defer stopG()

	b.Publish(context.Background(), Event{Type: "x", FranchiseID: 1})
	if e := <-a; e.Type != "x" {
		t.Fatalf("franchise 1 got %+v", e)
	}
	if e := <-global; e.FranchiseID != 1 {
		t.Fatalf("the Brigade-wide subscriber got %+v", e)
	}
	select {
	case e := <-other:
		t.Fatalf("franchise 2 received franchise 1's event %+v", e)
	default:
	}
}

func TestSlowSubscriberGetsResyncAndPublisherNeverBlocks(t *testing.T) {
	b := NewLocal()
	ch, stop := b.Subscribe(7)
	defer stop()
	for i := 0; i < 500; i++ {
		b.Publish(context.Background(), Event{Type: "tick", FranchiseID: 7})
	}
	sawResync := false
	for len(ch) > 0 {
		if (<-ch).Type == TypeResync {
			sawResync = true
		}
	}
	if !sawResync {
		t.Fatal("a subscriber that fell behind must be told to resync")
	}
}

func TestUnsubscribeStopsDelivery(t *testing.T) {
	b := NewLocal()
	ch, stop := b.Subscribe(3)
	stop()
	stop() // twice is harmless
	b.Publish(context.Background(), Event{Type: "x", FranchiseID: 3})
	if len(ch) != 0 {
		t.Fatal("an ended subscription still received events")
	}
}
