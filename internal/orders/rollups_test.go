package orders

import (
	"fmt"
	"testing"
	"time"
)

// TestSortedFoldsEveryGrain checks the folding of day cells grain by grain
// against the plain rule: every day cell added to each of its grains
// (restaurant × day, month and year, franchise × day, month and year;
// hours at day grain only, week hours at month grain only, equipment keys
// at restaurant grain only), and the order of the cells.
func TestSortedFoldsEveryGrain(t *testing.T) {
	d := newDeltas()
	exit := 300
	for i := 0; i < 400; i++ {
		paid := time.Date(2025, 12, 1, 11, 0, 0, 0, time.UTC).Add(time.Duration(i*37) * time.Hour)
		o := Order{OrderID: fmt.Sprint(i), Source: SourceTill, Type: i % 3, Status: StatusPaid, PaidAt: paid, Total: int64(1000 + i), Fees: 10,
			Lines: []Line{{Name: fmt.Sprint("p", i%7), Category: fmt.Sprint("c", i%3), Quantity: 1 + i%2, Total: int64(900 + i), TaxRate: 1000,
				Options: []Option{{Name: "o", Group: "g", Quantity: 1, Total: 50}}}},
			VAT:      []VATLine{{Rate: 1000, HT: 900, VAT: 90, TTC: 990}},
			Payments: []Payment{{Method: "cb", Amount: int64(1000 + i)}},
			ExitSecs: &exit}
		if i%5 == 0 {
			o.Discount = &Discount{Type: DiscountAmount, Amount: 20, Label: "x"}
		}
		d.add(&row{order: o, franchiseID: 1 + int64(i%2), restaurantID: 10 + int64(i%3), equipmentID: 100 + int64(i%4), businessDate: BusinessDate(paid, time.UTC)})
	}
	want := map[cell]Metrics{}
	put := func(c cell, m *Metrics) {
		x := want[c]
		x.add(*m)
		want[c] = x
	}
	for c, m := range d.days {
		if c.dim == DimWeekHours {
			put(cell{c.franchise, c.dim, c.restaurant, c.day / 100, c.key}, m)
			put(cell{c.franchise, c.dim, 0, c.day / 100, c.key}, m)
			continue
		}
		put(cell{c.franchise, c.dim, c.restaurant, c.day, c.key}, m)
		if perEquipment(c.dim) {
			put(cell{c.franchise, c.dim, c.restaurant, c.day / 100, c.key}, m)
			put(cell{c.franchise, c.dim, c.restaurant, c.day / 10000, c.key}, m)
			continue
		}
		put(cell{c.franchise, c.dim, 0, c.day, c.key}, m)
		if c.dim == DimHours {
			continue
		}
		for _, r := range []int64{c.restaurant, 0} {
			put(cell{c.franchise, c.dim, r, c.day / 100, c.key}, m)
			put(cell{c.franchise, c.dim, r, c.day / 10000, c.key}, m)
		}
	}
	got := d.sorted()
	if len(got) != len(want) {
		t.Fatalf("%d cells, want %d", len(got), len(want))
	}
	for i, c := range got {
		if w, ok := want[c.cell]; !ok || w != *c.m {
			t.Fatalf("%+v: %+v, want %+v", c.cell, *c.m, w)
		}
		if i == 0 {
			continue
		}
		p := got[i-1].cell
		if !(p.franchise < c.franchise || p.franchise == c.franchise && (p.dim < c.dim || p.dim == c.dim && (p.restaurant < c.restaurant ||
			p.restaurant == c.restaurant && (p.period < c.period || p.period == c.period && p.key < c.key)))) {
			t.Fatalf("cells %d and %d out of order: %+v, %+v", i-1, i, p, c.cell)
		}
	}
}
