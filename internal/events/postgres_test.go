package events_test

import (
	"context"
	"os"
	"testing"
	"time"

	"brigade/internal/events"
)

// Two instances on one database: an event published on one reaches the
// other's subscribers, and the publisher's own subscribers get it once.
func TestPostgresBusCrossesInstances(t *testing.T) {
	dsn := os.Getenv("BRIGADE_TEST_POSTGRES_URL")
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("PostgreSQL is required in CI")
		}
		t.Skip("no PostgreSQL (BRIGADE_TEST_POSTGRES_URL)")
	}
	ctx := context.Background()
	// The channel is the database's: another test run on the same server
	// (a second clone's make test) publishes there too, so this run's
	// franchises are its own.
	own := time.Now().UnixNano()%1_000_000_000 + 1_000_000_000
	other := own + 1
	a, err := events.NewPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := events.NewPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	onB, stopB := b.Subscribe(own)
	defer stopB()
	onA, stopA := a.Subscribe(own)
	defer stopA()
	otherFranchise, stopO := b.Subscribe(other)
	defer stopO()

	a.Publish(ctx, events.Event{Type: "campaigns.changed", FranchiseID: own, Data: map[string]any{"campaignId": 3}})
	select {
	case e := <-onB:
		if e.Type != "campaigns.changed" || e.FranchiseID != own {
			t.Fatalf("other instance got %+v", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the other instance never got the event")
	}
	if e := <-onA; e.Type != "campaigns.changed" {
		t.Fatalf("own instance got %+v", e)
	}
	select {
	case e := <-onA:
		t.Fatalf("own instance got the event twice: %+v", e)
	case e := <-otherFranchise:
		t.Fatalf("another franchise got %+v", e)
	case <-time.After(500 * time.Millisecond):
	}
}
