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
