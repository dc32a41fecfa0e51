package deploy

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

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
	// PriceCents is the price the restaurant's kiosks show first (tariff
	// 1, on the spot; the option's supplement), customisations included.
	PriceCents int64 `json:"priceCents"`
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
	return s.servedDocument(ctx, c.Hash)
}

// ServedMenus lists the deployed elements of each of restaurantIDs that
// belongs to the principal's franchise and has a deployed menu (the
// others are absent from the map): one query for the whole list, and each
// distinct document read and parsed once, however many restaurants share
// it. The slices are shared: callers must not change them.
func (s *Service) ServedMenus(ctx context.Context, p tenancy.Principal, restaurantIDs []int64) (map[int64][]ServedElement, error) {
	current, err := s.currentOf(ctx, p.FranchiseID, restaurantIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]ServedElement, len(current))
	for id, c := range current {
		els, err := s.servedDocument(ctx, c.Hash)
		if err != nil {
			return nil, err
		}
		out[id] = els
	}
	return out, nil
}

// CarteElements lists the products and options of the current version of
// a carte the principal may see (a restaurant login: the cartes of its
// restaurants), in the carte's order; another franchise's carte is not
// found.
func (s *Service) CarteElements(ctx context.Context, p tenancy.Principal, campaignID int64) ([]ServedElement, error) {
	cartes, err := s.VisibleCartes(ctx, p)
	if err != nil {
		return nil, err
	}
	i := slices.IndexFunc(cartes, func(c CarteRef) bool { return c.ID == campaignID })
	if i < 0 {
		return nil, tenancy.ErrNotFound
	}
	key := fmt.Sprintf("carte:%d:%d", campaignID, cartes[i].Version)
	if els, ok := s.served.get(key); ok {
		return els, nil
	}
	raw, err := menu.VersionDocument(ctx, s.db, campaignID, cartes[i].Version)
	if err != nil {
		return nil, err
	}
	d, err := menu.Parse(raw, cartes[i].Nom)
	if err != nil {
		return nil, err
	}
	els := servedOf(d)
	s.served.put(key, els)
	return els, nil
}

// VisibleCartes lists the cartes the principal may see, principal first
// then by creation: the franchise's for an admin, those linked to its
// restaurants for the others.
func (s *Service) VisibleCartes(ctx context.Context, p tenancy.Principal) ([]CarteRef, error) {
	_, ids, err := s.scopeIDs(ctx, p)
	if err != nil {
		return nil, err
	}
	cartes, err := menu.CartesFor(ctx, s.db, p.FranchiseID, p.AllRestaurants(), ids)
	if err != nil {
		return nil, err
	}
	out := make([]CarteRef, 0, len(cartes))
	for _, c := range cartes {
		out = append(out, carteRef(c))
	}
	return out, nil
}

// servedDocument reads a deployed document's elements. Documents never
// change once stored, so their element lists are cached by hash.
func (s *Service) servedDocument(ctx context.Context, hash string) ([]ServedElement, error) {
	if els, ok := s.served.get(hash); ok {
		return els, nil
	}
	raw, _, err := s.Document(ctx, hash)
	if err != nil {
		return nil, err
	}
	d, err := menu.Parse(raw, hash)
	if err != nil {
		return nil, err
	}
	els := servedOf(d)
	s.served.put(hash, els)
	return els, nil
}

// servedCache keeps the element lists of the most recently read documents
// (a network of a thousand restaurants with their own prices has as many
// documents: a list is a few kilobytes).
type servedCache struct {
	mu    sync.Mutex
	max   int
	items map[string][]ServedElement
	order []string
}

func (c *servedCache) get(k string) ([]ServedElement, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	els, ok := c.items[k]
	return els, ok
}

func (c *servedCache) put(k string, els []ServedElement) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil {
		c.items = map[string][]ServedElement{}
	}
	if _, ok := c.items[k]; ok {
		return
	}
	c.items[k] = els
	c.order = append(c.order, k)
	for len(c.order) > c.max {
		delete(c.items, c.order[0])
		c.order = c.order[1:]
	}
}

// firstPrice is the price a kiosk shows first for a product: tariff 1 on
// the spot when the product has a price grid, its base price otherwise.
func firstPrice(p menu.Product) int64 {
	for _, pe := range p.Prices {
		if pe.Tariff == 1 && pe.TypeOrder == menu.OrderSurPlace {
			return pe.Price.Cents
		}
	}
	if len(p.Prices) > 0 && p.Price.Cents == 0 {
		return p.Prices[0].Price.Cents
	}
	return p.Price.Cents
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
		add(ServedElement{Kind: "product", IDGlobal: it.IDGlobal, Name: it.Name, Group: cats[it.IDCat].name, PriceCents: firstPrice(it)})
	}
	for _, g := range groups {
		opts := slices.Clone(g.Items)
		slices.SortStableFunc(opts, func(a, b menu.OptionItem) int { return cmp.Compare(a.OrderItem, b.OrderItem) })
		for _, it := range opts {
			add(ServedElement{Kind: "option", IDGlobal: it.IDGlobal, Name: it.Name, Group: g.Name, PriceCents: it.Price.Cents})
		}
	}
	return out
}
