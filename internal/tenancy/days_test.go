package tenancy_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"brigade/internal/events"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

func TestDayRangeIn(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, from, to string
		wantStart      string // RFC 3339, "" for the zero time
		wantEnd        string
		wantField      string // the refused field, "" when accepted
	}{
		{"both empty", "", "", "", "", ""},
		{"one winter day", "2026-01-15", "2026-01-15", "2026-01-15T00:00:00+01:00", "2026-01-16T00:00:00+01:00", ""},
		// The day the clocks go forward has 23 hours in Paris.
		{"spring forward", "2026-03-29", "2026-03-29", "2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00", ""},
		{"from only", "2026-07-01", "", "2026-07-01T00:00:00+02:00", "", ""},
		{"to only", "", "2026-10-25", "", "2026-10-26T00:00:00+01:00", ""},
		{"a word", "hier", "", "", "", "query.from"},
		{"no such day", "2026-01-01", "2026-02-30", "", "", "query.to"},
		{"French order", "15/01/2026", "", "", "", "query.from"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start, end, err := tenancy.DayRangeIn(paris, c.from, c.to)
			if c.wantField != "" {
				var ve *tenancy.ValidationError
				if !errors.As(err, &ve) || ve.Field != c.wantField || ve.Message == "" {
					t.Fatalf("got %v, want a refusal of %s", err, c.wantField)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []struct {
				got  time.Time
				want string
			}{{start, c.wantStart}, {end, c.wantEnd}} {
				if x.want == "" {
					if !x.got.IsZero() {
						t.Errorf("got %v, want the zero time", x.got)
					}
					continue
				}
				want, _ := time.Parse(time.RFC3339, x.want)
				if !x.got.Equal(want) {
					t.Errorf("got %v, want %v", x.got, want)
				}
			}
		})
	}
	if start, end, _ := tenancy.DayRangeIn(paris, "2026-03-29", "2026-03-29"); end.Sub(start) != 23*time.Hour {
		t.Fatalf("the spring-forward day lasts %v", end.Sub(start))
	}
}

// A franchise's days are those of its country's zone.
func TestDayRangeUsesTheFranchiseZone(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		f, err := ten.NewFranchise(ctx, db, tenancy.Franchise{Name: "Nouméa Burger", CountryCode: "NC"})
		if err != nil {
			t.Fatal(err)
		}
		p := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: f.ID}
		start, end, err := ten.DayRange(ctx, p, "2026-01-15", "2026-01-15")
		if err != nil {
			t.Fatal(err)
		}
		// Nouméa is UTC+11 all year.
		if want := time.Date(2026, 1, 14, 13, 0, 0, 0, time.UTC); !start.Equal(want) || end.Sub(start) != 24*time.Hour {
			t.Fatalf("got [%v, %v), want to start at %v", start, end, want)
		}
		if _, _, err := ten.DayRange(ctx, p, "2026-01-15", "demain"); err == nil {
			t.Fatal("a day that is not AAAA-MM-JJ must be refused")
		}
	})
}
