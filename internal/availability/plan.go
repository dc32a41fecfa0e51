package availability

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"brigade/internal/deploy"
	"brigade/internal/history"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Plan Produit (issue 19) is Gestion Produits across the network: which
// products and options are on sale where, as a matrix of elements ×
// restaurants, with bulk changes. It reads a page of restaurants at a time
// in a fixed number of queries (restaurants, deployed menus, sold-outs,
// hours), whatever the page's size, and writes a bulk change in one
// transaction.

// Limits of the plan.
const (
	PlanDefaultPageSize = 25
	PlanMaxPageSize     = 100
	BulkMaxCells        = 5000
)

// Bulk actions.
const (
	ActionSoldOut = "soldOut"
	ActionOnSale  = "onSale"
)

// MsgBulkEmpty and MsgBulkTooMany refuse a bulk change's cells.
var (
	MsgBulkEmpty   = "Sélectionnez au moins une case."
	MsgBulkTooMany = fmt.Sprintf("Une modification groupée porte sur %s cases au plus.", frCount(BulkMaxCells))
)

// PlanQuery chooses the plan's columns and rows.
type PlanQuery struct {
	// RestaurantIDs restricts the columns (every one must be in scope);
	// empty: every restaurant of the principal.
	RestaurantIDs []int64
	// CampaignID restricts the rows to the current elements of a carte; 0:
	// the elements of the page's deployed menus.
	CampaignID int64
	// Page (from 0) and PageSize over the restaurants, by name.
	Page, PageSize int
}

// PlanRestaurant is a column of the plan.
type PlanRestaurant struct {
	tenancy.Restaurant
	// Deployed is false while the restaurant has no deployed menu.
	Deployed bool
	Currency string
	// Today is the restaurant's business date (AAAA-MM-JJ).
	Today string
}

// PlanCell is an element in one restaurant.
type PlanCell struct {
	InMenu     bool
	PriceCents int64
	// SoldOut is set while the element is sold out there, in the menu or
	// not (a sold-out outlives the element leaving the menu).
	SoldOut *SoldOut
}

// PlanRow is an element (a product or an option) and its cells, one per
// column in order.
type PlanRow struct {
	deploy.ServedElement
	Cells []PlanCell
}

// Plan is one page of the matrix.
type Plan struct {
	Restaurants []PlanRestaurant
	// Total counts the restaurants of every page.
	Total, Page, PageSize int
	Rows                  []PlanRow
	// Cartes are the cartes the principal may filter on.
	Cartes []deploy.CarteRef
}

// Plan returns a page of the product plan.
func (s *Service) Plan(ctx context.Context, p tenancy.Principal, q PlanQuery) (Plan, error) {
	if q.PageSize == 0 {
		q.PageSize = PlanDefaultPageSize
	}
	if q.PageSize < 1 || q.PageSize > PlanMaxPageSize {
		return Plan{}, &tenancy.ValidationError{Field: "pageSize", Message: fmt.Sprintf("La page compte de 1 à %d restaurants.", PlanMaxPageSize)}
	}
	if q.Page < 0 {
		return Plan{}, &tenancy.ValidationError{Field: "page", Message: "Le numéro de page commence à 0."}
	}
	all, err := s.restaurantsNamed(ctx, p, q.RestaurantIDs)
	if err != nil {
		return Plan{}, err
	}
	cartes, err := s.menus.VisibleCartes(ctx, p)
	if err != nil {
		return Plan{}, err
	}
	out := Plan{Total: len(all), Page: q.Page, PageSize: q.PageSize, Restaurants: []PlanRestaurant{}, Rows: []PlanRow{}, Cartes: cartes}
	var carte []deploy.ServedElement
	if q.CampaignID != 0 {
		if carte, err = s.menus.CarteElements(ctx, p, q.CampaignID); err != nil {
			return Plan{}, err
		}
	}
	from := min(q.Page*q.PageSize, len(all))
	page := all[from:min(from+q.PageSize, len(all))]
	if len(page) == 0 {
		return out, nil
	}
	ids := restaurantIDs(page)
	served, err := s.menus.ServedMenus(ctx, p, ids)
	if err != nil {
		return Plan{}, err
	}
	now := s.now()
	soldOuts, err := soldOutsPerRestaurant(ctx, s.db, p.FranchiseID, ids, now)
	if err != nil {
		return Plan{}, err
	}
	hours, err := hoursPerRestaurant(ctx, s.db, p.FranchiseID, ids)
	if err != nil {
		return Plan{}, err
	}
	for _, x := range page {
		currency, err := s.ten.RestaurantCurrency(ctx, x)
		if err != nil {
			return Plan{}, err
		}
		_, deployed := served[x.ID]
		out.Restaurants = append(out.Restaurants, PlanRestaurant{Restaurant: x, Deployed: deployed, Currency: currency,
			Today: businessDay(hours[x.ID], location(x.TimeZone), now).String()})
	}

	// Rows: the carte's elements in its order, or every element of the
	// page's menus, products before options, grouped by category or group
	// in the order they first appear.
	rows := carte
	if q.CampaignID == 0 {
		rows = unionOf(page, served)
	}
	type cellKey struct {
		kind, id string
		col      int
	}
	inMenu := map[cellKey]deploy.ServedElement{}
	for col, x := range page {
		for _, e := range served[x.ID] {
			inMenu[cellKey{e.Kind, e.IDGlobal, col}] = e
		}
	}
	soldOutAt := map[cellKey]*SoldOut{}
	for col, x := range page {
		for i := range soldOuts[x.ID] {
			so := &soldOuts[x.ID][i]
			soldOutAt[cellKey{so.Kind, so.IDGlobal, col}] = so
		}
	}
	for _, e := range rows {
		row := PlanRow{ServedElement: e, Cells: make([]PlanCell, len(page))}
		for col := range page {
			k := cellKey{e.Kind, e.IDGlobal, col}
			c := PlanCell{SoldOut: soldOutAt[k]}
			if m, ok := inMenu[k]; ok {
				c.InMenu, c.PriceCents = true, m.PriceCents
			}
			row.Cells[col] = c
		}
		out.Rows = append(out.Rows, row)
	}
	return out, nil
}

// unionOf lists the elements of the restaurants' menus once each, products
// before options, grouped by category (or group) in order of first
// appearance, the elements of a group in order of first appearance.
func unionOf(page []tenancy.Restaurant, served map[int64][]deploy.ServedElement) []deploy.ServedElement {
	type key struct{ kind, id string }
	seen := map[key]bool{}
	groupRank := map[key]int{}
	var list []deploy.ServedElement
	for _, x := range page {
		for _, e := range served[x.ID] {
			k := key{e.Kind, e.IDGlobal}
			if seen[k] {
				continue
			}
			seen[k] = true
			g := key{e.Kind, e.Group}
			if _, ok := groupRank[g]; !ok {
				groupRank[g] = len(groupRank)
			}
			list = append(list, e)
		}
	}
	slices.SortStableFunc(list, func(a, b deploy.ServedElement) int {
		if a.Kind != b.Kind {
			if a.Kind == KindProduct {
				return -1
			}
			return 1
		}
		return groupRank[key{a.Kind, a.Group}] - groupRank[key{b.Kind, b.Group}]
	})
	return list
}

// restaurantsNamed returns the principal's restaurants, by name, or only
// those of ids; an id outside the scope (another franchise's, or not
// given to this login) is not found, as a missing one.
func (s *Service) restaurantsNamed(ctx context.Context, p tenancy.Principal, ids []int64) ([]tenancy.Restaurant, error) {
	all, err := s.ten.Restaurants(ctx, p, tenancy.RestaurantFilter{})
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return all, nil
	}
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	out := make([]tenancy.Restaurant, 0, len(want))
	for _, x := range all {
		if want[x.ID] {
			out = append(out, x)
			delete(want, x.ID)
		}
	}
	if len(want) > 0 {
		return nil, tenancy.ErrNotFound
	}
	return out, nil
}

func restaurantIDs(list []tenancy.Restaurant) []int64 {
	ids := make([]int64, len(list))
	for i, x := range list {
		ids[i] = x.ID
	}
	return ids
}

// PlanBulkCell names an element in a restaurant.
type PlanBulkCell struct {
	RestaurantID int64  `json:"restaurantId" minimum:"1"`
	Kind         string `json:"kind" enum:"product,option"`
	IDGlobal     string `json:"idGlobal" minLength:"1" maxLength:"200" doc:"idGlobal du produit ou de l'option"`
}

// PlanBulkInput is a change of many cells at once.
type PlanBulkInput struct {
	Action string         `json:"action" enum:"soldOut,onSale" doc:"soldOut : marquer épuisé ; onSale : remettre en vente"`
	Mode   string         `json:"mode,omitempty" enum:"today,date" doc:"Avec soldOut : today (pour le reste de la journée de chaque restaurant) ou date (jusqu'au jour « date » inclus)"`
	Date   string         `json:"date,omitempty" doc:"Avec mode=date : le dernier jour épuisé (AAAA-MM-JJ, heure locale de chaque restaurant)"`
	Cells  []PlanBulkCell `json:"cells" doc:"Les cases à changer (5 000 au plus) ; une case hors de la carte déployée de son restaurant est refusée pour soldOut"`
}

// PlanBulkResult counts what a bulk change did.
type PlanBulkResult struct {
	Changed     int `json:"changed" doc:"Cases changées (chacune journalisée)"`
	Unchanged   int `json:"unchanged" doc:"Cases déjà dans l'état demandé"`
	Restaurants int `json:"restaurants" doc:"Restaurants prévenus (un événement availability chacun)"`
}

// Bulk marks many cells sold out, or puts them back on sale, in one
// transaction: every cell is checked first (a restaurant outside the
// principal's scope is not found, an element outside its restaurant's menu
// is refused) and nothing is written unless all pass. Each changed cell is
// logged as a single change would be; each restaurant whose availability
// changed is announced once.
func (s *Service) Bulk(ctx context.Context, p tenancy.Principal, in PlanBulkInput) (PlanBulkResult, error) {
	if !canMarkSoldOut(p) {
		return PlanBulkResult{}, tenancy.ErrForbidden
	}
	switch in.Action {
	case ActionSoldOut:
		if in.Mode != UntilToday && in.Mode != UntilDate {
			return PlanBulkResult{}, &tenancy.ValidationError{Field: "mode", Message: "Le mode doit être « today » (pour le reste de la journée) ou « date » (jusqu'au …)."}
		}
	case ActionOnSale:
	default:
		return PlanBulkResult{}, &tenancy.ValidationError{Field: "action", Message: "L'action doit être « soldOut » (marquer épuisé) ou « onSale » (remettre en vente)."}
	}
	if len(in.Cells) == 0 {
		return PlanBulkResult{}, &tenancy.ValidationError{Field: "cells", Message: MsgBulkEmpty}
	}
	if len(in.Cells) > BulkMaxCells {
		return PlanBulkResult{}, &tenancy.ValidationError{Field: "cells", Message: MsgBulkTooMany}
	}
	var last date
	if in.Action == ActionSoldOut && in.Mode == UntilDate {
		d, ok := parseDate(strings.TrimSpace(in.Date))
		if !ok {
			return PlanBulkResult{}, &tenancy.ValidationError{Field: "date", Message: fmt.Sprintf("La date « %s » n'est pas au format AAAA-MM-JJ.", in.Date)}
		}
		last = d
	}
	type cellKey struct {
		restaurant int64
		kind, id   string
	}
	type cell struct {
		PlanBulkCell
		index int // in the request, for the error's field
	}
	cells := make([]cell, 0, len(in.Cells))
	seen := map[cellKey]bool{}
	var ids []int64
	for i, c := range in.Cells {
		if c.Kind != KindProduct && c.Kind != KindOption {
			return PlanBulkResult{}, &tenancy.ValidationError{Field: fmt.Sprintf("cells[%d].kind", i), Message: "Le type doit être « product » ou « option »."}
		}
		c.IDGlobal = strings.TrimSpace(c.IDGlobal)
		k := cellKey{c.RestaurantID, c.Kind, c.IDGlobal}
		if seen[k] {
			continue
		}
		seen[k] = true
		cells = append(cells, cell{c, i})
		if !slices.Contains(ids, c.RestaurantID) {
			ids = append(ids, c.RestaurantID)
		}
	}
	// Scope first, for every cell: another franchise's restaurant is a 404
	// before anything else is looked at.
	list, err := s.restaurantsNamed(ctx, p, ids)
	if err != nil {
		return PlanBulkResult{}, err
	}
	byID := map[int64]tenancy.Restaurant{}
	for _, x := range list {
		byID[x.ID] = x
	}
	served, err := s.menus.ServedMenus(ctx, p, ids)
	if err != nil {
		return PlanBulkResult{}, err
	}
	elements := map[cellKey]deploy.ServedElement{}
	for id, els := range served {
		for _, e := range els {
			elements[cellKey{id, e.Kind, e.IDGlobal}] = e
		}
	}
	if in.Action == ActionSoldOut {
		for _, c := range cells {
			if _, ok := elements[cellKey{c.RestaurantID, c.Kind, c.IDGlobal}]; !ok {
				return PlanBulkResult{}, &tenancy.ValidationError{Field: fmt.Sprintf("cells[%d].idGlobal", c.index),
					Message: fmt.Sprintf("%s n'est pas dans la carte déployée de %s : rien n'a été modifié.", capitalize(elementName(c.Kind, c.IDGlobal)), byID[c.RestaurantID].Nom)}
			}
		}
	}

	now := s.now()
	var res PlanBulkResult
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		hours, err := hoursPerRestaurant(ctx, tx, p.FranchiseID, ids)
		if err != nil {
			return err
		}
		before, err := soldOutRowsPerRestaurant(ctx, tx, p.FranchiseID, ids)
		if err != nil {
			return err
		}
		actor, err := s.ten.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		existing := map[cellKey]SoldOut{}
		for id, rows := range before {
			for _, so := range rows {
				existing[cellKey{id, so.Kind, so.IDGlobal}] = so
			}
		}
		var puts []restaurantSoldOut
		var clears []restaurantSoldOut
		var entries []history.Entry
		touched := map[int64]bool{}
		for _, c := range cells {
			x := byID[c.RestaurantID]
			k := cellKey{c.RestaurantID, c.Kind, c.IDGlobal}
			was, had := existing[k]
			running := had && was.Until.After(now)
			e := actor
			e.Module, e.RestaurantID = HistoryModule, x.ID
			switch in.Action {
			case ActionSoldOut:
				el := elements[k]
				loc := location(x.TimeZone)
				today := businessDay(hours[x.ID], loc, now)
				end := today
				if in.Mode == UntilDate {
					if last.String() < today.String() {
						return &tenancy.ValidationError{Field: "date", Message: fmt.Sprintf("La date de fin doit être aujourd'hui ou plus tard (à %s, nous sommes le %s).", x.Nom, frDate(today.String()))}
					}
					if last.String() > today.add(soldOutMaxAhead).String() {
						return &tenancy.ValidationError{Field: "date", Message: MsgTooFar}
					}
					end = last
				}
				so := SoldOut{Kind: el.Kind, IDGlobal: el.IDGlobal, Name: el.Name, Group: el.Group, Mode: in.Mode,
					UntilDate: end.String(), Until: endOfDay(hours[x.ID], loc, end), SetBy: actor.UserName, SetAt: now}
				if running && was.Mode == so.Mode && was.UntilDate == so.UntilDate {
					res.Unchanged++
					continue
				}
				puts = append(puts, restaurantSoldOut{x, so})
				e.Target = elementName(so.Kind, so.Name) + " — " + x.Nom
				e.Action = history.Desactivation
				previous := "en vente"
				if running {
					e.Action, previous = history.Modification, soldOutText(was)
				}
				e.Changes = []history.Change{{Field: "disponibilité", Before: previous, After: soldOutText(so)}}
			case ActionOnSale:
				if had {
					clears = append(clears, restaurantSoldOut{x, was})
				}
				if !running {
					res.Unchanged++
					continue
				}
				e.Action, e.Target = history.Activation, elementName(was.Kind, was.Name)+" — "+x.Nom
				e.Changes = []history.Change{{Field: "disponibilité", Before: soldOutText(was), After: "en vente"}}
			}
			entries = append(entries, e)
			touched[x.ID] = true
			res.Changed++
		}
		if err := putSoldOuts(ctx, tx, puts); err != nil {
			return err
		}
		if err := deleteSoldOuts(ctx, tx, clears); err != nil {
			return err
		}
		if err := history.RecordAll(ctx, tx, entries); err != nil {
			return err
		}
		for _, id := range ids {
			if touched[id] {
				s.announce(ctx, tx, byID[id])
				res.Restaurants++
			}
		}
		return nil
	})
	if err != nil {
		return PlanBulkResult{}, err
	}
	return res, nil
}

// restaurantSoldOut is a sold-out row to write or delete.
type restaurantSoldOut struct {
	restaurant tenancy.Restaurant
	SoldOut
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// frDate writes AAAA-MM-JJ as JJ/MM/AAAA.
func frDate(s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return d.Format("02/01/2006")
}

// frCount writes a count with the French thousands separator (a narrow
// no-break space).
func frCount(n int) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("\u202f")
		}
		b.WriteRune(r)
	}
	return b.String()
}
