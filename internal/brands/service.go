package brands

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// TypeChanged is published when a franchise's brands change: the brand
// screens and the reports by brand refresh.
const TypeChanged = "brands.changed"

// HistoryModule names the brands' entries in the change log.
const HistoryModule = "Marques"

// Cartes is what brands need of the menu: the cartes a login may read and
// the products of a franchise's cartes.
type Cartes interface {
	Get(ctx context.Context, p tenancy.Principal, id int64) (menu.Campaign, error)
	ProductIDs(ctx context.Context, franchiseID int64, campaignIDs []int64) (map[int64][]string, error)
}

// Service keeps the brands.
type Service struct {
	db     *store.DB
	ten    *tenancy.Service
	cartes Cartes
	bus    events.Bus
}

// NewService returns the brands service.
func NewService(db *store.DB, ten *tenancy.Service, cartes Cartes, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, cartes: cartes, bus: bus}
}

// seen narrows a brand to what p sees: an admin everything; another login
// the brands served by one of its restaurants, with those restaurants
// only. ok is false when p does not see the brand.
func seen(p tenancy.Principal, b Brand) (Brand, bool) {
	if p.AllRestaurants() {
		return b, true
	}
	mine := make([]int64, 0, len(b.RestaurantIDs))
	for _, id := range b.RestaurantIDs {
		if slices.Contains(p.Restaurants, id) {
			mine = append(mine, id)
		}
	}
	b.RestaurantIDs = mine
	return b, len(mine) > 0
}

// List returns the brands p sees, by name.
func (s *Service) List(ctx context.Context, p tenancy.Principal) ([]Brand, error) {
	if p.FranchiseID == 0 {
		return nil, tenancy.ErrForbidden
	}
	all, err := franchiseBrands(ctx, s.db, p.FranchiseID)
	if err != nil {
		return nil, err
	}
	out := make([]Brand, 0, len(all))
	for _, b := range all {
		if b, ok := seen(p, b); ok {
			out = append(out, b)
		}
	}
	return out, nil
}

// Get returns one brand p sees; another franchise's, or one none of p's
// restaurants serves, is not found.
func (s *Service) Get(ctx context.Context, p tenancy.Principal, id int64) (Brand, error) {
	b, err := brandByID(ctx, s.db, p.FranchiseID, id)
	if err != nil {
		return b, err
	}
	b, ok := seen(p, b)
	if !ok {
		return Brand{}, tenancy.ErrNotFound
	}
	return b, nil
}

// prepare checks a brand to write: its form, then that its cartes and
// restaurants are the franchise's and that no other brand owns its cartes.
func (s *Service) prepare(ctx context.Context, r store.Runner, p tenancy.Principal, b *Brand) error {
	if err := b.normalize(); err != nil {
		return err
	}
	for _, id := range b.CampaignIDs {
		c, err := s.cartes.Get(ctx, p, id)
		if errors.Is(err, tenancy.ErrNotFound) {
			return invalid("campaignIds", "Carte inconnue : %d.", id)
		}
		if err != nil {
			return err
		}
		if c.Removed {
			return invalid("campaignIds", "La carte « %s » est supprimée : restaurez-la avant de la donner à une marque.", c.Nom)
		}
		owner, err := campaignOwner(ctx, r, p.FranchiseID, id, b.ID)
		if err != nil {
			return err
		}
		if owner != "" {
			return invalid("campaignIds", "La carte « %s » appartient déjà à la marque « %s » : une carte n'a qu'une marque.", c.Nom, owner)
		}
	}
	for _, id := range b.RestaurantIDs {
		if _, err := s.ten.Restaurant(ctx, p, id); errors.Is(err, tenancy.ErrNotFound) {
			return invalid("restaurantIds", "Restaurant inconnu : %d.", id)
		} else if err != nil {
			return err
		}
	}
	return nil
}

func canWrite(p tenancy.Principal) error {
	if p.Role != tenancy.RoleAdmin {
		return tenancy.ErrForbidden
	}
	return nil
}

func (s *Service) record(ctx context.Context, tx *store.Tx, p tenancy.Principal, a history.Action, name string, changes []history.Change) error {
	actor, err := s.ten.Actor(ctx, tx, p)
	if err != nil {
		return err
	}
	actor.Module, actor.Action, actor.Target, actor.Changes = HistoryModule, a, "Marque « "+name+" »", changes
	if err := history.Record(ctx, tx, actor); err != nil {
		return err
	}
	tx.AfterCommit(func() {
		s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: p.FranchiseID, Type: TypeChanged})
	})
	return nil
}

func duplicateName(name string) error {
	return invalid("name", "Une marque nommée « %s » existe déjà dans la franchise.", name)
}

// Create adds a brand.
func (s *Service) Create(ctx context.Context, p tenancy.Principal, b Brand) (Brand, error) {
	if err := canWrite(p); err != nil {
		return Brand{}, err
	}
	var out Brand
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		b.ID = 0
		if err := s.prepare(ctx, tx, p, &b); err != nil {
			return err
		}
		id, err := insertBrand(ctx, tx, p.FranchiseID, b, menu.NameKey(b.Name))
		if store.IsUniqueViolation(err) {
			return duplicateName(b.Name)
		}
		if err != nil {
			return err
		}
		b.ID = id
		if err := setLinks(ctx, tx, p.FranchiseID, b); err != nil {
			return err
		}
		if out, err = brandByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Ajout, out.Name, nil)
	})
	return out, err
}

// Update replaces a brand; version is the one the editor read (If-Match):
// a stale write gets ErrStale.
func (s *Service) Update(ctx context.Context, p tenancy.Principal, id int64, version int, b Brand) (Brand, error) {
	if p.FranchiseID == 0 {
		return Brand{}, tenancy.ErrNotFound
	}
	var out Brand
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := brandByID(ctx, tx, p.FranchiseID, id)
		if err != nil {
			return err
		}
		if _, ok := seen(p, before); !ok {
			return tenancy.ErrNotFound
		}
		if err := canWrite(p); err != nil {
			return err
		}
		b.ID = id
		if err := s.prepare(ctx, tx, p, &b); err != nil {
			return err
		}
		ok, err := updateBrand(ctx, tx, p.FranchiseID, b, menu.NameKey(b.Name), version)
		if store.IsUniqueViolation(err) {
			return duplicateName(b.Name)
		}
		if err != nil {
			return err
		}
		if !ok {
			return ErrStale
		}
		if err := setLinks(ctx, tx, p.FranchiseID, b); err != nil {
			return err
		}
		if out, err = brandByID(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Modification, out.Name, history.Diff(fields(before), fields(out)))
	})
	return out, err
}

// fields are what the history compares between two versions.
func fields(b Brand) map[string]any {
	return map[string]any{"nom": b.Name, "logo": b.Logo, "couleur principale": b.PrimaryColor, "couleur secondaire": b.SecondaryColor,
		"cartes": joinIDs(b.CampaignIDs), "restaurants": joinIDs(b.RestaurantIDs)}
}

func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprint(id)
	}
	return strings.Join(parts, ", ")
}

// Delete removes a brand: its cartes and restaurants stay, and the reports
// count what its cartes sold under « Sans marque ».
func (s *Service) Delete(ctx context.Context, p tenancy.Principal, id int64) error {
	if p.FranchiseID == 0 {
		return tenancy.ErrNotFound
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		b, err := brandByID(ctx, tx, p.FranchiseID, id)
		if err != nil {
			return err
		}
		if _, ok := seen(p, b); !ok {
			return tenancy.ErrNotFound
		}
		if err := canWrite(p); err != nil {
			return err
		}
		if err := deleteBrand(ctx, tx, p.FranchiseID, id); err != nil {
			return err
		}
		return s.record(ctx, tx, p, history.Suppression, b.Name, nil)
	})
}

// Catalogue is what the reports need to cut sales by brand: the brands of
// a franchise (all of them, whoever asks: the report's scope of
// restaurants is the caller's) and the brand of each product sold.
type Catalogue struct {
	Brands []Brand
	// ByProduct maps a product's idGlobal to the brand whose carte holds
	// it; a product of cartes of two brands goes to the first brand by name.
	ByProduct map[string]int64
}

// Sold returns the franchise's brands and which products each one sells.
func (s *Service) Sold(ctx context.Context, franchiseID int64) (Catalogue, error) {
	all, err := franchiseBrands(ctx, s.db, franchiseID)
	if err != nil {
		return Catalogue{}, err
	}
	var ids []int64
	for _, b := range all {
		ids = append(ids, b.CampaignIDs...)
	}
	products, err := s.cartes.ProductIDs(ctx, franchiseID, ids)
	if err != nil {
		return Catalogue{}, err
	}
	cat := Catalogue{Brands: all, ByProduct: map[string]int64{}}
	for _, b := range all {
		for _, c := range b.CampaignIDs {
			for _, pid := range products[c] {
				if _, taken := cat.ByProduct[pid]; !taken {
					cat.ByProduct[pid] = b.ID
				}
			}
		}
	}
	return cat, nil
}
