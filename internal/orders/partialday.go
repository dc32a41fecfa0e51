package orders

import (
	"context"
	"strconv"
	"time"

	"brigade/internal/store"
)

// CountsBetween counts the orders of restaurants paid in [from, to), per
// key of the order cells (status|source|type, as DimOrders): the part of a
// day that the rollups, per day, cannot give (a reference day cut at the
// time of day it is now). It reads the raw orders by restaurant and time.
func (s *Service) CountsBetween(ctx context.Context, franchiseID int64, restaurants []int64, from, to time.Time) ([]Cell, error) {
	if len(restaurants) == 0 || !from.Before(to) {
		return nil, nil
	}
	restWhere, args := s.db.Among("restaurant_id", restaurants)
	args = append(args, from.Unix(), to.Unix(), franchiseID)
	return store.Collect(ctx, s.db, `SELECT status, source, order_type, COUNT(*) FROM orders
		WHERE `+restWhere+` AND paid_unix >= ? AND paid_unix < ? AND franchise_id = ?
		GROUP BY status, source, order_type`, args, func(r store.Scanner) (Cell, error) {
		var status, source string
		var typ, n int64
		err := r.Scan(&status, &source, &typ, &n)
		return Cell{Key: status + "|" + source + "|" + strconv.FormatInt(typ, 10), Metrics: Metrics{N: n}}, err
	})
}

// SalesBetween sums the lines (options: the options) of the paid orders of
// restaurants paid in [from, to), keyed as the prod (opt) cells:
// P|category|product (P|group|option), P = 1 for platform orders, with qty
// units and Total (TTC); the part of a day the rollups cannot give (a reference
// day cut at the time of day it is now). It reads the raw orders by
// restaurant and time, and their lines.
func (s *Service) SalesBetween(ctx context.Context, franchiseID int64, restaurants []int64, from, to time.Time, options bool) ([]Cell, error) {
	if len(restaurants) == 0 || !from.Before(to) {
		return nil, nil
	}
	restWhere, args := s.db.Among("o.restaurant_id", restaurants)
	args = append(args, from.Unix(), to.Unix(), franchiseID)
	cols, join := "l.category, l.product, l.quantity, l.ttc_cents", "order_lines l ON l.order_id = o.id"
	if options {
		cols, join = "l.group_name, l.option_name, l.quantity, l.ttc_cents", "order_options l ON l.order_id = o.id"
	}
	acc := map[string]*Metrics{}
	var keys []string
	err := store.Each(ctx, s.db, `SELECT CASE WHEN o.order_type = `+strconv.Itoa(TypePlatform)+` THEN '1' ELSE '0' END, `+cols+`
		FROM orders o JOIN `+join+`
		WHERE `+restWhere+` AND o.paid_unix >= ? AND o.paid_unix < ? AND o.franchise_id = ? AND o.status = '`+StatusPaid+`'`, args, func(r store.Scanner) error {
		var p, group, name string
		var qty, ttc int64
		if err := r.Scan(&p, &group, &name, &qty, &ttc); err != nil {
			return err
		}
		k := p + Sep + group + Sep + name
		m := acc[k]
		if m == nil {
			m = &Metrics{}
			acc[k] = m
			keys = append(keys, k)
		}
		m.Qty += qty
		m.Total += ttc
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := make([]Cell, 0, len(keys))
	for _, k := range keys {
		out = append(out, Cell{Key: k, Metrics: *acc[k]})
	}
	return out, nil
}

// PaidBetween sums the paid orders of restaurants paid in [from, to), per
// restaurant and key status|source|type (as the ord cells, status always
// paid), with n orders, Total (TTC) and HT (from the order's VAT lines, as
// the vat cells): the part of a day the rollups, per day, cannot give (a
// day cut at the time of day it is now). It reads the raw orders by
// restaurant and time, and each one's VAT lines by primary key.
func (s *Service) PaidBetween(ctx context.Context, franchiseID int64, restaurants []int64, from, to time.Time) ([]Cell, error) {
	if len(restaurants) == 0 || !from.Before(to) {
		return nil, nil
	}
	restWhere, args := s.db.Among("o.restaurant_id", restaurants)
	args = append(args, from.Unix(), to.Unix(), franchiseID)
	return store.Collect(ctx, s.db, `SELECT o.restaurant_id, o.source, o.order_type, COUNT(*), SUM(o.total_cents),
		SUM(COALESCE((SELECT SUM(v.ht_cents) FROM order_vat v WHERE v.order_id = o.id), 0))
		FROM orders o
		WHERE `+restWhere+` AND o.paid_unix >= ? AND o.paid_unix < ? AND o.franchise_id = ? AND o.status = '`+StatusPaid+`'
		GROUP BY o.restaurant_id, o.source, o.order_type`, args, func(r store.Scanner) (Cell, error) {
		var c Cell
		var source string
		var typ int64
		err := r.Scan(&c.Restaurant, &source, &typ, &c.N, &c.Total, &c.HT)
		c.Key = StatusPaid + "|" + source + "|" + strconv.FormatInt(typ, 10)
		return c, err
	})
}
