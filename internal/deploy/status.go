package deploy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"brigade/internal/history"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Status is a restaurant's deployment state.
type DeployStatus struct {
	RestaurantRef
	Cartes     []int64    `json:"cartes" doc:"Cartes actives liées, dans l'ordre de fusion"`
	Customised int        `json:"customised" doc:"Nombre de prix personnalisés"`
	Version    int        `json:"version" doc:"Version déployée (0 : jamais déployé)"`
	DeployedAt *time.Time `json:"deployedAt,omitempty"`
	DeployedBy string     `json:"deployedBy,omitempty"`
	Etag       string     `json:"etag,omitempty"`
	UpToDate   bool       `json:"upToDate" doc:"true : une génération maintenant donnerait exactement le menu déployé (mêmes cartes, versions, prix et mois)"`
}

func (s *Service) scopeIDs(ctx context.Context, p tenancy.Principal) ([]tenancy.Restaurant, []int64, error) {
	rs, err := s.ten.Restaurants(ctx, p, tenancy.RestaurantFilter{})
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int64, len(rs))
	for i, x := range rs {
		ids[i] = x.ID
	}
	return rs, ids, nil
}

// Deployments lists the deployment state of the restaurants the principal
// may see.
func (s *Service) Deployments(ctx context.Context, p tenancy.Principal) ([]DeployStatus, error) {
	rs, ids, err := s.scopeIDs(ctx, p)
	if err != nil || len(ids) == 0 {
		return []DeployStatus{}, err
	}
	links, err := s.linkedCartes(ctx, p.FranchiseID, ids)
	if err != nil {
		return nil, err
	}
	overrides, err := s.overridesOf(ctx, p.FranchiseID, ids)
	if err != nil {
		return nil, err
	}
	type dep struct {
		version  int
		at       time.Time
		by, hash string
		inputs   string
	}
	deps := map[int64]dep{}
	in, args := store.In(ids)
	err = store.Each(ctx, s.db, `SELECT c.restaurant_id, c.version, m.created_at, m.created_by, c.hash, m.inputs FROM deployed_current c
		JOIN deployed_menus m ON m.restaurant_id = c.restaurant_id AND m.version = c.version
		WHERE c.franchise_id = ? AND c.restaurant_id `+in, append([]any{p.FranchiseID}, args...), func(row store.Scanner) error {
		var id int64
		var d dep
		if err := row.Scan(&id, &d.version, &d.at, &d.by, &d.hash, &d.inputs); err != nil {
			return err
		}
		deps[id] = d
		return nil
	})
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]DeployStatus, 0, len(rs))
	for i, ref := range restaurantRefs(rs) {
		st := DeployStatus{RestaurantRef: ref, Cartes: []int64{}, Customised: len(overrides[rs[i].ID])}
		for _, c := range links[ref.ID] {
			st.Cartes = append(st.Cartes, c.CampaignID)
		}
		if d, ok := deps[ref.ID]; ok {
			at := d.at.UTC()
			st.Version, st.DeployedAt, st.DeployedBy, st.Etag = d.version, &at, d.by, d.hash
			st.UpToDate = d.inputs == inputsKey(links[ref.ID], overrides[ref.ID], now)
		}
		out = append(out, st)
	}
	return out, nil
}

// ---- preview ----

// Change is one element that a deployment would change.
type MenuChange struct {
	Kind   string `json:"kind" enum:"product,option"`
	Name   string `json:"name"`
	Detail string `json:"detail,omitempty"`
}

// Preview says, for one restaurant, what deploying now would change
// against what its kiosks hold.
type DeployPreview struct {
	RestaurantRef
	Version  int          `json:"version" doc:"Version déployée aujourd'hui (0 : aucune)"`
	UpToDate bool         `json:"upToDate"`
	Products int          `json:"products"`
	Added    []MenuChange `json:"added"`
	Removed  []MenuChange `json:"removed"`
	Repriced []MenuChange `json:"repriced"`
	Dropped  []Dropped    `json:"dropped" doc:"Éléments que la génération écarterait"`
}

// Preview merges the restaurants' menus in memory (nothing is stored) and
// compares each with its deployed menu.
func (s *Service) Preview(ctx context.Context, p tenancy.Principal, restaurantIDs []int64) ([]DeployPreview, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	ids := slices.Clone(restaurantIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) > 50 {
		return nil, &tenancy.ValidationError{Field: "restaurantIds", Message: "L'aperçu porte sur 50 restaurants au plus à la fois."}
	}
	if err := s.inFranchise(ctx, p.FranchiseID, ids); err != nil {
		return nil, err
	}
	rs, err := s.restaurantRows(ctx, p.FranchiseID, ids)
	if err != nil {
		return nil, err
	}
	links, err := s.linkedCartes(ctx, p.FranchiseID, ids)
	if err != nil {
		return nil, err
	}
	overrides, err := s.overridesOf(ctx, p.FranchiseID, ids)
	if err != nil {
		return nil, err
	}
	current, err := s.currentOf(ctx, p.FranchiseID, ids)
	if err != nil {
		return nil, err
	}
	loader := &docLoader{s: s, docs: map[[2]int64]*menu.Document{}}
	deployed := map[string]*menu.Document{}
	now := s.now()
	out := []DeployPreview{}
	for _, r := range rs {
		src, err := loader.sources(ctx, links[r.id])
		if err != nil {
			return nil, err
		}
		next, rep := Merge(src, overrides[r.id], now)
		raw, err := next.Encode()
		if err != nil {
			return nil, err
		}
		pv := DeployPreview{RestaurantRef: RestaurantRef{ID: r.id, Nom: r.nom, Siret: r.siret}, Products: len(next.Items),
			Added: []MenuChange{}, Removed: []MenuChange{}, Repriced: []MenuChange{}, Dropped: rep.Dropped}
		prev := &menu.Document{}
		if c, ok := current[r.id]; ok {
			pv.Version = c.Version
			pv.UpToDate = c.Hash == hashString(raw)
			// Restaurants often share their deployed menu: parse each once.
			if prev = deployed[c.Hash]; prev == nil {
				old, _, err := s.Document(ctx, c.Hash)
				if err != nil {
					return nil, err
				}
				if prev, err = menu.Parse(old, r.siret+".json"); err != nil {
					return nil, err
				}
				deployed[c.Hash] = prev
			}
		}
		diffMenus(prev, next, &pv)
		out = append(out, pv)
	}
	return out, nil
}

type priced struct {
	name   string
	prices map[string]int64
}

func productPrices(d *menu.Document) map[string]priced {
	out := map[string]priced{}
	for _, p := range d.Items {
		m := map[string]int64{}
		for _, e := range p.Prices {
			m[fmt.Sprintf("Tarif %d %s", e.Tariff, menu.OrderTypeLabel(e.TypeOrder))] = e.Price.Cents
		}
		for _, sp := range p.AllSizes {
			m[fmt.Sprintf("%s sur place", sp.LabelSize)] = sp.PriceSP.Cents
			m[fmt.Sprintf("%s", sp.LabelSize)] = sp.Price.Cents
		}
		m["prix"] = p.Price.Cents
		out[p.IDGlobal] = priced{p.Name, m}
	}
	return out
}

func optionPrices(d *menu.Document) map[string]priced {
	out := map[string]priced{}
	for _, g := range d.Options {
		for _, it := range g.Items {
			m := map[string]int64{"prix": it.Price.Cents}
			for t, tp := range it.TariffData {
				for o := 1; o <= 5; o++ {
					m[fmt.Sprintf("%s %s", t, menu.OrderTypeLabel(o))] = optionField(&tp, o).Cents
				}
			}
			if _, ok := out[it.IDGlobal]; !ok {
				out[it.IDGlobal] = priced{it.Name, m}
			}
		}
	}
	return out
}

func diffPriced(kind string, before, after map[string]priced, pv *DeployPreview) {
	keys := make([]string, 0, len(after))
	for k := range after {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		a := after[k]
		b, ok := before[k]
		if !ok {
			pv.Added = append(pv.Added, MenuChange{Kind: kind, Name: a.name})
			continue
		}
		var diffs []string
		for field, v := range a.prices {
			if w, ok := b.prices[field]; ok && w != v {
				diffs = append(diffs, fmt.Sprintf("%s : %s → %s", field, money(w), money(v)))
			}
		}
		if len(diffs) > 0 {
			slices.Sort(diffs)
			pv.Repriced = append(pv.Repriced, MenuChange{Kind: kind, Name: a.name, Detail: joinMax(diffs, 3)})
		}
	}
	keys = keys[:0]
	for k := range before {
		if _, ok := after[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		pv.Removed = append(pv.Removed, MenuChange{Kind: kind, Name: before[k].name})
	}
}

func diffMenus(prev, next *menu.Document, pv *DeployPreview) {
	diffPriced(KindProduct, productPrices(prev), productPrices(next), pv)
	diffPriced(KindOption, optionPrices(prev), optionPrices(next), pv)
}

func money(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d,%02d", sign, c/100, c%100)
}

func joinMax(list []string, n int) string {
	out := ""
	for i, s := range list {
		if i == n {
			return out + fmt.Sprintf(" (+%d)", len(list)-n)
		}
		if i > 0 {
			out += " ; "
		}
		out += s
	}
	return out
}

// ---- price customisations ----

// PriceLine is one price of an element: the carte's and, when set, the
// restaurant's own.
type PriceLine struct {
	Tariff      int    `json:"tariff"`
	TypeOrder   int    `json:"typeOrder"`
	Size        int    `json:"size" doc:"0 : prix sans taille"`
	SizeLabel   string `json:"sizeLabel,omitempty"`
	CarteCents  int64  `json:"carteCents" doc:"Prix de la carte"`
	CustomCents *int64 `json:"customCents,omitempty" doc:"Prix propre au restaurant"`
}

// PricedElement is a product or an option with its prices.
type PricedElement struct {
	Kind     string      `json:"kind" enum:"product,option"`
	IDGlobal string      `json:"idGlobal"`
	Name     string      `json:"name"`
	Group    string      `json:"group" doc:"Catégorie du produit ou groupe de l'option"`
	Prices   []PriceLine `json:"prices"`
}

// Catalogue lists the prices of the restaurant's merged menu with its own
// prices beside them.
func (s *Service) Catalogue(ctx context.Context, p tenancy.Principal, restaurantID int64) ([]PricedElement, error) {
	if _, err := s.ten.Restaurant(ctx, p, restaurantID); err != nil {
		return nil, err
	}
	d, err := s.mergedWithout(ctx, p.FranchiseID, restaurantID)
	if err != nil {
		return nil, err
	}
	ov, err := s.overridesOf(ctx, p.FranchiseID, []int64{restaurantID})
	if err != nil {
		return nil, err
	}
	custom := map[Override]int64{}
	for _, o := range ov[restaurantID] {
		c := o.Cents
		o.Cents = 0
		custom[o] = c
	}
	return catalogueOf(d, custom), nil
}

func (s *Service) mergedWithout(ctx context.Context, franchiseID, restaurantID int64) (*menu.Document, error) {
	links, err := s.linkedCartes(ctx, franchiseID, []int64{restaurantID})
	if err != nil {
		return nil, err
	}
	loader := &docLoader{s: s, docs: map[[2]int64]*menu.Document{}}
	src, err := loader.sources(ctx, links[restaurantID])
	if err != nil {
		return nil, err
	}
	d, _ := Merge(src, nil, s.now())
	return d, nil
}

func catalogueOf(d *menu.Document, custom map[Override]int64) []PricedElement {
	cats := map[int]string{}
	for _, c := range d.Categories {
		cats[c.IDCat] = c.Name
	}
	line := func(kind, id string, t, o, size int, label string, cents int64) PriceLine {
		l := PriceLine{Tariff: t, TypeOrder: o, Size: size, SizeLabel: label, CarteCents: cents}
		if c, ok := custom[Override{Kind: kind, IDGlobal: id, Tariff: t, TypeOrder: o, Size: size}]; ok {
			l.CustomCents = &c
		}
		return l
	}
	out := []PricedElement{}
	for _, p := range d.Items {
		e := PricedElement{Kind: KindProduct, IDGlobal: p.IDGlobal, Name: p.Name, Group: cats[p.IDCat], Prices: []PriceLine{}}
		for _, pe := range p.Prices {
			e.Prices = append(e.Prices, line(KindProduct, p.IDGlobal, pe.Tariff, pe.TypeOrder, 0, "", pe.Price.Cents))
		}
		if len(p.Prices) == 0 {
			e.Prices = append(e.Prices, line(KindProduct, p.IDGlobal, 1, menu.OrderSurPlace, 0, "", p.Price.Cents))
		}
		for _, sp := range p.AllSizes {
			if !sp.SizeEnabled || sp.IDSize <= 0 {
				continue
			}
			t := max(sp.Tariff, 1)
			e.Prices = append(e.Prices, line(KindProduct, p.IDGlobal, t, menu.OrderSurPlace, sp.IDSize, sp.LabelSize, sp.PriceSP.Cents),
				line(KindProduct, p.IDGlobal, t, menu.OrderEmporter, sp.IDSize, sp.LabelSize, sp.Price.Cents))
		}
		out = append(out, e)
	}
	seen := map[string]bool{}
	for _, g := range d.Options {
		for _, it := range g.Items {
			if seen[it.IDGlobal] {
				continue
			}
			seen[it.IDGlobal] = true
			e := PricedElement{Kind: KindOption, IDGlobal: it.IDGlobal, Name: it.Name, Group: g.Name, Prices: []PriceLine{}}
			keys := make([]string, 0, len(it.TariffData))
			for k := range it.TariffData {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				var t int
				if _, err := fmt.Sscanf(k, "T%d", &t); err != nil || t < 1 || t > 3 {
					continue
				}
				tp := it.TariffData[k]
				for o := 1; o <= 5; o++ {
					e.Prices = append(e.Prices, line(KindOption, it.IDGlobal, t, o, 0, "", optionField(&tp, o).Cents))
				}
			}
			if len(e.Prices) == 0 {
				e.Prices = append(e.Prices, line(KindOption, it.IDGlobal, 1, menu.OrderSurPlace, 0, "", it.Price.Cents))
			}
			out = append(out, e)
		}
	}
	return out
}

// SetOverride sets (cents ≥ 0) or removes (remove) one of the restaurant's
// own prices, logged as Personalisation. It applies at the next generation.
func (s *Service) SetOverride(ctx context.Context, p tenancy.Principal, restaurantID int64, o Override, remove bool) error {
	if err := requireAdmin(p); err != nil {
		return err
	}
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return err
	}
	switch {
	case o.Kind != KindProduct && o.Kind != KindOption:
		return &tenancy.ValidationError{Field: "kind", Message: "Le type doit être product ou option."}
	case o.Tariff < 1 || o.Tariff > 3:
		return &tenancy.ValidationError{Field: "tariff", Message: fmt.Sprintf("Le tarif %d n'existe pas (1 à 3).", o.Tariff)}
	case o.TypeOrder < 1 || o.TypeOrder > 5:
		return &tenancy.ValidationError{Field: "typeOrder", Message: fmt.Sprintf("Le mode de commande %d n'existe pas (1 à 5).", o.TypeOrder)}
	case o.Size < 0 || o.Size > 10:
		return &tenancy.ValidationError{Field: "size", Message: fmt.Sprintf("La taille %d n'existe pas (0 à 10).", o.Size)}
	case o.Cents < 0 && !remove:
		return &tenancy.ValidationError{Field: "priceCents", Message: fmt.Sprintf("La valeur du prix %s n'est pas valide.", money(o.Cents))}
	}
	d, err := s.mergedWithout(ctx, p.FranchiseID, restaurantID)
	if err != nil {
		return err
	}
	var target *PricedElement
	var carte *PriceLine
	for _, e := range catalogueOf(d, nil) {
		if e.Kind == o.Kind && e.IDGlobal == o.IDGlobal {
			target = &e
			for _, l := range e.Prices {
				if l.Tariff == o.Tariff && l.TypeOrder == o.TypeOrder && l.Size == o.Size {
					carte = &l
				}
			}
			break
		}
	}
	if target == nil {
		return &tenancy.ValidationError{Field: "idGlobal", Message: "Cet élément ne fait pas partie des cartes de ce restaurant."}
	}
	if carte == nil && (o.Size > 0 || o.Kind == KindOption) {
		return &tenancy.ValidationError{Field: "size", Message: "Ce prix n'existe pas pour cet élément."}
	}
	field := fmt.Sprintf("Tarif %d %s", o.Tariff, menu.OrderTypeLabel(o.TypeOrder))
	if o.Size > 0 && carte != nil {
		field += " " + carte.SizeLabel
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		var before sql.NullInt64
		err := tx.QueryRow(ctx, `SELECT price_cents FROM price_customisations WHERE restaurant_id = ? AND kind = ? AND id_global = ? AND tariff = ? AND type_order = ? AND size = ?`,
			restaurantID, o.Kind, o.IDGlobal, o.Tariff, o.TypeOrder, o.Size).Scan(&before)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		e, err := s.actor(ctx, tx, p)
		if err != nil {
			return err
		}
		var was, now any
		if before.Valid {
			was = money(before.Int64)
		} else if carte != nil {
			was = money(carte.CarteCents) + " (carte)"
		}
		if remove {
			if !before.Valid {
				return nil
			}
			if _, err := tx.Exec(ctx, `DELETE FROM price_customisations WHERE restaurant_id = ? AND kind = ? AND id_global = ? AND tariff = ? AND type_order = ? AND size = ?`,
				restaurantID, o.Kind, o.IDGlobal, o.Tariff, o.TypeOrder, o.Size); err != nil {
				return err
			}
			if carte != nil {
				now = money(carte.CarteCents) + " (carte)"
			}
		} else {
			if before.Valid && before.Int64 == o.Cents {
				return nil
			}
			if _, err := tx.Exec(ctx, `INSERT INTO price_customisations (franchise_id, restaurant_id, kind, id_global, tariff, type_order, size, price_cents, updated_at, updated_by)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (restaurant_id, kind, id_global, tariff, type_order, size) DO UPDATE SET price_cents = excluded.price_cents, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
				p.FranchiseID, restaurantID, o.Kind, o.IDGlobal, o.Tariff, o.TypeOrder, o.Size, o.Cents, time.Now().UTC(), e.UserName); err != nil {
				return err
			}
			now = money(o.Cents)
		}
		e.RestaurantID, e.Action, e.Target = restaurantID, history.Personalisation, x.Nom+" › "+target.Name
		e.Changes = []history.Change{{Field: field, Before: was, After: now}}
		if err := history.Record(ctx, tx, e); err != nil {
			return err
		}
		s.changed(tx, p, restaurantID)
		return nil
	})
}

// RunningGeneration returns the franchise's generation still queued or
// running, if any: a page opened (or reopened) meanwhile shows its progress.
func (s *Service) RunningGeneration(ctx context.Context, p tenancy.Principal) (*jobs.Job, error) {
	if err := requireAdmin(p); err != nil {
		return nil, err
	}
	list, err := s.jobs.Latest(ctx, p.FranchiseID, JobGenerate, 1)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	if j := list[0]; j.Status == jobs.Queued || j.Status == jobs.Running {
		return &j, nil
	}
	return nil, nil
}
