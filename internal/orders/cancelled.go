package orders

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"brigade/internal/store"
)

// cancelledWhere is the predicate of the orders_cancelled partial index
// (migration 0017): the statuses CountsAsCancelled counts, written as the
// index states it so that both engines read the index.
const cancelledWhere = "status NOT IN ('" + StatusPaid + "', '" + StatusPending + "')"

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
	Status     string
	N          int64
	Total      int64
}

// CancelledPerEquipment sums a scope's cancelled orders per equipment and
// status over a range, from the cequip cells (restaurant rows: the
// restaurants must be listed), by restaurant, equipment and status.
func (s *Service) CancelledPerEquipment(ctx context.Context, sc Scope, r Range) ([]EquipmentCell, error) {
	cells, err := s.Sum(ctx, sc, DimCancelledEquip, r, ByRestaurant, "", MN, MTotal)
	if err != nil {
		return nil, err
	}
	out := make([]EquipmentCell, 0, len(cells))
	for _, c := range cells {
		eq, status, ok := strings.Cut(c.Key, Sep)
		id, err := strconv.ParseInt(eq, 10, 64)
		if !ok || err != nil {
			continue
		}
		out = append(out, EquipmentCell{Restaurant: c.Restaurant, Equipment: id, Status: status, N: c.N, Total: c.Total})
	}
	slices.SortFunc(out, func(a, b EquipmentCell) int {
		return cmp.Or(cmp.Compare(a.Restaurant, b.Restaurant), cmp.Compare(a.Equipment, b.Equipment), strings.Compare(a.Status, b.Status))
	})
	return out, nil
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
	PaidAt       time.Time // the order's time, or that of the change that cancelled it
	BusinessDate int64     // the day it counts among the cancelled orders
	Reason       string    // the change's reason ("" for an order posted cancelled)
}

// enteredCancelled is the predicate, on an order_events row v joined to its
// order o, of a change that made the order count among the cancelled ones
// (see contribution): from paid or pending, or from a partial refund of a
// sale (o.refunded_cents > 0). A change from a status already counted so
// (an order posted partially_refunded, then refunded) moves nothing.
const enteredCancelled = "v.status IN ('" + StatusCancelled + "', '" + StatusRefunded + "', '" + StatusFailed + "') AND (v.from_status IN ('" + StatusPaid + "', '" + StatusPending + "') OR (v.from_status = '" + StatusPartiallyRefunded + "' AND o.refunded_cents > 0))"

// postedCancelled keeps, of the orders whose status counts as cancelled,
// those counted so on the day they were posted: never paid or pending
// since (an order paid then refunded counts on the day of its refund, a
// sale refunded in part does not count at all).
const postedCancelled = "NOT EXISTS (SELECT 1 FROM order_events v WHERE v.order_id = orders.id AND v.from_status IN ('" + StatusPaid + "', '" + StatusPending + "'))"

// Cancelled lists a scope's cancelled orders over a range, latest first
// (by business day, then time), a page at a time (pageSize -1: all): the
// orders posted cancelled on their day, and those a status change
// cancelled or refunded on the day of the change, with its reason — as the
// counts (ord cells) count them.
func (s *Service) Cancelled(ctx context.Context, sc Scope, r Range, page, pageSize int) ([]CancelledItem, error) {
	where, args, ok := s.scopeWhere(sc, r)
	if !ok {
		return nil, nil
	}
	limit, offset := pageSize, page*pageSize
	if pageSize < 0 {
		limit, offset = 1<<30, 0
	}
	vwhere := strings.NewReplacer("franchise_id", "v.franchise_id", "business_date", "v.business_date", "restaurant_id", "v.restaurant_id").Replace(where)
	all := append(append([]any{}, args...), args...)
	return store.Collect(ctx, s.db, `SELECT o.id, o.till_order_id, o.restaurant_id, COALESCE(e.name, ''), COALESCE(e.user_keen_id, ''), o.source, o.order_type,
		p.status, o.total_cents, o.fees_cents, p.at, p.day, p.reason
		FROM (
			SELECT id, status, paid_unix AS at, business_date AS day, '' AS reason, id AS seq FROM orders WHERE `+where+` AND `+cancelledWhere+` AND `+postedCancelled+`
			UNION ALL
			SELECT v.order_id, v.status, v.at_unix, v.business_date, v.reason, v.order_id FROM order_events v JOIN orders o ON o.id = v.order_id WHERE `+vwhere+` AND `+enteredCancelled+`
			ORDER BY 4 DESC, 3 DESC, 6 DESC LIMIT ? OFFSET ?) p
		JOIN orders o ON o.id = p.id
		LEFT JOIN equipments e ON e.id = o.equipment_id
		ORDER BY p.day DESC, p.at DESC, o.id DESC`, append(all, limit, offset), func(row store.Scanner) (it CancelledItem, err error) {
		var at int64
		err = row.Scan(&it.ID, &it.OrderID, &it.RestaurantID, &it.Equipment, &it.EquipmentKey, &it.Source, &it.Type,
			&it.Status, &it.Total, &it.Fees, &at, &it.BusinessDate, &it.Reason)
		it.PaidAt = time.Unix(at, 0).UTC()
		return it, err
	})
}

// ReasonCell is the orders a status change cancelled or refunded for one
// reason.
type ReasonCell struct {
	Reason string
	N      int64
	Total  int64
}

// CancelReasons sums, per reason, the orders status changes cancelled or
// refunded over a range (the day of the change); orders posted cancelled
// have no reason and are not in it.
func (s *Service) CancelReasons(ctx context.Context, sc Scope, r Range) ([]ReasonCell, error) {
	where, args, ok := s.scopeWhere(sc, r)
	if !ok {
		return nil, nil
	}
	vwhere := strings.NewReplacer("franchise_id", "v.franchise_id", "business_date", "v.business_date", "restaurant_id", "v.restaurant_id").Replace(where)
	return store.Collect(ctx, s.db, `SELECT v.reason, COUNT(*), COALESCE(SUM(o.total_cents), 0) FROM order_events v JOIN orders o ON o.id = v.order_id
		WHERE `+vwhere+` AND `+enteredCancelled+` GROUP BY v.reason ORDER BY 2 DESC, 1`, args, func(row store.Scanner) (c ReasonCell, err error) {
		err = row.Scan(&c.Reason, &c.N, &c.Total)
		return c, err
	})
}
