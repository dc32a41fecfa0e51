package orders

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"brigade/internal/store"
)

// Rollup dimensions. Each order adds deltas to cells keyed by (franchise,
// dim, restaurant — 0 for the whole franchise, period — yyyymmdd, yyyymm or
// yyyy, key), at six grains: restaurant × day, month and year, franchise ×
// day, month and year (the hour dimension, whose key already holds the
// date, at day grain only; its week-hour twin at month grain only; the
// dimensions keyed by equipment at restaurant grain only). A report over a
// long range reads whole years and months plus the partial days at its
// ends, or a year minus what it leaves out when that reads fewer rows; over
// all restaurants it reads the franchise rows.
//
// A cell has nine metric columns: n, qty, e_sum and e_n mean the same in
// every dimension (Metrics.N, Qty, ExitSecondsSum, ExitCount); a1, a2, a3,
// c1 and c2 hold what each dimension needs (columnMetrics), read and
// written under their own names (the Metrics fields):
//
//	ord   key status|source|type       every order: n orders, qty units, a1 Total, a2 Discount, a3 Fees,
//	                                   e_sum/e_n exit seconds, c1 DiscountedOrders, c2 LateOrders
//	prod  key P|category|product       paid orders (P = 1 for platform orders, else 0): n orders holding it,
//	                                   qty units, a1 Total (TTC), a2 HT, a3 VAT, e_sum/e_n exit seconds of
//	                                   those orders, c1 LateUnits (Fast Trank), c2 OptionUnits
//	crate key P|category|rate          paid orders: n orders holding the category's lines at that VAT rate
//	                                   (basis points), qty units, a1 Total (TTC), a2 HT, a3 VAT (the rates
//	                                   of the category table: prod keys carry no rate)
//	cat   key P|category               paid orders: n orders holding the category (once per order, however
//	                                   many of its products), qty units, e_sum/e_n exit seconds of those
//	                                   orders, c1 LateUnits, c2 OptionUnits (the category rows of the
//	                                   performance report: adding up prod cells would count an order
//	                                   holding two of its products twice)
//	opt   key P|group|option           paid orders: n orders, qty units, a1 Total (TTC)
//	vat   key equipment|rate           paid orders: n orders, a1 HT, a2 VAT, a3 Total (TTC)
//	pay   key equipment|method         paid orders: n payments, a1 Total (the amount paid)
//	equip key equipment                paid orders: n orders, a1 Total, a2 PlatformTotal, a3 Discount,
//	                                   c1 DiscountedOrders (Promotion), c2 PlatformOrders
//	hour  key yyyymmddhh (UTC)         paid orders: n orders, a1 Total, e_sum/e_n exit seconds
//	whour key w|hh (UTC weekday 0 =    the hour cells at month grain only (restaurant and franchise):
//	          Sunday, UTC hour)        a year's heat map reads 12 × 168 cells instead of 365 × 24
//	disc  key type|source|label        paid orders with a discount: n orders, a1 Discount
//	dcode key promo code               paid orders with a discount granted by a code: n orders, a1 Discount
//	chour key yyyymmddhh (UTC)         the hour cells of the paid click & collect orders (day grain only:
//	                                   restaurant and franchise): the click & collect peak hours
//	cwhour key w|hh (UTC)              their week-hour twin (month grain only)
//	cequip key equipment|status        the orders that count as cancelled (CountsAsCancelled), restaurant
//	                                   grain only: n orders, a1 Total (Mes Annulations per equipment)
//	rest  key ""                       paid orders, one cell per restaurant and period (the per-restaurant
//	                                   tables): n orders, qty units, a1 Total, a2 Discount, a3 HT (the
//	                                   orders' VAT lines, as vat cells: the revenue report reads it at day
//	                                   grain without the vat cells' row per equipment and rate, and from
//	                                   the franchise rows), e_sum/e_n exit seconds, c1 LateUnits,
//	                                   c2 OptionUnits
const (
	DimOrders     = "ord"
	DimProducts   = "prod"
	DimCatRates   = "crate"
	DimCategories = "cat"
	DimOptions    = "opt"
	DimVAT        = "vat"
	DimPayments   = "pay"
	DimEquipment  = "equip"
	DimHours      = "hour"
	DimWeekHours  = "whour"
	DimDiscounts  = "disc"
	DimRestaurant = "rest"

	DimCollectHours     = "chour"
	DimCollectWeekHours = "cwhour"
	DimCancelledEquip   = "cequip"
	DimPromoCodes       = "dcode"
)

// Sep separates the parts of a rollup key.
const Sep = "\x1f"

// Metrics are the measures of a rollup cell, amounts in cents. A
// dimension keeps those its reports read (columnMetrics); the others stay
// zero.
type Metrics struct {
	N                int64 // orders (payments in pay cells)
	Qty              int64 // units sold
	Total            int64 // TTC: of the orders, or of the lines (prod, crate), options (opt), VAT rate (vat), payment method (pay)
	HT               int64 // excluding VAT
	VAT              int64
	Discount         int64
	Fees             int64
	PlatformTotal    int64 // total of the platform orders (equip)
	ExitSecondsSum   int64 // sum of the exit times of the orders that have one
	ExitCount        int64 // how many orders have an exit time
	DiscountedOrders int64
	LateOrders       int64 // orders whose exit time is late (Fast Trank)
	LateUnits        int64 // units in late orders
	OptionUnits      int64 // units sold with options
	PlatformOrders   int64
}

func (m *Metrics) add(o Metrics) {
	m.N += o.N
	m.Qty += o.Qty
	m.Total += o.Total
	m.HT += o.HT
	m.VAT += o.VAT
	m.Discount += o.Discount
	m.Fees += o.Fees
	m.PlatformTotal += o.PlatformTotal
	m.ExitSecondsSum += o.ExitSecondsSum
	m.ExitCount += o.ExitCount
	m.DiscountedOrders += o.DiscountedOrders
	m.LateOrders += o.LateOrders
	m.LateUnits += o.LateUnits
	m.OptionUnits += o.OptionUnits
	m.PlatformOrders += o.PlatformOrders
}

func (m *Metrics) negate() {
	m.N, m.Qty, m.Total, m.HT, m.VAT = -m.N, -m.Qty, -m.Total, -m.HT, -m.VAT
	m.Discount, m.Fees, m.PlatformTotal = -m.Discount, -m.Fees, -m.PlatformTotal
	m.ExitSecondsSum, m.ExitCount, m.DiscountedOrders = -m.ExitSecondsSum, -m.ExitCount, -m.DiscountedOrders
	m.LateOrders, m.LateUnits, m.OptionUnits, m.PlatformOrders = -m.LateOrders, -m.LateUnits, -m.OptionUnits, -m.PlatformOrders
}

// Metric names one measure of a rollup cell, for Sum to read only those.
type Metric uint16

const (
	MN Metric = 1 << iota
	MQty
	MTotal
	MHT
	MVAT
	MDiscount
	MFees
	MPlatformTotal
	MExitSecondsSum
	MExitCount
	MDiscountedOrders
	MLateOrders
	MLateUnits
	MOptionUnits
	MPlatformOrders
	AllMetrics Metric = 1<<iota - 1
)

// field is the measure k of m.
func (m *Metrics) field(k Metric) *int64 {
	switch k {
	case MN:
		return &m.N
	case MQty:
		return &m.Qty
	case MTotal:
		return &m.Total
	case MHT:
		return &m.HT
	case MVAT:
		return &m.VAT
	case MDiscount:
		return &m.Discount
	case MFees:
		return &m.Fees
	case MPlatformTotal:
		return &m.PlatformTotal
	case MExitSecondsSum:
		return &m.ExitSecondsSum
	case MExitCount:
		return &m.ExitCount
	case MDiscountedOrders:
		return &m.DiscountedOrders
	case MLateOrders:
		return &m.LateOrders
	case MLateUnits:
		return &m.LateUnits
	case MOptionUnits:
		return &m.OptionUnits
	case MPlatformOrders:
		return &m.PlatformOrders
	}
	return nil
}

// metricColumns are the metric columns of the rollups table.
var metricColumns = [9]string{"n", "qty", "a1", "a2", "a3", "e_sum", "e_n", "c1", "c2"}

// columnMetrics is the measure each metric column holds in a dimension's
// cells (0: none). The columns keep their names: the schema is shared by
// the dimensions.
func columnMetrics(dim string) [9]Metric {
	var a1, a2, a3, c1, c2 Metric
	switch dim {
	case DimOrders:
		a1, a2, a3, c1, c2 = MTotal, MDiscount, MFees, MDiscountedOrders, MLateOrders
	case DimProducts:
		a1, a2, a3, c1, c2 = MTotal, MHT, MVAT, MLateUnits, MOptionUnits
	case DimCatRates:
		a1, a2, a3 = MTotal, MHT, MVAT
	case DimCategories:
		c1, c2 = MLateUnits, MOptionUnits
	case DimVAT:
		a1, a2, a3 = MHT, MVAT, MTotal
	case DimEquipment:
		a1, a2, a3, c1, c2 = MTotal, MPlatformTotal, MDiscount, MDiscountedOrders, MPlatformOrders
	case DimDiscounts, DimPromoCodes:
		a1 = MDiscount
	case DimRestaurant:
		a1, a2, a3, c1, c2 = MTotal, MDiscount, MHT, MLateUnits, MOptionUnits
	default: // opt, pay, hour, whour, chour, cwhour, cequip
		a1 = MTotal
	}
	return [9]Metric{MN, MQty, a1, a2, a3, MExitSecondsSum, MExitCount, c1, c2}
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

// dayCell is a cell at the finest grain: one restaurant, one business day.
type dayCell struct {
	franchise, restaurant, day int64
	dim, key                   string
}

// deltas accumulates the rollup changes of a batch of orders per
// restaurant and day; cells() folds them into every grain, so that each
// order costs one map update per dimension key, and every cell is written
// once per transaction.
type deltas struct {
	days map[dayCell]*Metrics
	slab []Metrics // where the cells' metrics live: one allocation per 1,024 cells
	// neg subtracts what put is given instead of adding it: a status
	// change takes an order's former contribution back (lifecycle.go).
	neg bool
}

func newDeltas() *deltas { return &deltas{days: make(map[dayCell]*Metrics, 1024)} }

// alloc stores a copy of m in the slab. A full slab is left to the cells
// that point into it and a new one started, so pointers stay valid.
func (d *deltas) alloc(m *Metrics) *Metrics {
	if len(d.slab) == cap(d.slab) {
		d.slab = make([]Metrics, 0, 1024)
	}
	d.slab = append(d.slab, *m)
	return &d.slab[len(d.slab)-1]
}

func (d *deltas) put(franchise, restaurant, day int64, dim, key string, m Metrics) {
	if d.neg {
		m.negate()
	}
	c := dayCell{franchise, restaurant, day, dim, key}
	if x, ok := d.days[c]; ok {
		x.add(m)
	} else {
		d.days[c] = d.alloc(&m)
	}
}

// perEquipment reports whether a dimension's key names an equipment: an
// equipment belongs to one restaurant, so its franchise rows would repeat
// the restaurant rows cell for cell. They are not kept: the Z table reads
// the restaurant rows.
func perEquipment(dim string) bool {
	return dim == DimEquipment || dim == DimVAT || dim == DimPayments || dim == DimCancelledEquip
}

// hourDim reports whether a dimension's key is a UTC hour (kept at day
// grain only) and weekHourDim whether it is a UTC weekday and hour (kept at
// month grain only).
func hourDim(dim string) bool     { return dim == DimHours || dim == DimCollectHours }
func weekHourDim(dim string) bool { return dim == DimWeekHours || dim == DimCollectWeekHours }

// WeekHourKey is the key of a whour cell: UTC weekday (0 = Sunday) and hour.
func WeekHourKey(weekday, hour int) string {
	return strconv.Itoa(weekday) + "|" + strconv.Itoa(100 + hour)[1:]
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
func (d *deltas) add(r *row) {
	o := &r.order
	f, rest, day := r.franchiseID, r.restaurantID, r.businessDate
	var units int64
	for _, l := range o.Lines {
		units += int64(l.Quantity)
	}
	var exit Metrics
	if o.ExitSecs != nil {
		exit = Metrics{ExitSecondsSum: int64(*o.ExitSecs), ExitCount: 1}
	}
	discount := int64(0)
	if o.Discount != nil {
		discount = o.Discount.Amount
	}
	late := ExitLate(o.ExitSecs)
	om := Metrics{N: 1, Qty: units, Total: o.Total, Discount: discount, Fees: o.Fees, ExitSecondsSum: exit.ExitSecondsSum, ExitCount: exit.ExitCount}
	if discount > 0 {
		om.DiscountedOrders = 1
	}
	if late {
		om.LateOrders = 1
	}
	d.put(f, rest, day, DimOrders, o.Status+"|"+o.Source+"|"+strconv.Itoa(o.Type), om)
	if CountsAsCancelled(o.Status) {
		d.put(f, rest, day, DimCancelledEquip, strconv.FormatInt(r.equipmentID, 10)+Sep+o.Status, Metrics{N: 1, Total: o.Total})
	}
	if o.Status != StatusPaid {
		return
	}
	pf := platformFlag(o.Type)
	// Products, categories and options: n counts orders, so lines of the
	// same product (category, option) are merged first.
	prods := map[string]*Metrics{}
	rates := map[string]*Metrics{}
	cats := map[string]*Metrics{}
	opts := map[string]*Metrics{}
	var lateUnits, optionUnits int64
	for _, l := range o.Lines {
		k := pf + Sep + l.Category + Sep + l.Name
		m := prods[k]
		if m == nil {
			m = &Metrics{N: 1, ExitSecondsSum: exit.ExitSecondsSum, ExitCount: exit.ExitCount}
			prods[k] = m
		}
		ht := HT(l.Total, l.TaxRate)
		m.Qty += int64(l.Quantity)
		m.Total += l.Total
		m.HT += ht
		m.VAT += l.Total - ht
		rk := pf + Sep + l.Category + Sep + strconv.Itoa(l.TaxRate)
		rm := rates[rk]
		if rm == nil {
			rm = &Metrics{N: 1}
			rates[rk] = rm
		}
		rm.Qty += int64(l.Quantity)
		rm.Total += l.Total
		rm.HT += ht
		rm.VAT += l.Total - ht
		ck := pf + Sep + l.Category
		cm := cats[ck]
		if cm == nil {
			cm = &Metrics{N: 1, ExitSecondsSum: exit.ExitSecondsSum, ExitCount: exit.ExitCount}
			cats[ck] = cm
		}
		cm.Qty += int64(l.Quantity)
		if late {
			m.LateUnits += int64(l.Quantity)
			cm.LateUnits += int64(l.Quantity)
			lateUnits += int64(l.Quantity)
		}
		if len(l.Options) > 0 {
			m.OptionUnits += int64(l.Quantity)
			cm.OptionUnits += int64(l.Quantity)
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
			om.Total += op.Total
		}
	}
	for k, m := range prods {
		d.put(f, rest, day, DimProducts, k, *m)
	}
	for k, m := range rates {
		d.put(f, rest, day, DimCatRates, k, *m)
	}
	for k, m := range cats {
		d.put(f, rest, day, DimCategories, k, *m)
	}
	for k, m := range opts {
		d.put(f, rest, day, DimOptions, k, *m)
	}
	eq := strconv.FormatInt(r.equipmentID, 10)
	for _, v := range o.VAT {
		d.put(f, rest, day, DimVAT, eq+Sep+strconv.Itoa(v.Rate), Metrics{N: 1, HT: v.HT, VAT: v.VAT, Total: v.TTC})
	}
	for _, p := range o.Payments {
		d.put(f, rest, day, DimPayments, eq+Sep+p.Method, Metrics{N: 1, Total: p.Amount})
	}
	em := Metrics{N: 1, Total: o.Total, Discount: discount}
	if discount > 0 {
		em.DiscountedOrders = 1
	}
	if o.Type == TypePlatform {
		em.PlatformTotal, em.PlatformOrders = o.Total, 1
	}
	d.put(f, rest, day, DimEquipment, eq, em)
	var ht int64
	for _, v := range o.VAT {
		ht += v.HT
	}
	d.put(f, rest, day, DimRestaurant, "", Metrics{N: 1, Qty: units, Total: o.Total, HT: ht, Discount: discount, ExitSecondsSum: exit.ExitSecondsSum, ExitCount: exit.ExitCount, LateUnits: lateUnits, OptionUnits: optionUnits})
	paid := o.PaidAt.UTC()
	d.put(f, rest, day, DimHours, paid.Format("2006010215"), Metrics{N: 1, Total: o.Total, ExitSecondsSum: exit.ExitSecondsSum, ExitCount: exit.ExitCount})
	d.put(f, rest, day, DimWeekHours, WeekHourKey(int(paid.Weekday()), paid.Hour()), Metrics{N: 1, Total: o.Total, ExitSecondsSum: exit.ExitSecondsSum, ExitCount: exit.ExitCount})
	if o.Source == SourceCollect {
		d.put(f, rest, day, DimCollectHours, paid.Format("2006010215"), Metrics{N: 1, Total: o.Total})
		d.put(f, rest, day, DimCollectWeekHours, WeekHourKey(int(paid.Weekday()), paid.Hour()), Metrics{N: 1, Total: o.Total})
	}
	if discount > 0 {
		d.put(f, rest, day, DimDiscounts, o.Discount.Type+Sep+o.Source+Sep+o.Discount.Label, Metrics{N: 1, Discount: discount})
		if o.Discount.Code != "" {
			d.put(f, rest, day, DimPromoCodes, o.Discount.Code, Metrics{N: 1, Discount: discount})
		}
	}
}

const rollupColumns = "franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2"

// cellDelta is a cell with its metrics.
type cellDelta struct {
	cell
	m *Metrics
}

// gridCell is a cell whose dimension and key are numbered (keyID): hashing
// and comparing four integers instead of two strings is most of the
// folding's cost.
type gridCell struct {
	franchise, restaurant, period int64
	keyID                         int32
}

type dimKey struct{ dim, key string }

// sorted folds the day cells into the six grains, restaurant × day, month
// and year, franchise × day, month and year (hours at day grain only, week
// hours at month grain only, equipment keys at restaurant grain only), and
// lists them in a stable order, so that concurrent writers on PostgreSQL
// take row locks in the same order (and SQLite writes its B-tree in key
// order). Each grain is folded from the one below it (a year from its
// months, not from its days): a day cell is read twice, not five times.
func (d *deltas) sorted() []cellDelta {
	ids := make(map[dimKey]int32, 256)
	var keys []dimKey
	grid := make(map[gridCell]*Metrics, len(d.days)*2)
	var restMonths, franchiseMonths []gridCell
	fold := func(c gridCell, m *Metrics) bool {
		if x, ok := grid[c]; ok {
			x.add(*m)
			return false
		}
		grid[c] = d.alloc(m)
		return true
	}
	for c, m := range d.days {
		k := dimKey{c.dim, c.key}
		id, ok := ids[k]
		if !ok {
			id = int32(len(keys))
			ids[k] = id
			keys = append(keys, k)
		}
		day := gridCell{c.franchise, c.restaurant, c.day, id}
		month := gridCell{c.franchise, c.restaurant, c.day / 100, id}
		switch {
		case weekHourDim(c.dim):
			// Month grain only: the key has no date.
			if fold(month, m) {
				restMonths = append(restMonths, month)
			}
			continue
		case hourDim(c.dim):
			grid[day] = m
			fold(gridCell{c.franchise, 0, c.day, id}, m)
			continue
		}
		grid[day] = m
		if !perEquipment(c.dim) {
			fold(gridCell{c.franchise, 0, c.day, id}, m)
		}
		if fold(month, m) {
			restMonths = append(restMonths, month)
		}
	}
	for _, c := range restMonths {
		m := grid[c]
		dim := keys[c.keyID].dim
		if !weekHourDim(dim) {
			fold(gridCell{c.franchise, c.restaurant, c.period / 100, c.keyID}, m)
		}
		if !perEquipment(dim) {
			if f := (gridCell{c.franchise, 0, c.period, c.keyID}); fold(f, m) {
				franchiseMonths = append(franchiseMonths, f)
			}
		}
	}
	for _, c := range franchiseMonths {
		if !weekHourDim(keys[c.keyID].dim) {
			fold(gridCell{c.franchise, 0, c.period / 100, c.keyID}, grid[c])
		}
	}
	// The order of the numbered keys: dimension, then key.
	byName := make([]int32, len(keys))
	for i := range byName {
		byName[i] = int32(i)
	}
	slices.SortFunc(byName, func(a, b int32) int {
		if c := strings.Compare(keys[a].dim, keys[b].dim); c != 0 {
			return c
		}
		return strings.Compare(keys[a].key, keys[b].key)
	})
	rank := make([]int32, len(keys))    // of the dimension and key
	dimRank := make([]int32, len(keys)) // of the dimension
	for r, id := range byName {
		rank[id] = int32(r)
		dimRank[id] = int32(r)
		if r > 0 && keys[byName[r-1]].dim == keys[id].dim {
			dimRank[id] = dimRank[byName[r-1]]
		}
	}
	order := make([]gridCell, 0, len(grid))
	for c := range grid {
		order = append(order, c)
	}
	slices.SortFunc(order, func(a, b gridCell) int {
		if a.franchise != b.franchise {
			return cmp64(a.franchise, b.franchise)
		}
		if da, db := dimRank[a.keyID], dimRank[b.keyID]; da != db {
			return cmp64(int64(da), int64(db))
		}
		if a.restaurant != b.restaurant {
			return cmp64(a.restaurant, b.restaurant)
		}
		if a.period != b.period {
			return cmp64(a.period, b.period)
		}
		return cmp64(int64(rank[a.keyID]), int64(rank[b.keyID]))
	})
	cells := make([]cellDelta, len(order))
	for i, c := range order {
		k := keys[c.keyID]
		cells[i] = cellDelta{cell{c.franchise, k.dim, c.restaurant, c.period, k.key}, grid[c]}
	}
	return cells
}

const rollupUpsert = ` ON CONFLICT (franchise_id, dim, restaurant_id, period, key) DO UPDATE SET
		n = rollups.n + excluded.n, qty = rollups.qty + excluded.qty, a1 = rollups.a1 + excluded.a1,
		a2 = rollups.a2 + excluded.a2, a3 = rollups.a3 + excluded.a3, e_sum = rollups.e_sum + excluded.e_sum,
		e_n = rollups.e_n + excluded.e_n, c1 = rollups.c1 + excluded.c1, c2 = rollups.c2 + excluded.c2`

func rollupRow(cells []cellDelta) func(i int, args []any) []any {
	return func(i int, args []any) []any {
		c, m := cells[i], cells[i].m
		args = append(args, c.franchise, c.dim, c.restaurant, c.period, c.key)
		for _, k := range columnMetrics(c.dim) {
			if k == 0 {
				args = append(args, int64(0))
			} else {
				args = append(args, *m.field(k))
			}
		}
		return args
	}
}

// rollupArrays are the columns of the cells as arrays, for unnest on
// PostgreSQL: built typed, without going through a row of values per cell
// as columnar does.
func rollupArrays(cells []cellDelta) []any {
	n := len(cells)
	franchises, restaurants, periods := make([]int64, n), make([]int64, n), make([]int64, n)
	dims, keys := make([]string, n), make([]string, n)
	var metrics [9][]int64
	for j := range metrics {
		metrics[j] = make([]int64, n)
	}
	for i, c := range cells {
		franchises[i], dims[i], restaurants[i], periods[i], keys[i] = c.franchise, c.dim, c.restaurant, c.period, c.key
		for j, k := range columnMetrics(c.dim) {
			if k != 0 {
				metrics[j][i] = *c.m.field(k)
			}
		}
	}
	out := []any{franchises, dims, restaurants, periods, keys}
	for _, m := range metrics {
		out = append(out, m)
	}
	return out
}

// blocks are the upserts of the accumulated cells, ready to run on SQLite.
func (d *deltas) blocks() *blocks {
	cells := d.sorted()
	return buildBlocks("rollups", rollupColumns, 14, len(cells), rollupUpsert, rollupRow(cells))
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

// blocks are SQLite multi-row INSERTs with their arguments, built ahead of
// running them (possibly on another goroutine): full blocks of blockRows
// rows through one prepared statement, the rest in one more statement.
type blocks struct {
	full     string  // statement of a full block
	args     [][]any // arguments of each full block
	rest     string  // statement of the last, partial block
	restArgs []any
}

func buildBlocks(table, columns string, width, n int, suffix string, row func(i int, args []any) []any) *blocks {
	b := &blocks{}
	nfull := n / blockRows
	if nfull > 0 {
		b.full = valuesStatement(store.SQLite, table, columns, width, blockRows) + suffix
		b.args = make([][]any, nfull)
		for k := range b.args {
			args := make([]any, 0, blockRows*width)
			for i := k * blockRows; i < (k+1)*blockRows; i++ {
				args = row(i, args)
			}
			b.args[k] = args
		}
	}
	if rest := n - nfull*blockRows; rest > 0 {
		b.rest = valuesStatement(store.SQLite, table, columns, width, rest) + suffix
		b.restArgs = make([]any, 0, rest*width)
		for i := nfull * blockRows; i < n; i++ {
			b.restArgs = row(i, b.restArgs)
		}
	}
	return b
}

func (b *blocks) exec(ctx context.Context, tx *store.Tx) error {
	if len(b.args) > 0 {
		stmt, err := tx.PrepareRaw(ctx, b.full)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, args := range b.args {
			if _, err := stmt.ExecContext(ctx, args...); err != nil {
				return err
			}
		}
	}
	if b.rest != "" {
		if _, err := tx.ExecRaw(ctx, b.rest, b.restArgs...); err != nil {
			return err
		}
	}
	return nil
}

// columnar turns n rows into one array per column, for unnest on
// PostgreSQL. types has a letter per column: i bigint, s text, n bigint
// or NULL (nil in the row).
func columnar(types string, n int, row func(i int, args []any) []any) []any {
	width := len(types)
	ints := make([][]int64, width)
	strs := make([][]string, width)
	nulls := make([][]*int64, width)
	for c := 0; c < width; c++ {
		switch types[c] {
		case 'i':
			ints[c] = make([]int64, 0, n)
		case 's':
			strs[c] = make([]string, 0, n)
		case 'n':
			nulls[c] = make([]*int64, 0, n)
		}
	}
	args := make([]any, 0, width)
	for i := 0; i < n; i++ {
		args = row(i, args[:0])
		for c, v := range args {
			switch types[c] {
			case 'i':
				ints[c] = append(ints[c], v.(int64))
			case 's':
				strs[c] = append(strs[c], v.(string))
			case 'n':
				if v == nil {
					nulls[c] = append(nulls[c], nil)
				} else {
					x := v.(int64)
					nulls[c] = append(nulls[c], &x)
				}
			}
		}
	}
	out := make([]any, width)
	for c := 0; c < width; c++ {
		switch types[c] {
		case 'i':
			out[c] = ints[c]
		case 's':
			out[c] = strs[c]
		case 'n':
			out[c] = nulls[c]
		}
	}
	return out
}

// unnestStatement is "INSERT INTO table (columns) SELECT * FROM
// unnest($1::bigint[], $2::text[], …)" for PostgreSQL: one shape whatever
// the number of rows, so one prepared statement and one round trip.
func unnestStatement(table, columns, types string) string {
	return "INSERT INTO " + table + " (" + columns + ") " + unnestSelect(types, 0)
}

// unnestSelect is "SELECT * FROM unnest($n::bigint[], …)", the placeholders
// numbered from after+1.
func unnestSelect(types string, after int) string {
	var b strings.Builder
	b.WriteString("SELECT * FROM unnest(")
	for c := 0; c < len(types); c++ {
		if c > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(after + c + 1))
		if types[c] == 's' {
			b.WriteString("::text[]")
		} else {
			b.WriteString("::bigint[]")
		}
	}
	b.WriteString(")")
	return b.String()
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
