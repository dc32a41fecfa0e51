package orders

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// coverage counts how many times each day is read by signed spans.
func coverage(spans []span) map[int64]int64 {
	out := map[int64]int64{}
	for _, sp := range spans {
		if sp.from < 1_000_000 { // months
			for m := sp.from; m <= sp.to; {
				y, mo := int(m/100), time.Month(m%100)
				for d := 1; d <= daysIn(y, mo); d++ {
					out[m*100+int64(d)] += sp.sign
				}
				if mo == 12 {
					m = int64(y+1)*100 + 1
				} else {
					m++
				}
			}
			continue
		}
		for d := sp.from; d <= sp.to; d = AddDays(d, 1) {
			out[d] += sp.sign
		}
	}
	for d, n := range out {
		if n == 0 {
			delete(out, d)
		}
	}
	return out
}

func TestSpansCoverEachDayOnceWithFewRows(t *testing.T) {
	for _, c := range []struct {
		r    Range
		rows int // spans read
	}{
		{Range{20260115, 20260310}, 4}, // Jan as month − 1..14, Feb, Mar 1..10 as days
		{Range{20260101, 20261231}, 1},
		{Range{20260105, 20260120}, 1},
		{Range{20251122, 20261121}, 3}, // Nov 22..30 as days, Dec..Oct, Nov as month − 22..30
		{Range{20260201, 20260228}, 1},
		{Range{20260210, 20260228}, 2}, // the month − 1..9 reads fewer rows than 10..28
		{Range{20261101, 20261121}, 2},
		{Range{20260329, 20260329}, 1},
	} {
		sp := c.r.spans(false)
		want := map[int64]int64{}
		for d := c.r.Start; d <= c.r.End; d = AddDays(d, 1) {
			want[d] = 1
		}
		if got := coverage(sp); !reflect.DeepEqual(got, want) {
			t.Errorf("%v: spans %v read the wrong days", c.r, sp)
		}
		if len(sp) != c.rows {
			t.Errorf("%v: %d spans %v, want %d", c.r, len(sp), sp, c.rows)
		}
	}
	if got := (Range{20260115, 20260310}).spans(true); !reflect.DeepEqual(got, []span{{20260115, 20260310, 1}}) {
		t.Errorf("days only: %v", got)
	}
	// A range ending today: the month row, minus the days to come (no rows yet).
	if got := (Range{20261101, 20261121}).spans(false); !reflect.DeepEqual(got, []span{{202611, 202611, 1}, {20261122, 20261130, -1}}) {
		t.Errorf("month to date: %v", got)
	}
}

func TestBusinessDateFollowsTheRestaurantZone(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	noumea, _ := time.LoadLocation("Pacific/Noumea")
	at := time.Date(2026, 10, 24, 22, 30, 0, 0, time.UTC) // 00:30 the 25th in Paris (CEST), 09:30 the 25th in Nouméa
	if d := BusinessDate(at, paris); d != 20261025 {
		t.Errorf("Paris: %d", d)
	}
	if d := BusinessDate(at, time.UTC); d != 20261024 {
		t.Errorf("UTC: %d", d)
	}
	if d := BusinessDate(at.Add(-12*time.Hour), noumea); d != 20261024 {
		t.Errorf("Nouméa: %d", d)
	}
}

func TestHTRoundsToTheCent(t *testing.T) {
	for _, c := range []struct {
		ttc  int64
		rate int
		want int64
	}{{1100, 1000, 1000}, {1055, 550, 1000}, {999, 2000, 833}, {1, 550, 1}, {0, 2000, 0}} {
		if got := HT(c.ttc, c.rate); got != c.want {
			t.Errorf("HT(%d, %d) = %d, want %d", c.ttc, c.rate, got, c.want)
		}
	}
}

// FuzzOrderValidate: any JSON a till sends is refused or accepted without
// panicking, and an accepted order really reconciles.
func FuzzOrderValidate(f *testing.F) {
	f.Add(`{"order_id":"A","source":"caisse","type":1,"status":"paid","paid_at":"2026-01-02T12:00:00Z","subtotal_cents":1000,"total_cents":1000,
		"lines":[{"name":"X","quantity":1,"unit_price_cents":1000,"total_cents":1000,"tax_rate_bp":1000}],
		"vat":[{"rate_bp":1000,"ht_cents":909,"vat_cents":91,"ttc_cents":1000}],"payments":[{"method":"cb","amount_cents":1000}]}`)
	f.Add(`{"order_id":"B","source":"borne","type":2,"status":"pending","paid_at":"2026-01-02T12:00:00Z","subtotal_cents":500,
		"discount":{"type":"pourcentage","value":1000,"amount_cents":50},"total_cents":450,
		"lines":[{"name":"Y","quantity":2,"unit_price_cents":200,"total_cents":500,"tax_rate_bp":550,"options":[{"name":"o","quantity":1,"total_cents":100}]}],
		"vat":[{"rate_bp":550,"ht_cents":427,"vat_cents":23,"ttc_cents":450}],"payments":[]}`)
	f.Fuzz(func(t *testing.T, s string) {
		var o Order
		if json.Unmarshal([]byte(s), &o) != nil {
			return
		}
		if o.Validate() != nil {
			return
		}
		var lines, vat, paid int64
		for _, l := range o.Lines {
			lines += l.Total
		}
		for _, v := range o.VAT {
			vat += v.TTC
		}
		for _, p := range o.Payments {
			paid += p.Amount
		}
		d := int64(0)
		if o.Discount != nil {
			d = o.Discount.Amount
		}
		if abs(lines-o.Subtotal) > 1 || abs(o.Subtotal-d+o.Fees-o.Total) > 1 || abs(vat-o.Total) > 1 || (o.Status == StatusPaid && abs(paid-o.Total) > 1) {
			t.Fatalf("accepted an order that does not reconcile: %+v", o)
		}
		if o.Validate() != nil {
			t.Fatalf("a valid order became invalid on a second check")
		}
	})
}

// statusOrder is a valid one-line order of status s.
func statusOrder(s string) Order {
	return Order{OrderID: "S-" + s, Source: SourceKiosk, Type: TypeTakeAway, Status: s, PaidAt: time.Date(2026, 5, 4, 12, 0, 0, 0, time.UTC),
		Subtotal: 1050, Total: 1050, Lines: []Line{{Name: "Le Classique", Quantity: 1, UnitPrice: 1050, Total: 1050, TaxRate: 1000}},
		VAT: []VATLine{{Rate: 1000, HT: 955, VAT: 95, TTC: 1050}}, Payments: []Payment{{Method: "cb", Amount: 1050}}}
}

func TestTillStatusesAreAcceptedAndOthersRefusedWithTheList(t *testing.T) {
	for _, s := range []string{"paid", "pending", "cancelled", "refunded", "partially_refunded", "failed"} {
		o := statusOrder(s)
		if err := o.Validate(); err != nil {
			t.Errorf("%s refused: %v", s, err)
		}
		if l := StatusLabel(s); l == s || l == "" {
			t.Errorf("%s has no French label", s)
		}
	}
	for _, s := range []string{"", "PAID", "rembourse", "refund"} {
		o := statusOrder(s)
		err := o.Validate()
		ve, ok := err.(*ValidationError)
		if !ok || ve.Field != "status" {
			t.Errorf("%q: %v", s, err)
			continue
		}
		want := "Statuts acceptés : paid, pending, cancelled, refunded, partially_refunded ou failed."
		if !strings.Contains(ve.Message, want) || !strings.HasPrefix(ve.Message, "Le statut") {
			t.Errorf("%q: message %q lacks the list", s, ve.Message)
		}
	}
	// The spec: every status but paid and pending counts as cancelled.
	for s, want := range map[string]bool{"paid": false, "pending": false, "cancelled": true, "refunded": true, "partially_refunded": true, "failed": true} {
		if CountsAsCancelled(s) != want {
			t.Errorf("CountsAsCancelled(%s) = %v", s, !want)
		}
	}
}
