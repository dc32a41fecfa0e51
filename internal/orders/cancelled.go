package orders

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"brigade/internal/store"
)

// cancelledWhere is the predicate of the orders_cancelled partial index
// (migration 0017): the statuses CountsAsCancelled counts, written as the
// index states it so that both engines read the index.
const cancelledWhere = "status NOT IN ('" + StatusPaid + "', '" + StatusPending + "')"

// collectPaidWhere is the predicate of the orders_collect_paid index.
const collectPaidWhere = "source = '" + SourceCollect + "' AND status = '" + StatusPaid + "'"

// scopeWhere is "franchise_id = ? AND business_date BETWEEN ? AND ?" and
// the scope's restaurants; ok is false for a scope of no restaurant.
func (s *Service) scopeWhere(sc Scope, r Range) (where string, args []any, ok bool) {
	where = "franchise_id = ? AND business_date BETWEEN ? AND ?"
	args = []any{sc.FranchiseID, r.Start, r.End}
	if sc.Restaurants != nil {
		if len(sc.Restaurants) == 0 {
			return "", nil, false
		}
		in, a := s.db.Among("restaurant_id", sc.Restaurants)
		where += " AND " + in
		args = append(args, a...)
	}
	return where, args, true
}

// EquipmentCell is the cancelled orders of one equipment and status.
type EquipmentCell struct {
	Restaurant int64
	Equipment  int64
	Name       string // the equipment's name
	Status     string
	N          int64
	Total      int64
}

// CancelledPerEquipment sums a scope's cancelled orders per equipment and
// status over a range. The rollups keep the cancelled orders per
// restaurant, day, source and type (ord cells) but not per equipment: this
// reads the orders_cancelled index, a few percent of the orders.
func (s *Service) CancelledPerEquipment(ctx context.Context, sc Scope, r Range) ([]EquipmentCell, error) {
	where, args, ok := s.scopeWhere(sc, r)
	if !ok {
		return nil, nil
	}
	return store.Collect(ctx, s.db, `SELECT g.restaurant_id, g.equipment_id, COALESCE(e.name, ''), g.status, g.n, g.total
		FROM (SELECT restaurant_id, equipment_id, status, COUNT(*) AS n, SUM(total_cents) AS total FROM orders
			WHERE `+where+` AND `+cancelledWhere+` GROUP BY restaurant_id, equipment_id, status) g
		LEFT JOIN equipments e ON e.id = g.equipment_id
		ORDER BY g.restaurant_id, g.equipment_id, g.status`, args, func(row store.Scanner) (c EquipmentCell, err error) {
		err = row.Scan(&c.Restaurant, &c.Equipment, &c.Name, &c.Status, &c.N, &c.Total)
		return c, err
	})
}

// CancelledItem is a row of the latest cancelled orders.
type CancelledItem struct {
	ID           int64
	OrderID      string
	RestaurantID int64
	Equipment    string
	EquipmentKey string // the equipment's user_keen_id (the order's deep link)
	Source       string
	Type         int
	Status       string
	Total        int64
	Fees         int64
	PaidAt       time.Time
	BusinessDate int64
}

// Cancelled lists a scope's cancelled orders over a range, latest first
// (by business day, then time), a page at a time (pageSize -1: all).
func (s *Service) Cancelled(ctx context.Context, sc Scope, r Range, page, pageSize int) ([]CancelledItem, error) {
	where, args, ok := s.scopeWhere(sc, r)
	if !ok {
		return nil, nil
	}
	limit, offset := pageSize, page*pageSize
	if pageSize < 0 {
		limit, offset = 1<<30, 0
	}
	return store.Collect(ctx, s.db, `SELECT o.id, o.till_order_id, o.restaurant_id, COALESCE(e.name, ''), COALESCE(e.user_keen_id, ''), o.source, o.order_type,
		o.status, o.total_cents, o.fees_cents, o.paid_unix, o.business_date
		FROM (SELECT id FROM orders WHERE `+where+` AND `+cancelledWhere+` ORDER BY business_date DESC, paid_unix DESC, id DESC LIMIT ? OFFSET ?) p
		JOIN orders o ON o.id = p.id
		LEFT JOIN equipments e ON e.id = o.equipment_id
		ORDER BY o.business_date DESC, o.paid_unix DESC, o.id DESC`, append(args, limit, offset), func(row store.Scanner) (it CancelledItem, err error) {
		var paid int64
		err = row.Scan(&it.ID, &it.OrderID, &it.RestaurantID, &it.Equipment, &it.EquipmentKey, &it.Source, &it.Type,
			&it.Status, &it.Total, &it.Fees, &paid, &it.BusinessDate)
		it.PaidAt = time.Unix(paid, 0).UTC()
		return it, err
	})
}

// HourCell is the paid orders of a restaurant in one UTC hour.
type HourCell struct {
	Restaurant int64
	At         int64 // Unix time of one of the cell's orders: every order of the cell is at the same local hour
	N          int64
	Total      int64
}

// CollectPerHour sums a scope's paid click & collect orders per restaurant
// and slot of the UTC day over a range, for the peak hours in each
// restaurant's zone. The hour cells of the rollups carry no source: this
// reads the orders_collect_paid index, which holds only those orders.
//
// slot (seconds, dividing a day) must divide every UTC offset the zones
// take during the range, and cuts must list every instant one of them
// changes offset: the orders of one cell then share their local hour,
// which its At gives. A year of a restaurant is then at most 24 × 3 cells,
// not one per hour it sold in.
func (s *Service) CollectPerHour(ctx context.Context, sc Scope, r Range, slot int64, cuts []int64) ([]HourCell, error) {
	where, args, ok := s.scopeWhere(sc, r)
	if !ok {
		return nil, nil
	}
	if slot <= 0 || 86400%slot != 0 {
		return nil, fmt.Errorf("orders: slot %d does not divide a day", slot)
	}
	group := "restaurant_id, "
	var segArgs []any
	if len(cuts) > 0 {
		var b strings.Builder
		b.WriteString("CASE")
		for i, c := range cuts {
			b.WriteString(" WHEN paid_unix < ? THEN " + strconv.Itoa(i))
			segArgs = append(segArgs, c)
		}
		b.WriteString(" ELSE " + strconv.Itoa(len(cuts)) + " END, ")
		group += b.String()
	}
	slotCol := "(paid_unix / " + strconv.FormatInt(slot, 10) + ") % " + strconv.FormatInt(86400/slot, 10)
	return store.Collect(ctx, s.db, `SELECT restaurant_id, MIN(paid_unix), COUNT(*), SUM(total_cents) FROM orders
		WHERE `+where+` AND `+collectPaidWhere+` GROUP BY `+group+slotCol, append(args, segArgs...), func(row store.Scanner) (c HourCell, err error) {
		err = row.Scan(&c.Restaurant, &c.At, &c.N, &c.Total)
		return c, err
	})
}
