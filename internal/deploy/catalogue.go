package deploy

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"

	"brigade/internal/menu"
	"brigade/internal/store"
)

// AvailableProduct is an entry of the franchise's published catalogue.
type AvailableProduct struct {
	IDGlobal string `json:"idGlobal"`
	Name     string `json:"name"`
	Group    string `json:"group" doc:"Catégorie du produit ou groupe de l'option"`
}

// CataloguePath is where the franchise's available products or options are
// published for its other apps (spec: franchiseAvailabelProducts/…).
func CataloguePath(franchiseID int64, kind string) string {
	return "franchiseAvailabelProducts/" + itoa(franchiseID) + "/" + kind + ".json"
}

// PublishAvailable writes the catalogue of the products and options served
// by at least one of the franchise's restaurants (its deployed menus), when
// the franchise has the feature (DECISIONS: franchises 17, 113, 270 of the
// original are named settings).
func (s *Service) PublishAvailable(ctx context.Context, franchiseID int64) error {
	hashes, err := store.Collect(ctx, s.db, `SELECT DISTINCT hash FROM deployed_current WHERE franchise_id = ? ORDER BY hash`, []any{franchiseID}, store.ScanValue[string])
	if err != nil {
		return err
	}
	products, options := map[string]AvailableProduct{}, map[string]AvailableProduct{}
	for _, h := range hashes {
		raw, _, err := s.Document(ctx, h)
		if err != nil {
			return err
		}
		d, err := menu.Parse(raw, h)
		if err != nil {
			return err
		}
		cats := map[int]string{}
		for _, c := range d.Categories {
			cats[c.IDCat] = c.Name
		}
		for _, p := range d.Items {
			if _, ok := products[p.IDGlobal]; !ok && p.IDGlobal != "" {
				products[p.IDGlobal] = AvailableProduct{p.IDGlobal, p.Name, cats[p.IDCat]}
			}
		}
		for _, g := range d.Options {
			for _, it := range g.Items {
				if _, ok := options[it.IDGlobal]; !ok && it.IDGlobal != "" {
					options[it.IDGlobal] = AvailableProduct{it.IDGlobal, it.Name, g.Name}
				}
			}
		}
	}
	for kind, set := range map[string]map[string]AvailableProduct{"products": products, "options": options} {
		list := make([]AvailableProduct, 0, len(set))
		for _, v := range set {
			list = append(list, v)
		}
		slices.SortFunc(list, func(a, b AvailableProduct) int {
			if c := strings.Compare(a.Name, b.Name); c != 0 {
				return c
			}
			return strings.Compare(a.IDGlobal, b.IDGlobal)
		})
		raw, err := json.Marshal(list)
		if err != nil {
			return err
		}
		if _, err := s.blobs.Put(ctx, CataloguePath(franchiseID, kind), bytes.NewReader(raw)); err != nil {
			return err
		}
	}
	return nil
}
