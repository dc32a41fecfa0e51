package orders

import (
	"context"
	"strings"
	"time"

	"brigade/internal/store"
	"brigade/internal/tenancy"
)

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
	items, err := store.Collect(ctx, s.db, `SELECT o.id, o.till_order_id, o.total_cents, e.name, e.user_keen_id, o.paid_unix, o.status, o.source, o.order_type
		FROM orders o JOIN equipments e ON e.id = o.equipment_id
		WHERE o.id IN (SELECT o.id FROM orders o WHERE o.restaurant_id = ? AND o.paid_unix >= ? AND o.paid_unix < ? AND `+srcWhere+`
			ORDER BY o.paid_unix DESC, o.id DESC LIMIT ? OFFSET ?)
		ORDER BY o.paid_unix DESC, o.id DESC`, []any{x.ID, from, to, limit, offset}, func(r store.Scanner) (it ListItem, err error) {
		var paid int64
		err = r.Scan(&it.ID, &it.OrderID, &it.Total, &it.Equipment, &it.EquipmentKeen, &paid, &it.Status, &it.Source, &it.Type)
		it.PaidAt, it.Siret, it.Currency = time.Unix(paid, 0).UTC(), x.Siret, currency
		return it, err
	})
	if err != nil {
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
