package deploy

import (
	"cmp"
	"context"
	"slices"

	"brigade/internal/menu"
	"brigade/internal/tenancy"
)

// ServedElement is a product or an option of a restaurant's deployed menu,
// as its kiosks show it: what a restaurant can mark sold out.
type ServedElement struct {
	Kind     string `json:"kind" enum:"product,option"`
	IDGlobal string `json:"idGlobal"`
	Name     string `json:"name"`
	Group    string `json:"group" doc:"Catégorie du produit ou groupe de l'option"`
}

// Served lists the products and options of the restaurant's deployed menu
// (the version its kiosks hold), products first in the menu's order
// (category, then position), then options (group, then order), each
// idGlobal once. Every login that sees the restaurant may read it: a
// restaurant marks its own products sold out.
func (s *Service) Served(ctx context.Context, p tenancy.Principal, restaurantID int64) ([]ServedElement, error) {
	if _, err := s.ten.Restaurant(ctx, p, restaurantID); err != nil {
		return nil, err
	}
	c, err := s.CurrentFor(ctx, restaurantID)
	if err != nil {
		return nil, err
	}
	raw, _, err := s.Document(ctx, c.Hash)
	if err != nil {
		return nil, err
	}
	d, err := menu.Parse(raw, c.Hash)
	if err != nil {
		return nil, err
	}
	return servedOf(d), nil
}

func servedOf(d *menu.Document) []ServedElement {
	type cat struct {
		name     string
		position int
	}
	cats := map[int]cat{}
	for _, c := range d.Categories {
		cats[c.IDCat] = cat{c.Name, c.Position}
	}
	items := slices.Clone(d.Items)
	slices.SortStableFunc(items, func(a, b menu.Product) int {
		return cmp.Or(cmp.Compare(cats[a.IDCat].position, cats[b.IDCat].position), cmp.Compare(a.IDCat, b.IDCat), cmp.Compare(a.Position, b.Position))
	})
	groups := slices.Clone(d.Options)
	slices.SortStableFunc(groups, func(a, b menu.OptionGroup) int { return cmp.Compare(a.Position, b.Position) })
	out := []ServedElement{}
	seen := map[[2]string]bool{}
	add := func(e ServedElement) {
		k := [2]string{e.Kind, e.IDGlobal}
		if e.IDGlobal == "" || seen[k] {
			return
		}
		seen[k] = true
		out = append(out, e)
	}
	for _, it := range items {
		add(ServedElement{Kind: "product", IDGlobal: it.IDGlobal, Name: it.Name, Group: cats[it.IDCat].name})
	}
	for _, g := range groups {
		opts := slices.Clone(g.Items)
		slices.SortStableFunc(opts, func(a, b menu.OptionItem) int { return cmp.Compare(a.OrderItem, b.OrderItem) })
		for _, it := range opts {
			add(ServedElement{Kind: "option", IDGlobal: it.IDGlobal, Name: it.Name, Group: g.Name})
		}
	}
	return out
}
