package orders

import (
	"context"
	"fmt"

	"brigade/internal/store"
)

// SoldOrder is what one order's product lines add to a range of business
// days: Sign 1 on the day it became a sale (posted paid, or paid later),
// -1 on the day a cancellation or a full refund took the sale back. An
// order sold and taken back within the range comes twice and adds
// nothing. A partial refund names an amount, not lines: the products stay
// sold, as in the product rollups (see lifecycle.go).
type SoldOrder struct {
	OrderID      int64
	RestaurantID int64
	Sign         int64
	Lines        []SoldLine
}

// SoldLine is a product line of a sold order.
type SoldLine struct {
	ProductID string // idGlobal of the product in the carte ("" when the till sent none)
	Quantity  int64
	TTC       int64 // the line's total, options included, before the order's discount
}

// soldQuery lists the product lines of the orders that became, or stopped
// being, a sale on a day of the range. An order's posted status is the
// first change's from_status, or its status when it never changed.
const soldQuery = `SELECT s.order_id, o.restaurant_id, s.sign, l.product_id, l.quantity, l.ttc_cents
FROM (
	SELECT o.id AS order_id, 1 AS sign FROM orders o
	WHERE o.franchise_id = ? AND o.business_date BETWEEN ? AND ?
	  AND COALESCE((SELECT e.from_status FROM order_events e WHERE e.order_id = o.id ORDER BY e.id LIMIT 1), o.status) = 'paid'
	UNION ALL
	SELECT e.order_id, CASE WHEN e.status = 'paid' THEN 1 ELSE -1 END FROM order_events e
	WHERE e.franchise_id = ? AND e.business_date BETWEEN ? AND ?
	  AND (e.status = 'paid' OR (e.status IN ('cancelled', 'refunded') AND (e.from_status = 'paid'
	       OR (e.from_status = 'partially_refunded' AND EXISTS (SELECT 1 FROM order_events x
	            WHERE x.order_id = e.order_id AND x.id < e.id AND (x.status = 'paid' OR x.from_status = 'paid'))))))
) s
JOIN orders o ON o.id = s.order_id
JOIN order_lines l ON l.order_id = s.order_id
WHERE %s
ORDER BY s.order_id, s.sign, l.line_no`

// EachSold calls fn with every order whose sale counts on a day of the
// range, in the scope, one order at a time: the rows stream from the
// database, so a year of orders is never held in memory at once.
func (s *Service) EachSold(ctx context.Context, sc Scope, r Range, fn func(SoldOrder) error) error {
	where, args := "1 = 1", []any{sc.FranchiseID, r.Start, r.End, sc.FranchiseID, r.Start, r.End}
	if sc.Restaurants != nil {
		if len(sc.Restaurants) == 0 {
			return nil
		}
		in, ids := store.In(sc.Restaurants)
		where = "o.restaurant_id " + in
		args = append(args, ids...)
	}
	var cur SoldOrder
	flush := func() error {
		if cur.OrderID == 0 {
			return nil
		}
		err := fn(cur)
		cur = SoldOrder{}
		return err
	}
	err := store.Each(ctx, s.db, fmt.Sprintf(soldQuery, where), args, func(row store.Scanner) error {
		var id, restaurant, sign int64
		var l SoldLine
		if err := row.Scan(&id, &restaurant, &sign, &l.ProductID, &l.Quantity, &l.TTC); err != nil {
			return err
		}
		if id != cur.OrderID || sign != cur.Sign {
			if err := flush(); err != nil {
				return err
			}
			cur = SoldOrder{OrderID: id, RestaurantID: restaurant, Sign: sign}
		}
		cur.Lines = append(cur.Lines, l)
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}
