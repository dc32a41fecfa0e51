package orders

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"brigade/internal/store"
)

// Rollup dimensions. Each order adds deltas to cells keyed by (franchise,
// dim, restaurant — 0 for the whole franchise, period, key), at four grains:
// restaurant × day, restaurant × month, franchise × day, franchise × month
// (the hour dimension, whose key already holds the date, at day grain only).
// A report over a long range reads whole months plus the partial days at its
// ends; over all restaurants it reads the franchise rows.
//
// The metrics of a cell are n, qty, a1..a3, e_sum, e_n, c1, c2; their meaning
// per dimension:
//
//	ord   key status|source|type       every order: n orders, qty units, a1 total, a2 discount, a3 fees,
//	                                   e_sum/e_n exit seconds, c1 orders with a discount, c2 late orders
//	prod  key P|category|product       paid orders (P = 1 for platform orders, else 0): n orders holding it,
//	                                   qty units, a1 TTC, a2 HT, a3 VAT, e_sum/e_n exit seconds of those
//	                                   orders, c1 units in late orders (Fast Trank), c2 units with options
//	opt   key P|group|option           paid orders: n orders, qty units, a1 TTC
//	vat   key equipment|rate           paid orders: n orders, a1 HT, a2 VAT, a3 TTC
//	pay   key equipment|method         paid orders: n payments, a1 amount
//	equip key equipment                paid orders: n orders, a1 total, a2 platform total, a3 discount,
//	                                   c1 orders with a discount (Promotion), c2 platform orders
//	hour  key yyyymmddhh (UTC)         paid orders: n orders, a1 total, e_sum/e_n exit seconds
//	disc  key type|source|label        paid orders with a discount: n orders, a1 discount
//	rest  key ""                       paid orders, one cell per restaurant and period (the per-restaurant
//	                                   tables): n orders, qty units, a1 total, a2 discount, e_sum/e_n exit
//	                                   seconds, c1 units in late orders, c2 units with options
const (
	DimOrders     = "ord"
	DimProducts   = "prod"
	DimOptions    = "opt"
	DimVAT        = "vat"
	DimPayments   = "pay"
	DimEquipment  = "equip"
	DimHours      = "hour"
	DimDiscounts  = "disc"
	DimRestaurant = "rest"
)

// Sep separates the parts of a rollup key.
const Sep = "\x1f"

// Metrics are the measures of a rollup cell.
type Metrics struct {
	N, Qty, A1, A2, A3, ESum, EN, C1, C2 int64
}

func (m *Metrics) add(o Metrics) {
	m.N += o.N
	m.Qty += o.Qty
	m.A1 += o.A1
	m.A2 += o.A2
	m.A3 += o.A3
	m.ESum += o.ESum
	m.EN += o.EN
	m.C1 += o.C1
	m.C2 += o.C2
}

// Add adds o to m.
func (m *Metrics) Add(o Metrics) { m.add(o) }

type cell struct {
	franchise  int64
	dim        string
	restaurant int64
	period     int64
	key        string
}

// deltas accumulates the rollup changes of a batch of orders, so that every
// cell is written once per transaction.
type deltas map[cell]*Metrics

func (d deltas) put(franchise, restaurant, day int64, dim, key string, m Metrics) {
	month := day / 100
	for _, c := range [4]cell{
		{franchise, dim, restaurant, day, key},
		{franchise, dim, restaurant, month, key},
		{franchise, dim, 0, day, key},
		{franchise, dim, 0, month, key},
	} {
		if dim == DimHours && c.period < 1_000_000 {
			continue
		}
		if x, ok := d[c]; ok {
			x.add(m)
		} else {
			mm := m
			d[c] = &mm
		}
	}
}

// ExitLate reports whether an exit time counts as late (Fast Trank).
func ExitLate(exit *int) bool { return exit != nil && *exit > FastTrankSeconds }

// HT is the tax-free part of a TTC amount at rate (basis points), rounded
// to the cent.
func HT(ttc int64, rate int) int64 {
	return (ttc*10000 + int64(10000+rate)/2) / int64(10000+rate)
}

func platformFlag(t int) string {
	if t == TypePlatform {
		return "1"
	}
	return "0"
}

// add records one stored order's deltas.
func (d deltas) add(r *row) {
	o := &r.order
	f, rest, day := r.franchiseID, r.restaurantID, r.businessDate
	var units int64
	for _, l := range o.Lines {
		units += int64(l.Quantity)
	}
	var exit Metrics
	if o.ExitSecs != nil {
		exit = Metrics{ESum: int64(*o.ExitSecs), EN: 1}
	}
	discount := int64(0)
	if o.Discount != nil {
		discount = o.Discount.Amount
	}
	late := ExitLate(o.ExitSecs)
	om := Metrics{N: 1, Qty: units, A1: o.Total, A2: discount, A3: o.Fees, ESum: exit.ESum, EN: exit.EN}
	if discount > 0 {
		om.C1 = 1
	}
	if late {
		om.C2 = 1
	}
	d.put(f, rest, day, DimOrders, o.Status+"|"+o.Source+"|"+strconv.Itoa(o.Type), om)
	if o.Status != StatusPaid {
		return
	}
	pf := platformFlag(o.Type)
	// Products and options: n counts orders, so lines of the same product
	// are merged first.
	prods := map[string]*Metrics{}
	opts := map[string]*Metrics{}
	var lateUnits, optionUnits int64
	for _, l := range o.Lines {
		k := pf + Sep + l.Category + Sep + l.Name
		m := prods[k]
		if m == nil {
			m = &Metrics{N: 1, ESum: exit.ESum, EN: exit.EN}
			prods[k] = m
		}
		ht := HT(l.Total, l.TaxRate)
		m.Qty += int64(l.Quantity)
		m.A1 += l.Total
		m.A2 += ht
		m.A3 += l.Total - ht
		if late {
			m.C1 += int64(l.Quantity)
			lateUnits += int64(l.Quantity)
		}
		if len(l.Options) > 0 {
			m.C2 += int64(l.Quantity)
			optionUnits += int64(l.Quantity)
		}
		for _, op := range l.Options {
			k := pf + Sep + op.Group + Sep + op.Name
			om := opts[k]
			if om == nil {
				om = &Metrics{N: 1}
				opts[k] = om
			}
			om.Qty += int64(op.Quantity)
			om.A1 += op.Total
		}
	}
	for k, m := range prods {
		d.put(f, rest, day, DimProducts, k, *m)
	}
	for k, m := range opts {
		d.put(f, rest, day, DimOptions, k, *m)
	}
	eq := strconv.FormatInt(r.equipmentID, 10)
	for _, v := range o.VAT {
		d.put(f, rest, day, DimVAT, eq+Sep+strconv.Itoa(v.Rate), Metrics{N: 1, A1: v.HT, A2: v.VAT, A3: v.TTC})
	}
	for _, p := range o.Payments {
		d.put(f, rest, day, DimPayments, eq+Sep+p.Method, Metrics{N: 1, A1: p.Amount})
	}
	em := Metrics{N: 1, A1: o.Total, A3: discount}
	if discount > 0 {
		em.C1 = 1
	}
	if o.Type == TypePlatform {
		em.A2, em.C2 = o.Total, 1
	}
	d.put(f, rest, day, DimEquipment, eq, em)
	d.put(f, rest, day, DimRestaurant, "", Metrics{N: 1, Qty: units, A1: o.Total, A2: discount, ESum: exit.ESum, EN: exit.EN, C1: lateUnits, C2: optionUnits})
	d.put(f, rest, day, DimHours, o.PaidAt.UTC().Format("2006010215"), Metrics{N: 1, A1: o.Total, ESum: exit.ESum, EN: exit.EN})
	if discount > 0 {
		d.put(f, rest, day, DimDiscounts, o.Discount.Type+Sep+o.Source+Sep+o.Discount.Label, Metrics{N: 1, A1: discount})
	}
}

const rollupColumns = "franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2"

// flush upserts the accumulated cells, in a stable order so that concurrent
// writers on PostgreSQL take row locks in the same order.
func (d deltas) flush(ctx context.Context, tx *store.Tx) error {
	cells := make([]cell, 0, len(d))
	for c := range d {
		cells = append(cells, c)
	}
	slices.SortFunc(cells, func(a, b cell) int {
		if a.franchise != b.franchise {
			return cmp64(a.franchise, b.franchise)
		}
		if a.dim != b.dim {
			return strings.Compare(a.dim, b.dim)
		}
		if a.restaurant != b.restaurant {
			return cmp64(a.restaurant, b.restaurant)
		}
		if a.period != b.period {
			return cmp64(a.period, b.period)
		}
		return strings.Compare(a.key, b.key)
	})
	const suffix = ` ON CONFLICT (franchise_id, dim, restaurant_id, period, key) DO UPDATE SET
		n = rollups.n + excluded.n, qty = rollups.qty + excluded.qty, a1 = rollups.a1 + excluded.a1,
		a2 = rollups.a2 + excluded.a2, a3 = rollups.a3 + excluded.a3, e_sum = rollups.e_sum + excluded.e_sum,
		e_n = rollups.e_n + excluded.e_n, c1 = rollups.c1 + excluded.c1, c2 = rollups.c2 + excluded.c2`
	return insertRows(ctx, tx, "rollups", rollupColumns, 14, len(cells), suffix, func(i int, args []any) []any {
		c, m := cells[i], d[cells[i]]
		return append(args, c.franchise, c.dim, c.restaurant, c.period, c.key, m.N, m.Qty, m.A1, m.A2, m.A3, m.ESum, m.EN, m.C1, m.C2)
	})
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// blockRows is how many rows one prepared multi-row statement writes: big
// enough to cut round trips, small enough that SQLite parses it once per
// transaction instead of once per call.
const blockRows = 64

// insertRows writes n rows of width columns with multi-row INSERTs: full
// blocks through one prepared statement, the rest in one more statement.
func insertRows(ctx context.Context, tx *store.Tx, table, columns string, width, n int, suffix string, row func(i int, args []any) []any) error {
	if n == 0 {
		return nil
	}
	args := make([]any, 0, blockRows*width)
	full := n / blockRows
	if full > 0 {
		stmt, err := tx.PrepareRaw(ctx, valuesStatement(tx.Engine(), table, columns, width, blockRows)+suffix)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for b := 0; b < full; b++ {
			args = args[:0]
			for i := b * blockRows; i < (b+1)*blockRows; i++ {
				args = row(i, args)
			}
			if _, err := stmt.ExecContext(ctx, args...); err != nil {
				return err
			}
		}
	}
	if rest := n - full*blockRows; rest > 0 {
		args = args[:0]
		for i := full * blockRows; i < n; i++ {
			args = row(i, args)
		}
		if _, err := tx.ExecRaw(ctx, valuesStatement(tx.Engine(), table, columns, width, rest)+suffix, args...); err != nil {
			return err
		}
	}
	return nil
}

// valuesStatement is "INSERT INTO table (columns) VALUES (?, …), …", with
// the engine's placeholders.
func valuesStatement(engine store.Engine, table, columns string, width, rows int) string {
	var b strings.Builder
	b.Grow(len(table) + len(columns) + rows*(width*3+4) + 32)
	b.WriteString("INSERT INTO ")
	b.WriteString(table)
	b.WriteString(" (")
	b.WriteString(columns)
	b.WriteString(") VALUES ")
	for r := 0; r < rows; r++ {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := 0; c < width; c++ {
			if c > 0 {
				b.WriteString(", ")
			}
			if engine == store.Postgres {
				b.WriteByte('$')
				b.WriteString(strconv.Itoa(r*width + c + 1))
			} else {
				b.WriteByte('?')
			}
		}
		b.WriteByte(')')
	}
	return b.String()
}
