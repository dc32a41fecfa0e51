package menu

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"brigade/internal/history"
	"brigade/internal/tenancy"
)

// TrashKind is a tab of the trash (DECISIONS: "Trash tabs and element kinds").
type TrashKind string

const (
	TrashCategories     TrashKind = "categories"     // categories and sub-categories
	TrashProducts       TrashKind = "products"       // Produits
	TrashOptionGroups   TrashKind = "optionGroups"   // Categories d'options
	TrashOptions        TrashKind = "options"        // Options
	TrashIngredients    TrashKind = "ingredients"    // Ingredients
	TrashMenuFamilies   TrashKind = "menuFamilies"   // Familles
	TrashOptionFamilies TrashKind = "optionFamilies" // Familles options
	TrashPromotions     TrashKind = "promotions"     // Promotions
)

// TrashKinds lists the tabs in their order.
var TrashKinds = []TrashKind{TrashCategories, TrashProducts, TrashOptionGroups, TrashOptions, TrashIngredients, TrashMenuFamilies, TrashOptionFamilies, TrashPromotions}

// TrashItem is a removed element.
type TrashItem struct {
	IDGlobal       string
	Name           string
	CategoryName   string
	Path           string
	RemovedByAdmin bool
}

func isRemoved(r Removable) bool { return r.Removed || r.RemovedByAdmin }

// Trash lists the removed elements of a carte's document, per tab.
func Trash(d *Document) map[TrashKind][]TrashItem {
	out := map[TrashKind][]TrashItem{}
	for _, k := range TrashKinds {
		out[k] = []TrashItem{}
	}
	catName := map[int]string{}
	for _, c := range d.Categories {
		catName[c.IDCat] = c.Name
	}
	for _, c := range d.Categories {
		if isRemoved(c.Removable) {
			parent := ""
			if c.ParentID != -1 {
				parent = catName[c.ParentID]
			}
			out[TrashCategories] = append(out[TrashCategories], TrashItem{c.IDGlobal, c.Name, parent, c.Path, c.RemovedByAdmin})
		}
	}
	for _, p := range d.Items {
		if isRemoved(p.Removable) {
			out[TrashProducts] = append(out[TrashProducts], TrashItem{p.IDGlobal, p.Name, catName[p.IDCat], p.Path, p.RemovedByAdmin})
		}
	}
	for _, g := range d.Options {
		if isRemoved(g.Removable) {
			out[TrashOptionGroups] = append(out[TrashOptionGroups], TrashItem{g.IDGlobal, g.Name, "", "", g.RemovedByAdmin})
		}
		kind := TrashOptions
		if g.IsIngredient {
			kind = TrashIngredients
		}
		for _, it := range g.Items {
			if isRemoved(it.Removable) {
				out[kind] = append(out[kind], TrashItem{it.IDGlobal, it.Name, g.Name, "", it.RemovedByAdmin})
			}
		}
	}
	for _, f := range d.Cartes {
		if isRemoved(f.Removable) {
			out[TrashMenuFamilies] = append(out[TrashMenuFamilies], TrashItem{f.IDGlobal, f.Name, "", "", f.RemovedByAdmin})
		}
	}
	for _, f := range d.GroupsSubOptions {
		if f.Removed {
			out[TrashOptionFamilies] = append(out[TrashOptionFamilies], TrashItem{f.IDGlobal, f.NameGroup, "", "", f.RemovedByAdmin})
		}
	}
	for _, p := range d.Promotions {
		if isRemoved(p.Removable) {
			out[TrashPromotions] = append(out[TrashPromotions], TrashItem{p.IDGlobal, p.Name, "", "", p.RemovedByAdmin})
		}
	}
	return out
}

// LinkedProduct is a product of a category shown in the trash's
// 'Produits lies' with its 'Supprime' / 'Non supprime' badge.
type LinkedProduct struct {
	IDGlobal string
	Name     string
	Removed  bool
}

// LinkedProducts lists the products of the category with idGlobal.
func LinkedProducts(d *Document, categoryID string) []LinkedProduct {
	var idCat = -999999
	for _, c := range d.Categories {
		if c.IDGlobal == categoryID {
			idCat = c.IDCat
		}
	}
	out := []LinkedProduct{}
	for _, p := range d.Items {
		if p.IDCat == idCat {
			out = append(out, LinkedProduct{p.IDGlobal, p.Name, isRemoved(p.Removable)})
		}
	}
	return out
}

// restore clears the flags (option families clear only removed, as
// written) of the selected elements and returns how many it restored.
func restore(d *Document, kind TrashKind, ids []string) int {
	n := 0
	clear := func(r *Removable, id string, both bool) {
		if slices.Contains(ids, id) && isRemoved(*r) {
			r.Removed = false
			if both {
				r.RemovedByAdmin = false
			}
			n++
		}
	}
	switch kind {
	case TrashCategories:
		for i := range d.Categories {
			clear(&d.Categories[i].Removable, d.Categories[i].IDGlobal, true)
		}
	case TrashProducts:
		for i := range d.Items {
			clear(&d.Items[i].Removable, d.Items[i].IDGlobal, true)
		}
	case TrashOptionGroups:
		for i := range d.Options {
			clear(&d.Options[i].Removable, d.Options[i].IDGlobal, true)
		}
	case TrashOptions, TrashIngredients:
		for i := range d.Options {
			if d.Options[i].IsIngredient != (kind == TrashIngredients) {
				continue
			}
			for k := range d.Options[i].Items {
				clear(&d.Options[i].Items[k].Removable, d.Options[i].Items[k].IDGlobal, true)
			}
		}
	case TrashMenuFamilies:
		for i := range d.Cartes {
			clear(&d.Cartes[i].Removable, d.Cartes[i].IDGlobal, true)
		}
	case TrashOptionFamilies:
		for i := range d.GroupsSubOptions {
			if slices.Contains(ids, d.GroupsSubOptions[i].IDGlobal) && d.GroupsSubOptions[i].Removed {
				d.GroupsSubOptions[i].Removed = false
				n++
			}
		}
	case TrashPromotions:
		for i := range d.Promotions {
			clear(&d.Promotions[i].Removable, d.Promotions[i].IDGlobal, true)
		}
	}
	return n
}

// erase permanently removes the selected removed elements and every
// reference to them (DECISIONS: permanent delete).
func erase(d *Document, kind TrashKind, ids []string) int {
	n := 0
	gone := func(r Removable, id string) bool {
		if slices.Contains(ids, id) && isRemoved(r) {
			n++
			return true
		}
		return false
	}
	switch kind {
	case TrashCategories:
		var goneCats []int
		d.Categories = slices.DeleteFunc(d.Categories, func(c Category) bool {
			if gone(c.Removable, c.IDGlobal) {
				goneCats = append(goneCats, c.IDCat)
				return true
			}
			return false
		})
		// Products of an erased category go with it (orphaned references).
		d.Items = slices.DeleteFunc(d.Items, func(p Product) bool { return slices.Contains(goneCats, p.IDCat) })
	case TrashProducts:
		d.Items = slices.DeleteFunc(d.Items, func(p Product) bool { return gone(p.Removable, p.IDGlobal) })
	case TrashOptionGroups:
		var goneGroups []int
		d.Options = slices.DeleteFunc(d.Options, func(g OptionGroup) bool {
			if gone(g.Removable, g.IDGlobal) {
				goneGroups = append(goneGroups, g.ID)
				return true
			}
			return false
		})
		for i := range d.Items {
			d.Items[i].Options = slices.DeleteFunc(d.Items[i].Options, func(id int) bool { return slices.Contains(goneGroups, id) })
			d.Items[i].Ingredients = slices.DeleteFunc(d.Items[i].Ingredients, func(id int) bool { return slices.Contains(goneGroups, id) })
		}
	case TrashOptions, TrashIngredients:
		for i := range d.Options {
			if d.Options[i].IsIngredient != (kind == TrashIngredients) {
				continue
			}
			d.Options[i].Items = slices.DeleteFunc(d.Options[i].Items, func(it OptionItem) bool { return gone(it.Removable, it.IDGlobal) })
		}
	case TrashMenuFamilies:
		d.Cartes = slices.DeleteFunc(d.Cartes, func(f MenuFamily) bool { return gone(f.Removable, f.IDGlobal) })
	case TrashOptionFamilies:
		d.GroupsSubOptions = slices.DeleteFunc(d.GroupsSubOptions, func(f OptionFamily) bool { return gone(f.Removable, f.IDGlobal) })
	case TrashPromotions:
		var goneIDs []int
		d.Promotions = slices.DeleteFunc(d.Promotions, func(p Promotion) bool {
			if gone(p.Removable, p.IDGlobal) {
				goneIDs = append(goneIDs, p.ID)
				return true
			}
			return false
		})
		for i := range d.Items {
			d.Items[i].Promotions = slices.DeleteFunc(d.Items[i].Promotions, func(id int) bool { return slices.Contains(goneIDs, id) })
		}
	}
	return n
}

// SortForDisplay orders products and option items: active first, then
// removed, then removed_by_admin (spec §4), keeping positions otherwise.
func SortForDisplay(d *Document) {
	rank := func(r Removable) int {
		switch {
		case r.RemovedByAdmin:
			return 2
		case r.Removed:
			return 1
		}
		return 0
	}
	sort.SliceStable(d.Items, func(i, j int) bool { return rank(d.Items[i].Removable) < rank(d.Items[j].Removable) })
	for g := range d.Options {
		items := d.Options[g].Items
		sort.SliceStable(items, func(i, j int) bool { return rank(items[i].Removable) < rank(items[j].Removable) })
	}
}

// ErrNothingInTrash is returned when the selection holds no removed element.
var ErrNothingInTrash = &tenancy.ValidationError{Field: "ids", Message: "Aucun des éléments choisis n'est dans la corbeille."}

// TrashAction restores or permanently deletes elements of a carte's trash
// and saves the document as a new version (If-Match version), logged as
// Modification (restore) or Suppression (permanent delete).
func (s *Service) TrashAction(ctx context.Context, p tenancy.Principal, id int64, version int, kind TrashKind, ids []string, permanent bool) (Campaign, int, error) {
	if err := canWrite(p); err != nil {
		return Campaign{}, 0, err
	}
	if !slices.Contains(TrashKinds, kind) {
		return Campaign{}, 0, &tenancy.ValidationError{Field: "kind", Message: fmt.Sprintf("Onglet de corbeille inconnu : %q.", kind)}
	}
	raw, current, err := s.Document(ctx, p, id)
	if err != nil {
		return Campaign{}, 0, err
	}
	if current != version {
		return Campaign{}, 0, ErrStale
	}
	c, err := s.Get(ctx, p, id)
	if err != nil {
		return Campaign{}, 0, err
	}
	d, err := Parse(raw, c.URL)
	if err != nil {
		return Campaign{}, 0, err
	}
	var n int
	if permanent {
		n = erase(d, kind, ids)
	} else {
		n = restore(d, kind, ids)
		// A restored element counts again for duplicate names.
		if err := Validate(d); err != nil {
			return Campaign{}, 0, err
		}
	}
	if n == 0 {
		return Campaign{}, 0, ErrNothingInTrash
	}
	// The save is one entry: a restore shows each element's removed going
	// from true to false; a permanent delete is a Suppression, references
	// dropped from other elements listed with it.
	headline := history.Action("")
	if permanent {
		headline = history.Suppression
	}
	out, err := s.saveParsed(ctx, p, c, version, d, headline)
	return out, n, err
}

// TrashOf reads a carte's trash and its version.
func (s *Service) TrashOf(ctx context.Context, p tenancy.Principal, id int64) (map[TrashKind][]TrashItem, int, *Document, error) {
	raw, v, err := s.Document(ctx, p, id)
	if err != nil {
		return nil, 0, nil, err
	}
	d, err := Parse(raw, "")
	if err != nil {
		return nil, 0, nil, err
	}
	return Trash(d), v, d, nil
}
