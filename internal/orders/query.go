package orders

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Scope is the set of restaurants a report covers: the whole franchise
// (Restaurants nil), or a list of restaurants of that franchise.
type Scope struct {
	FranchiseID int64
	Restaurants []int64
}

// Range is a span of business dates, both ends included (yyyymmdd).
type Range struct{ Start, End int64 }

func dateOf(d int64) time.Time {
	return time.Date(int(d/10000), time.Month(d/100%100), int(d%100), 0, 0, 0, 0, time.UTC)
}

func toDate(t time.Time) int64 {
	y, m, d := t.Date()
	return int64(y*10000 + int(m)*100 + d)
}

// ParseDate reads yyyy-mm-dd as a business date.
func ParseDate(s string) (int64, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return 0, err
	}
	return toDate(t), nil
}

// AddDays moves a business date by n days.
func AddDays(d int64, n int) int64 { return toDate(dateOf(d).AddDate(0, 0, n)) }

// Days is the number of days of the range.
func (r Range) Days() int { return int(dateOf(r.End).Sub(dateOf(r.Start)).Hours()/24) + 1 }

// span is an interval of periods whose rows are added (sign 1) or
// subtracted (sign -1).
type span struct {
	from, to int64
	sign     int64
}

func daysIn(y int, m time.Month) int { return time.Date(y, m+1, 0, 0, 0, 0, 0, time.UTC).Day() }

// spans covers a range with as few rollup rows as it can: whole months
// from month rows; a partly covered month either from its day rows, or from
// its month row minus the day rows it leaves out, whichever reads fewer
// days (every metric is a sum, so subtracting is exact). A range that ends
// today thus reads its last month's row minus nothing: the later days
// have no rows yet.
func (r Range) spans(daysOnly bool) []span {
	if r.End < r.Start {
		return nil
	}
	if daysOnly {
		return []span{{r.Start, r.End, 1}}
	}
	var out []span
	add := func(sp span) {
		if n := len(out); n > 0 && out[n-1].sign == sp.sign && (out[n-1].from >= 1_000_000) == (sp.from >= 1_000_000) {
			last := &out[n-1]
			next := sp.from
			if sp.from >= 1_000_000 {
				next = AddDays(last.to, 1)
			} else if lm := last.to; lm%100 == 12 {
				next = (lm/100+1)*100 + 1
			} else {
				next = lm + 1
			}
			if next == sp.from {
				last.to = sp.to
				return
			}
		}
		out = append(out, sp)
	}
	s, e := dateOf(r.Start), dateOf(r.End)
	for m := time.Date(s.Year(), s.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(e); m = m.AddDate(0, 1, 0) {
		n := daysIn(m.Year(), m.Month())
		first, last := 1, n
		if m.Year() == s.Year() && m.Month() == s.Month() {
			first = s.Day()
		}
		if m.Year() == e.Year() && m.Month() == e.Month() {
			last = e.Day()
		}
		month := toDate(m) / 100
		day := func(d int) int64 { return month*100 + int64(d) }
		in := last - first + 1
		switch {
		case in == n:
			add(span{month, month, 1})
		case in <= n-in+1:
			add(span{day(first), day(last), 1})
		default:
			add(span{month, month, 1})
			if first > 1 {
				out = append(out, span{day(1), day(first - 1), -1})
			}
			if last < n {
				out = append(out, span{day(last + 1), day(n), -1})
			}
		}
	}
	return out
}

// yearSpans is spans with year rows too: each calendar year the range
// covers wholly reads its year row; a partly covered year reads its months
// and days (spans), or its year row minus the months and days it leaves out,
// whichever reads fewer rows. Rows are counted up to today (the days after
// it have none yet), so a range ending today reads this year's row.
func (r Range) yearSpans(today int64) []span {
	if r.End < r.Start {
		return nil
	}
	cost := func(sps []span) int {
		n := 0
		for _, sp := range sps {
			if sp.from >= 1_000_000 {
				for d := sp.from; d <= sp.to && d <= today; d = AddDays(d, 1) {
					n++
				}
				continue
			}
			for m := sp.from; m <= sp.to && m <= today/100; {
				n++
				if m%100 == 12 {
					m = (m/100+1)*100 + 1
				} else {
					m++
				}
			}
		}
		return n
	}
	var out []span
	for y := r.Start / 10000; y <= r.End/10000; y++ {
		first, last := y*10000+101, y*10000+1231
		from, to := max(r.Start, first), min(r.End, last)
		if from == first && to == last {
			out = append(out, span{y, y, 1})
			continue
		}
		parts := Range{from, to}.spans(false)
		var rest []span
		if from > first {
			rest = append(rest, Range{first, AddDays(from, -1)}.spans(false)...)
		}
		if to < last {
			rest = append(rest, Range{AddDays(to, 1), last}.spans(false)...)
		}
		if 1+cost(rest) < cost(parts) {
			out = append(out, span{y, y, 1})
			for _, sp := range rest {
				sp.sign = -sp.sign
				out = append(out, sp)
			}
		} else {
			out = append(out, parts...)
		}
	}
	return out
}

// Group says how Sum groups the cells besides their key.
type Group int

const (
	ByKey        Group = iota // key only
	ByRestaurant              // restaurant × key
	ByDay                     // business date × key (day rows only)
	ByMonth                   // month (yyyymm) × key
	ByDayTotal                // business date only (keys summed; day rows only)
)

// Metric names one measure of a rollup cell, for Sum to read only those.
type Metric uint16

const (
	MN Metric = 1 << iota
	MQty
	MA1
	MA2
	MA3
	MESum
	MEN
	MC1
	MC2
	AllMetrics Metric = 1<<iota - 1
)

var metricColumns = []string{"n", "qty", "a1", "a2", "a3", "e_sum", "e_n", "c1", "c2"}

// Cell is one group of a rollup sum.
type Cell struct {
	Restaurant int64 // ByRestaurant
	Period     int64 // ByDay (yyyymmdd) or ByMonth (yyyymm)
	Key        string
	Metrics
}

// Sum reads the rollups of a dimension over a range, grouped, with keys
// starting with prefix. It reads the franchise rows when the scope is the
// whole franchise and the grouping is not per restaurant, else the rows of
// each restaurant (restaurants must then be listed).
//
// only names the metrics the caller reads (none: all of them); the others
// are left at zero. Summing fewer columns is most of a report's work.
func (s *Service) Sum(ctx context.Context, sc Scope, dim string, r Range, g Group, prefix string, only ...Metric) ([]Cell, error) {
	var spans []span
	switch g {
	case ByDay, ByDayTotal:
		spans = r.spans(true)
	case ByMonth:
		spans = r.spans(dim == DimHours)
	default:
		if dim == DimHours {
			spans = r.spans(true)
		} else {
			spans = r.yearSpans(BusinessDate(s.now(), time.UTC))
		}
	}
	// Day rows of the franchise, or of one restaurant, are one row per
	// period and key already: read them as they are.
	single := sc.Restaurants == nil || len(sc.Restaurants) == 1
	grouped := !(single && (g == ByDay || g == ByDayTotal && dim == DimRestaurant))
	return s.sumSpans(ctx, sc, dim, spans, g, prefix, grouped, only...)
}

// sumSpans is Sum over explicit spans of periods. Without grouped, the
// rows are read as they are and added up here: cheaper when each group
// has about one row (the hour cells of one restaurant, or of the franchise).
func (s *Service) sumSpans(ctx context.Context, sc Scope, dim string, spans []span, g Group, prefix string, grouped bool, only ...Metric) ([]Cell, error) {
	mask := Metric(0)
	for _, m := range only {
		mask |= m
	}
	if mask == 0 {
		mask = AllMetrics
	}
	mask |= MN // a cell is dropped when its count nets to zero
	var sums strings.Builder
	for i, col := range metricColumns {
		if mask&(1<<i) != 0 {
			if grouped {
				sums.WriteString(", SUM(" + col + ")")
			} else {
				sums.WriteString(", " + col)
			}
		}
	}
	var restWhere string
	var restArgs []any
	switch {
	case sc.Restaurants == nil && g != ByRestaurant:
		restWhere = "restaurant_id = 0"
	case len(sc.Restaurants) == 0:
		return nil, nil
	case s.db.Engine() == store.Postgres:
		// One array parameter: the statement's text (and plan) does not
		// depend on how many restaurants there are.
		restWhere, restArgs = "restaurant_id = ANY(?)", []any{sc.Restaurants}
	default:
		in, args := store.In(sc.Restaurants)
		restWhere, restArgs = "restaurant_id "+in, args
	}
	groupCol, groupBy := "0", "key"
	switch g {
	case ByRestaurant:
		groupCol, groupBy = "restaurant_id", "restaurant_id, key"
	case ByDay:
		groupCol, groupBy = "period", "period, key"
	case ByMonth:
		// Month rows, and day rows folded into their month.
		groupCol = "CASE WHEN period >= 1000000 THEN period / 100 ELSE period END"
		groupBy = groupCol + ", key"
	}
	keyCol := "key"
	if g == ByDayTotal {
		groupCol, groupBy, keyCol = "period", "period", "''"
	}
	keyWhere := ""
	var keyArgs []any
	if prefix != "" {
		keyWhere = " AND key >= ? AND key < ?"
		keyArgs = []any{prefix, prefix + "\U0010FFFF"}
	}
	type gk struct {
		group int64
		key   string
	}
	acc := map[gk]*Metrics{}
	var order []gk
	// One statement for every span (one round trip).
	var q strings.Builder
	var args []any
	if s.db.Engine() == store.Postgres {
		// One SELECT whose rows carry their span's sign: a UNION ALL of
		// the spans would be planned as a Parallel Append, and starting
		// workers costs more than these short scans.
		var neg, all []string
		var negArgs, allArgs []any
		for _, sp := range spans {
			all = append(all, "period BETWEEN ? AND ?")
			allArgs = append(allArgs, sp.from, sp.to)
			if sp.sign < 0 {
				neg = append(neg, "period BETWEEN ? AND ?")
				negArgs = append(negArgs, sp.from, sp.to)
			}
		}
		signCol := "1"
		if len(neg) > 0 {
			signCol = "CASE WHEN " + strings.Join(neg, " OR ") + " THEN -1 ELSE 1 END"
		}
		q.WriteString("SELECT " + signCol + ", " + groupCol + ", " + keyCol + sums.String() + `
			FROM rollups WHERE franchise_id = ? AND dim = ? AND ` + restWhere + ` AND (` + strings.Join(all, " OR ") + `)` + keyWhere)
		if grouped {
			q.WriteString(" GROUP BY 1, " + groupBy)
		}
		args = append(args, negArgs...)
		args = append(args, sc.FranchiseID, dim)
		args = append(args, restArgs...)
		args = append(args, allArgs...)
		args = append(args, keyArgs...)
	} else {
		// A UNION ALL branch per span, its sign first.
		for i, sp := range spans {
			if i > 0 {
				q.WriteString(" UNION ALL ")
			}
			q.WriteString("SELECT ")
			q.WriteString(strconv.FormatInt(sp.sign, 10))
			q.WriteString(", " + groupCol + ", " + keyCol + sums.String() + `
			FROM rollups WHERE franchise_id = ? AND dim = ? AND ` + restWhere + ` AND period BETWEEN ? AND ?` + keyWhere)
			if grouped {
				q.WriteString(" GROUP BY " + groupBy)
			}
			args = append(args, sc.FranchiseID, dim)
			args = append(args, restArgs...)
			args = append(args, sp.from, sp.to)
			args = append(args, keyArgs...)
		}
	}
	if len(spans) > 0 {
		rows, err := s.db.Query(ctx, q.String(), args...)
		if err != nil {
			return nil, err
		}
		var sign int64
		var k gk
		var m Metrics
		dest := []any{&sign, &k.group, &k.key}
		for i, p := range []*int64{&m.N, &m.Qty, &m.A1, &m.A2, &m.A3, &m.ESum, &m.EN, &m.C1, &m.C2} {
			if mask&(1<<i) != 0 {
				dest = append(dest, p)
			}
		}
		for rows.Next() {
			k, m = gk{}, Metrics{}
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				return nil, err
			}
			if sign < 0 {
				m = Metrics{-m.N, -m.Qty, -m.A1, -m.A2, -m.A3, -m.ESum, -m.EN, -m.C1, -m.C2}
			}
			if x, ok := acc[k]; ok {
				x.add(m)
			} else {
				mm := m
				acc[k] = &mm
				order = append(order, k)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	out := make([]Cell, 0, len(order))
	for _, k := range order {
		if *acc[k] == (Metrics{}) {
			continue // only in the days a month row had subtracted
		}
		c := Cell{Key: k.key, Metrics: *acc[k]}
		switch g {
		case ByRestaurant:
			c.Restaurant = k.group
		case ByDay, ByMonth, ByDayTotal:
			c.Period = k.group
		}
		out = append(out, c)
	}
	return out, nil
}

// ListFilter selects a restaurant's orders.
type ListFilter struct {
	RestaurantID int64
	Range        Range
	Collect      bool // click&collect orders, else tills and kiosks
	Page         int  // from 0
	PageSize     int  // -1: all
}

// ListItem is a row of the orders list (spec §3).
type ListItem struct {
	ID            int64
	OrderID       string
	Total         int64
	Currency      string // the restaurant's
	Equipment     string
	EquipmentKeen string
	PaidAt        time.Time
	Status        string
	Source        string
	Type          int
	Siret         string
}

// ErrNotFound: no such order in the caller's scope — the same answer as
// for another franchise's order.
var ErrNotFound = tenancy.ErrNotFound

// utcBounds is the UTC span [from, to) of a restaurant's business dates.
func (s *Service) utcBounds(x tenancy.Restaurant, r Range) (int64, int64) {
	loc := s.location(x.TimeZone)
	from := time.Date(int(r.Start/10000), time.Month(r.Start/100%100), int(r.Start%100), 0, 0, 0, 0, loc)
	to := time.Date(int(r.End/10000), time.Month(r.End/100%100), int(r.End%100)+1, 0, 0, 0, 0, loc)
	return from.Unix(), to.Unix()
}

// List is one page of a restaurant's orders, newest first, with the total.
func (s *Service) List(ctx context.Context, p tenancy.Principal, f ListFilter) ([]ListItem, int, error) {
	x, err := s.ten.Restaurant(ctx, p, f.RestaurantID)
	if err != nil {
		return nil, 0, err
	}
	currency, err := s.ten.RestaurantCurrency(ctx, x)
	if err != nil {
		return nil, 0, err
	}
	from, to := s.utcBounds(x, f.Range)
	srcWhere := "o.source <> 'clickncollect'"
	if f.Collect {
		srcWhere = "o.source = 'clickncollect'"
	}
	limit, offset := f.PageSize, f.Page*f.PageSize
	if f.PageSize < 0 {
		limit, offset = -1, 0
	}
	if s.db.Engine() == store.Postgres && limit < 0 {
		limit = 1 << 30
	}
	rows, err := s.db.Query(ctx, `SELECT o.id, o.till_order_id, o.total_cents, e.name, e.user_keen_id, o.paid_unix, o.status, o.source, o.order_type
		FROM orders o JOIN equipments e ON e.id = o.equipment_id
		WHERE o.id IN (SELECT o.id FROM orders o WHERE o.restaurant_id = ? AND o.paid_unix >= ? AND o.paid_unix < ? AND `+srcWhere+`
			ORDER BY o.paid_unix DESC, o.id DESC LIMIT ? OFFSET ?)
		ORDER BY o.paid_unix DESC, o.id DESC`, x.ID, from, to, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var items []ListItem
	for rows.Next() {
		var it ListItem
		var paid int64
		if err := rows.Scan(&it.ID, &it.OrderID, &it.Total, &it.Equipment, &it.EquipmentKeen, &paid, &it.Status, &it.Source, &it.Type); err != nil {
			return nil, 0, err
		}
		it.PaidAt = time.Unix(paid, 0).UTC()
		it.Siret = x.Siret
		it.Currency = currency
		items = append(items, it)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	// The total comes from the rollups: counting a year of rows is not free.
	cells, err := s.Sum(ctx, Scope{FranchiseID: x.FranchiseID, Restaurants: []int64{x.ID}}, DimOrders, f.Range, ByKey, "", MN)
	if err != nil {
		return nil, 0, err
	}
	total := 0
	for _, c := range cells {
		parts := strings.Split(c.Key, "|")
		if len(parts) == 3 && (parts[1] == SourceCollect) == f.Collect {
			total += int(c.N)
		}
	}
	return items, total, nil
}

// Detail is an order with everything the ticket shows.
type Detail struct {
	ID            int64
	Order         Order
	Equipment     string
	EquipmentKeen string
	Restaurant    tenancy.Restaurant
	Currency      string // of every amount of the order: the restaurant's
	BusinessDate  int64
}

// Get reads one order in the caller's scope.
func (s *Service) Get(ctx context.Context, p tenancy.Principal, id int64) (Detail, error) {
	var rid int64
	if err := s.db.QueryRow(ctx, `SELECT restaurant_id FROM orders WHERE id = ? AND franchise_id = ?`, id, p.FranchiseID).Scan(&rid); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Detail{}, ErrNotFound
		}
		return Detail{}, err
	}
	x, err := s.ten.Restaurant(ctx, p, rid)
	if err != nil {
		return Detail{}, ErrNotFound
	}
	return s.detail(ctx, x, id)
}

// Lookup finds an order by the deep link's till order id, SIRET and
// equipment (user_keen_id), in the caller's scope.
func (s *Service) Lookup(ctx context.Context, p tenancy.Principal, tillOrderID, siret, keen string) (Detail, error) {
	var id, rid int64
	err := s.db.QueryRow(ctx, `SELECT o.id, o.restaurant_id FROM orders o JOIN restaurants r ON r.id = o.restaurant_id JOIN equipments e ON e.id = o.equipment_id
		WHERE o.franchise_id = ? AND r.siret = ? AND e.user_keen_id = ? AND o.till_order_id = ?`, p.FranchiseID, siret, keen, tillOrderID).Scan(&id, &rid)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Detail{}, ErrNotFound
		}
		return Detail{}, err
	}
	x, err := s.ten.Restaurant(ctx, p, rid)
	if err != nil {
		return Detail{}, ErrNotFound
	}
	return s.detail(ctx, x, id)
}

func (s *Service) detail(ctx context.Context, x tenancy.Restaurant, id int64) (Detail, error) {
	d := Detail{ID: id, Restaurant: x}
	var err error
	if d.Currency, err = s.ten.RestaurantCurrency(ctx, x); err != nil {
		return d, err
	}
	o := &d.Order
	var paid int64
	var dType, dLabel, cashier, ex string
	var dValue, discount int64
	var exit sql.NullInt64
	err = s.db.QueryRow(ctx, `SELECT o.till_order_id, o.source, o.order_type, o.status, o.paid_unix, o.business_date, o.subtotal_cents, o.discount_cents,
		o.fees_cents, o.total_cents, o.discount_type, o.discount_value, o.discount_label, o.cashier, o.exit_seconds, o.extra, e.name, e.user_keen_id
		FROM orders o JOIN equipments e ON e.id = o.equipment_id WHERE o.id = ?`, id).Scan(
		&o.OrderID, &o.Source, &o.Type, &o.Status, &paid, &d.BusinessDate, &o.Subtotal, &discount, &o.Fees, &o.Total,
		&dType, &dValue, &dLabel, &cashier, &exit, &ex, &d.Equipment, &d.EquipmentKeen)
	if err != nil {
		return d, err
	}
	o.PaidAt = time.Unix(paid, 0).UTC()
	if dType != "" {
		o.Discount = &Discount{Type: dType, Value: dValue, Amount: discount, Label: dLabel, Cashier: cashier}
	}
	if exit.Valid {
		v := int(exit.Int64)
		o.ExitSecs = &v
	}
	if ex != "" {
		var e extra
		if err := json.Unmarshal([]byte(ex), &e); err != nil {
			return d, err
		}
		o.Marque, o.Collect = e.Marque, e.Collect
	}
	rows, err := s.db.Query(ctx, `SELECT product_id, product, category, quantity, unit_cents, ttc_cents, tax_rate_bp FROM order_lines WHERE order_id = ? ORDER BY line_no`, id)
	if err != nil {
		return d, err
	}
	for rows.Next() {
		var l Line
		if err := rows.Scan(&l.ProductID, &l.Name, &l.Category, &l.Quantity, &l.UnitPrice, &l.Total, &l.TaxRate); err != nil {
			rows.Close()
			return d, err
		}
		o.Lines = append(o.Lines, l)
	}
	rows.Close()
	rows, err = s.db.Query(ctx, `SELECT line_no, option_name, group_name, quantity, ttc_cents FROM order_options WHERE order_id = ? ORDER BY line_no, option_no`, id)
	if err != nil {
		return d, err
	}
	for rows.Next() {
		var i int
		var op Option
		if err := rows.Scan(&i, &op.Name, &op.Group, &op.Quantity, &op.Total); err != nil {
			rows.Close()
			return d, err
		}
		if i < len(o.Lines) {
			o.Lines[i].Options = append(o.Lines[i].Options, op)
		}
	}
	rows.Close()
	rows, err = s.db.Query(ctx, `SELECT rate_bp, ht_cents, vat_cents, ttc_cents FROM order_vat WHERE order_id = ? ORDER BY rate_bp`, id)
	if err != nil {
		return d, err
	}
	for rows.Next() {
		var v VATLine
		if err := rows.Scan(&v.Rate, &v.HT, &v.VAT, &v.TTC); err != nil {
			rows.Close()
			return d, err
		}
		o.VAT = append(o.VAT, v)
	}
	rows.Close()
	rows, err = s.db.Query(ctx, `SELECT method, amount_cents FROM order_payments WHERE order_id = ? ORDER BY payment_no`, id)
	if err != nil {
		return d, err
	}
	defer rows.Close()
	for rows.Next() {
		var p Payment
		if err := rows.Scan(&p.Method, &p.Amount); err != nil {
			return d, err
		}
		o.Payments = append(o.Payments, p)
	}
	return d, rows.Err()
}

// Itoa is strconv.FormatInt for ids in keys.
func Itoa(v int64) string { return strconv.FormatInt(v, 10) }

// DiscountItem is a row of 'Liste Commande en Réduction'.
type DiscountItem struct {
	ID            int64
	OrderID       string
	DiscountType  string
	DiscountValue int64
	Discount      int64
	RealTotal     int64 // before the discount
	Total         int64
	Type          int
	Label         string
	Cashier       string
	Source        string
	PaidAt        time.Time
	RestaurantID  int64
}

// Discounted lists the discounted paid orders of a scope, newest day first.
func (s *Service) Discounted(ctx context.Context, sc Scope, r Range, page, pageSize int) ([]DiscountItem, int, error) {
	where := "franchise_id = ? AND business_date BETWEEN ? AND ? AND discount_cents > 0 AND status = 'paid'"
	args := []any{sc.FranchiseID, r.Start, r.End}
	if sc.Restaurants != nil {
		if len(sc.Restaurants) == 0 {
			return nil, 0, nil
		}
		in, a := store.In(sc.Restaurants)
		where += " AND restaurant_id " + in
		args = append(args, a...)
	}
	limit, offset := pageSize, page*pageSize
	if pageSize < 0 {
		limit, offset = 1<<30, 0
	}
	rows, err := s.db.Query(ctx, `SELECT id, till_order_id, discount_type, discount_value, discount_cents, subtotal_cents + fees_cents, total_cents, order_type,
		discount_label, cashier, source, paid_unix, restaurant_id FROM orders WHERE `+where+` ORDER BY business_date DESC, id DESC LIMIT ? OFFSET ?`,
		append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []DiscountItem
	for rows.Next() {
		var it DiscountItem
		var paid int64
		if err := rows.Scan(&it.ID, &it.OrderID, &it.DiscountType, &it.DiscountValue, &it.Discount, &it.RealTotal, &it.Total, &it.Type,
			&it.Label, &it.Cashier, &it.Source, &paid, &it.RestaurantID); err != nil {
			return nil, 0, err
		}
		it.PaidAt = time.Unix(paid, 0).UTC()
		out = append(out, it)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	cells, err := s.Sum(ctx, sc, DimDiscounts, r, ByKey, "", MN)
	if err != nil {
		return nil, 0, err
	}
	total := 0
	for _, c := range cells {
		total += int(c.N)
	}
	return out, total, nil
}

// HeatMap sums the paid orders' hour cells over a range into local hour ×
// weekday (Sunday = 0) of loc, each UTC hour placed by its start. Months
// in which loc keeps one UTC offset (no daylight-saving change, checked a
// day beyond each end since a business month's orders may fall a few hours
// outside it in UTC) read the month rows keyed by UTC weekday and hour;
// the other days read the day rows keyed by UTC date and hour.
func (s *Service) HeatMap(ctx context.Context, sc Scope, r Range, loc *time.Location, only ...Metric) ([24][7]Metrics, error) {
	var heat [24][7]Metrics
	if r.End < r.Start {
		return heat, nil
	}
	var days, months []span
	offsets := map[int64]int{} // month -> offset in seconds
	// The franchise rows, or one restaurant's: a row per key and period.
	oneRowEach := sc.Restaurants == nil || len(sc.Restaurants) == 1
	st, e := dateOf(r.Start), dateOf(r.End)
	for m := time.Date(st.Year(), st.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(e); m = m.AddDate(0, 1, 0) {
		n := daysIn(m.Year(), m.Month())
		first, last := 1, n
		if m.Year() == st.Year() && m.Month() == st.Month() {
			first = st.Day()
		}
		if m.Year() == e.Year() && m.Month() == e.Month() {
			last = e.Day()
		}
		month := toDate(m) / 100
		day := func(d int) int64 { return month*100 + int64(d) }
		in := last - first + 1
		from, to := m.Add(-24*time.Hour), m.AddDate(0, 1, 0).Add(24*time.Hour)
		local := from.In(loc)
		_, end := local.ZoneBounds()
		steady := end.IsZero() || !end.Before(to)
		switch {
		case !steady || (in < n && in <= n-in+1):
			days = append(days, span{day(first), day(last), 1})
		default:
			_, offsets[month] = local.Zone()
			if k := len(months) - 1; k >= 0 && (months[k].to+1 == month || months[k].to%100 == 12 && (months[k].to/100+1)*100+1 == month) {
				months[k].to = month
			} else {
				months = append(months, span{month, month, 1})
			}
			if first > 1 {
				days = append(days, span{day(1), day(first - 1), -1})
			}
			if last < n {
				days = append(days, span{day(last + 1), day(n), -1})
			}
		}
	}
	if len(days) > 0 {
		cells, err := s.sumSpans(ctx, sc, DimHours, days, ByKey, "", !oneRowEach, only...)
		if err != nil {
			return heat, err
		}
		for _, c := range cells {
			t, err := time.ParseInLocation("2006010215", c.Key, time.UTC)
			if err != nil {
				continue
			}
			lt := t.In(loc)
			heat[lt.Hour()][int(lt.Weekday())].add(c.Metrics)
		}
	}
	if len(months) > 0 {
		cells, err := s.sumSpans(ctx, sc, DimWeekHours, months, ByMonth, "", !oneRowEach, only...)
		if err != nil {
			return heat, err
		}
		for _, c := range cells {
			wd, h, ok := strings.Cut(c.Key, "|")
			w, err1 := strconv.Atoi(wd)
			hour, err2 := strconv.Atoi(h)
			if !ok || err1 != nil || err2 != nil {
				continue
			}
			secs := hour*3600 + offsets[c.Period]
			shift := secs / 86400
			if secs < 0 {
				shift = (secs - 86399) / 86400
			}
			secs -= shift * 86400
			heat[secs/3600][((w+shift)%7+7)%7].add(c.Metrics)
		}
	}
	return heat, nil
}

// CountsBetween counts the orders of restaurants paid in [from, to), per
// key of the order cells (status|source|type, as DimOrders): the part of a
// day that the rollups, per day, cannot give (a reference day cut at the
// time of day it is now). It reads the raw orders by restaurant and time.
func (s *Service) CountsBetween(ctx context.Context, franchiseID int64, restaurants []int64, from, to time.Time) ([]Cell, error) {
	if len(restaurants) == 0 || !from.Before(to) {
		return nil, nil
	}
	var restWhere string
	var args []any
	if s.db.Engine() == store.Postgres {
		restWhere, args = "restaurant_id = ANY(?)", []any{restaurants}
	} else {
		restWhere, args = store.In(restaurants)
		restWhere = "restaurant_id " + restWhere
	}
	args = append(args, from.Unix(), to.Unix(), franchiseID)
	rows, err := s.db.Query(ctx, `SELECT status, source, order_type, COUNT(*) FROM orders
		WHERE `+restWhere+` AND paid_unix >= ? AND paid_unix < ? AND franchise_id = ?
		GROUP BY status, source, order_type`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Cell
	for rows.Next() {
		var status, source string
		var typ, n int64
		if err := rows.Scan(&status, &source, &typ, &n); err != nil {
			return nil, err
		}
		out = append(out, Cell{Key: status + "|" + source + "|" + strconv.FormatInt(typ, 10), Metrics: Metrics{N: n}})
	}
	return out, rows.Err()
}

// SalesBetween sums the lines (options: the options) of the paid orders of
// restaurants paid in [from, to), keyed as the prod (opt) cells:
// P|category|product (P|group|option), P = 1 for platform orders, with qty
// units and a1 TTC; the part of a day the rollups cannot give (a reference
// day cut at the time of day it is now). It reads the raw orders by
// restaurant and time, and their lines.
func (s *Service) SalesBetween(ctx context.Context, franchiseID int64, restaurants []int64, from, to time.Time, options bool) ([]Cell, error) {
	if len(restaurants) == 0 || !from.Before(to) {
		return nil, nil
	}
	var restWhere string
	var args []any
	if s.db.Engine() == store.Postgres {
		restWhere, args = "o.restaurant_id = ANY(?)", []any{restaurants}
	} else {
		restWhere, args = store.In(restaurants)
		restWhere = "o.restaurant_id " + restWhere
	}
	args = append(args, from.Unix(), to.Unix(), franchiseID)
	cols, join := "l.category, l.product, l.quantity, l.ttc_cents", "order_lines l ON l.order_id = o.id"
	if options {
		cols, join = "l.group_name, l.option_name, l.quantity, l.ttc_cents", "order_options l ON l.order_id = o.id"
	}
	rows, err := s.db.Query(ctx, `SELECT CASE WHEN o.order_type = `+strconv.Itoa(TypePlatform)+` THEN '1' ELSE '0' END, `+cols+`
		FROM orders o JOIN `+join+`
		WHERE `+restWhere+` AND o.paid_unix >= ? AND o.paid_unix < ? AND o.franchise_id = ? AND o.status = '`+StatusPaid+`'`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	acc := map[string]*Metrics{}
	var keys []string
	for rows.Next() {
		var p, group, name string
		var qty, ttc int64
		if err := rows.Scan(&p, &group, &name, &qty, &ttc); err != nil {
			return nil, err
		}
		k := p + Sep + group + Sep + name
		m := acc[k]
		if m == nil {
			m = &Metrics{}
			acc[k] = m
			keys = append(keys, k)
		}
		m.Qty += qty
		m.A1 += ttc
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]Cell, 0, len(keys))
	for _, k := range keys {
		out = append(out, Cell{Key: k, Metrics: *acc[k]})
	}
	return out, nil
}
