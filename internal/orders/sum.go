package orders

import (
	"context"
	"strconv"
	"strings"
	"time"

	"brigade/internal/store"
)

// Group says how Sum groups the cells besides their key.
type Group int

const (
	ByKey           Group = iota // key only
	ByRestaurant                 // restaurant × key
	ByDay                        // business date × key (day rows only)
	ByMonth                      // month (yyyymm) × key
	ByDayTotal                   // business date only (keys summed; day rows only)
	ByRestaurantDay              // restaurant × business date × key (day rows only; the restaurants must be listed)
	// ByRestaurantDayTail is ByRestaurantDay with the key cut after its
	// first Sep (the vat cells' rate, the pay cells' method: the equipment
	// dropped), summed in SQL: a journal of every restaurant and day reads
	// one row per rate or method, not one more per equipment.
	ByRestaurantDayTail
	ByRestaurantDayTotal // restaurant × business date (keys summed; day rows only; the restaurants must be listed)
)

// restaurantDay packs a restaurant and a business date (yyyymmdd) into the
// one group column of ByRestaurantDay.
const restaurantDay = 100_000_000

// Cell is one group of a rollup sum.
type Cell struct {
	Restaurant int64 // ByRestaurant, ByRestaurantDay
	Period     int64 // ByDay, ByRestaurantDay (yyyymmdd) or ByMonth (yyyymm)
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
	var prefixes []string
	if prefix != "" {
		prefixes = []string{prefix}
	}
	return s.SumPrefixes(ctx, sc, dim, r, g, prefixes, only...)
}

// SumPrefixes is Sum over the keys starting with any of prefixes (none:
// every key), in one scan: the ord keys of the four cancelled statuses are
// one read, not four reads of every status's rows.
func (s *Service) SumPrefixes(ctx context.Context, sc Scope, dim string, r Range, g Group, prefixes []string, only ...Metric) ([]Cell, error) {
	var spans []span
	switch g {
	case ByDay, ByDayTotal, ByRestaurantDay, ByRestaurantDayTail, ByRestaurantDayTotal:
		spans = r.spans(true)
	case ByMonth:
		spans = r.spans(hourDim(dim))
	default:
		if hourDim(dim) {
			spans = r.spans(true)
		} else {
			spans = r.yearSpans(BusinessDate(s.now(), time.UTC))
		}
	}
	// Day rows of the franchise, or of one restaurant, are one row per
	// period and key already: read them as they are.
	single := sc.Restaurants == nil || len(sc.Restaurants) == 1
	grouped := !(single && (g == ByDay || g == ByDayTotal && dim == DimRestaurant))
	return s.sumSpans(ctx, sc, dim, spans, g, prefixes, grouped, only...)
}

// sumSpans is Sum over explicit spans of periods. Without grouped, the
// rows are read as they are and added up here: cheaper when each group
// has about one row (the hour cells of one restaurant, or of the franchise).
func (s *Service) sumSpans(ctx context.Context, sc Scope, dim string, spans []span, g Group, prefixes []string, grouped bool, only ...Metric) ([]Cell, error) {
	mask := Metric(0)
	for _, m := range only {
		mask |= m
	}
	if mask == 0 {
		mask = AllMetrics
	}
	mask |= MN // a cell is dropped when its count nets to zero
	var sums strings.Builder
	var m Metrics
	var fields []*int64 // where each column read goes, in m
	for i, k := range columnMetrics(dim) {
		if k != 0 && mask&k != 0 {
			fields = append(fields, m.field(k))
			col := metricColumns[i]
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
	case sc.Restaurants == nil && g != ByRestaurant && g != ByRestaurantDay && g != ByRestaurantDayTail && g != ByRestaurantDayTotal:
		restWhere = "restaurant_id = 0"
	case len(sc.Restaurants) == 0:
		return nil, nil
	default:
		restWhere, restArgs = s.db.Among("restaurant_id", sc.Restaurants)
	}
	groupCol, groupBy := "0", "key"
	switch g {
	case ByRestaurant:
		groupCol, groupBy = "restaurant_id", "restaurant_id, key"
	case ByDay:
		groupCol, groupBy = "period", "period, key"
	case ByRestaurantDay:
		groupCol, groupBy = "restaurant_id * "+strconv.Itoa(restaurantDay)+" + period", "restaurant_id, period, key"
	case ByMonth:
		// Month rows, and day rows folded into their month.
		groupCol = "CASE WHEN period >= 1000000 THEN period / 100 ELSE period END"
		groupBy = groupCol + ", key"
	}
	keyCol := "key"
	switch g {
	case ByDayTotal:
		groupCol, groupBy, keyCol = "period", "period", "''"
	case ByRestaurantDayTotal:
		groupCol, groupBy, keyCol = "restaurant_id * "+strconv.Itoa(restaurantDay)+" + period", "restaurant_id, period", "''"
	case ByRestaurantDayTail:
		keyCol = "substr(key, instr(key, char(31)) + 1)"
		if s.db.Engine() == store.Postgres {
			keyCol = "substr(key, strpos(key, chr(31)) + 1)"
		}
		groupCol, groupBy = "restaurant_id * "+strconv.Itoa(restaurantDay)+" + period", "restaurant_id, period, "+keyCol
	}
	keyWhere := ""
	var keyArgs []any
	if len(prefixes) > 0 {
		var ors []string
		for _, prefix := range prefixes {
			ors = append(ors, "key >= ? AND key < ?")
			keyArgs = append(keyArgs, prefix, prefix+"\U0010FFFF")
		}
		keyWhere = " AND (" + strings.Join(ors, " OR ") + ")"
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
		dest := []any{&sign, &k.group, &k.key}
		for _, p := range fields {
			dest = append(dest, p)
		}
		for rows.Next() {
			k, m = gk{}, Metrics{}
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				return nil, err
			}
			if sign < 0 {
				for _, p := range fields {
					*p = -*p
				}
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
		case ByRestaurantDay, ByRestaurantDayTail, ByRestaurantDayTotal:
			c.Restaurant, c.Period = k.group/restaurantDay, k.group%restaurantDay
		case ByDay, ByMonth, ByDayTotal:
			c.Period = k.group
		}
		out = append(out, c)
	}
	return out, nil
}
