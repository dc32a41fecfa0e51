package orders

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

func TestSpansReadWholeMonthsAndPartialDays(t *testing.T) {
	for _, c := range []struct {
		r    Range
		want [][2]int64
	}{
		{Range{20260115, 20260310}, [][2]int64{{20260115, 20260131}, {202602, 202602}, {20260301, 20260310}}},
		{Range{20260101, 20261231}, [][2]int64{{202601, 202612}}},
		{Range{20260105, 20260120}, [][2]int64{{20260105, 20260120}}},
		{Range{20251122, 20261121}, [][2]int64{{20251122, 20251130}, {202512, 202610}, {20261101, 20261121}}},
		{Range{20260201, 20260228}, [][2]int64{{202602, 202602}}},
		{Range{20260210, 20260228}, [][2]int64{{20260210, 20260228}}},
	} {
		if got := c.r.spans(false); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%v: %v, want %v", c.r, got, c.want)
		}
	}
	if got := (Range{20260115, 20260310}).spans(true); !reflect.DeepEqual(got, [][2]int64{{20260115, 20260310}}) {
		t.Errorf("days only: %v", got)
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
