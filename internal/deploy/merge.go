package deploy

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"brigade/internal/menu"
)

// Source is one carte to merge: its record and its current document.
type Source struct {
	CampaignID  int64
	Nom         string
	IsPrincipal bool
	CreatedAt   time.Time
	DateDebut   string
	DateFin     string
	IsPeriodic  bool
	// CampagneDates are the carte's periods as the Mes Cartes dialog saves
	// them: start, end, start, end… (YYYY-MM-DD).
	CampagneDates []string
	Doc           *menu.Document
}

// Override is a restaurant's own price for one price of a product or an
// option (kind "product" or "option"); Size 0 is the product's price
// without size.
type Override struct {
	Kind      string `json:"kind" enum:"product,option"`
	IDGlobal  string `json:"idGlobal"`
	Tariff    int    `json:"tariff" minimum:"1" maximum:"3"`
	TypeOrder int    `json:"typeOrder" minimum:"1" maximum:"5"`
	Size      int    `json:"size" minimum:"0" maximum:"10"`
	Cents     int64  `json:"priceCents" minimum:"0"`
}

// Kinds of overridden prices.
const (
	KindProduct = "product"
	KindOption  = "option"
)

// Dropped is an element the generation left out, and why.
type Dropped struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// Report says what a generation did.
type GenerationReport struct {
	Cartes     []int64   `json:"cartes"`
	Categories int       `json:"categories"`
	Products   int       `json:"products"`
	Options    int       `json:"options"`
	Customised int       `json:"customised" doc:"Prix personnalisés appliqués"`
	Dropped    []Dropped `json:"dropped"`
}

// CampaignDates are a merged carte's dates as deployed: a periodic carte's
// dates and periods are re-projected onto the month of the generation.
type CampaignDates struct {
	ID         int64  `json:"idCampagne"`
	Nom        string `json:"nom"`
	DateDebut  string `json:"dateDebut"`
	DateFin    string `json:"dateFin"`
	IsPeriodic bool   `json:"isPeriodic"`
	// Periodes are the carte's periods (its campagneDates paired), always
	// a list, empty when it has none: a periodic carte often has only
	// these, and kiosks would otherwise serve it all the time.
	Periodes []Period `json:"periodes"`
}

// Period is one period of a carte, both days YYYY-MM-DD.
type Period struct {
	DateDebut string `json:"dateDebut"`
	DateFin   string `json:"dateFin"`
}

// periodsOf pairs a carte's campagneDates (start, end, start, end…) into
// periods, re-projected onto now's month when the carte is periodic. A
// pair a kiosk could not read (a day missing or not YYYY-MM-DD, or an end
// before its start) is left out, as the Mes Cartes list leaves it out.
func periodsOf(dates []string, periodic bool, now time.Time) []Period {
	out := []Period{}
	for i := 0; i+1 < len(dates); i += 2 {
		s, err1 := time.Parse(time.DateOnly, dates[i])
		e, err2 := time.Parse(time.DateOnly, dates[i+1])
		if err1 != nil || err2 != nil || e.Before(s) {
			continue
		}
		p := Period{DateDebut: dates[i], DateFin: dates[i+1]}
		if periodic {
			p.DateDebut, p.DateFin = Reproject(p.DateDebut, p.DateFin, now)
		}
		out = append(out, p)
	}
	return out
}

// SortSources puts cartes in merge order: the principal first, then by
// creation, then by id, so that the same cartes always merge the same way.
func SortSources(src []Source) {
	slices.SortStableFunc(src, func(a, b Source) int {
		if a.IsPrincipal != b.IsPrincipal {
			if a.IsPrincipal {
				return -1
			}
			return 1
		}
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(a.CampaignID, b.CampaignID)
	})
}

func gone(removed, byAdmin bool) bool { return removed || byAdmin }

func blank(name string) bool { return strings.TrimSpace(name) == "" }

// Merge builds a restaurant's deployed menu from its cartes (already in
// merge order) and its price overrides, for the month of now. It follows
// the generation rules of the spec (first document §4) and DECISIONS:
//   - removed elements, unnamed ones and references to anything absent are
//     dropped; a product whose category is gone is dropped too;
//   - with several cartes, elements are deduplicated by idGlobal (the
//     first carte wins), ids are renumbered per kind from 1 with every
//     reference rewritten, and positions renumbered 1..n per level; a
//     single carte keeps its ids and positions;
//   - the restaurant's overrides are applied last;
//   - periodic cartes' dates are re-projected onto the current month.
//
// The inputs are not modified; the same inputs give the same document.
func Merge(sources []Source, overrides []Override, now time.Time) (*menu.Document, GenerationReport) {
	m := merger{renumber: len(sources) > 1}
	out := &menu.Document{}
	rep := GenerationReport{Dropped: []Dropped{}}
	for i, s := range sources {
		rep.Cartes = append(rep.Cartes, s.CampaignID)
		if i == 0 && s.Doc != nil {
			out.SizeLabels, out.HideNames, out.Extra = s.Doc.SizeLabels, s.Doc.HideNames, cloneExtra(s.Doc.Extra)
		}
	}
	// Franchise-wide references (printers, screens, zones) keep their ids:
	// they name physical devices; the first carte's definition wins.
	printers, screens, zones := map[int]bool{}, map[int]bool{}, map[int]bool{}
	for _, s := range sources {
		if s.Doc == nil {
			continue
		}
		for _, p := range s.Doc.Printers {
			if !printers[p.IDPrinter] {
				printers[p.IDPrinter] = true
				out.Printers = append(out.Printers, p)
			}
		}
		for _, sc := range s.Doc.Screens {
			if !screens[sc.IDScreen] {
				screens[sc.IDScreen] = true
				out.Screens = append(out.Screens, sc)
			}
		}
		for _, z := range s.Doc.Zones {
			if !zones[z.ID] {
				zones[z.ID] = true
				out.Zones = append(out.Zones, z)
			}
		}
	}
	maps := make([]idMaps, len(sources))
	seen := newSeen()
	// Tags, option groups and promotions first: categories and products
	// refer to them.
	for i, s := range sources {
		maps[i] = newIDMaps()
		if s.Doc == nil {
			continue
		}
		for _, t := range s.Doc.Tags {
			if t.Deleted || blank(t.NameTag) {
				rep.drop("tag", t.NameTag, dropReason(t.Deleted))
				continue
			}
			old := t.IDTag
			if id, dup := seen.tags.first(t.IDGlobal); dup {
				maps[i].tags[old] = id
				continue
			}
			t.IDTag = m.next(&m.tagID, old)
			maps[i].tags[old] = t.IDTag
			seen.tags.add(t.IDGlobal, t.IDTag)
			out.Tags = append(out.Tags, t)
		}
		for _, g := range orderedGroups(s.Doc.Options) {
			if gone(g.Removed, g.RemovedByAdmin) || blank(g.Name) {
				rep.drop("option group", g.Name, dropReason(gone(g.Removed, g.RemovedByAdmin)))
				continue
			}
			old := g.ID
			if id, dup := seen.groups.first(g.IDGlobal); dup {
				maps[i].groups[old] = id
				continue
			}
			g.ID = m.next(&m.groupID, old)
			maps[i].groups[old] = g.ID
			seen.groups.add(g.IDGlobal, g.ID)
			g.Items = keptItems(g.Items, &rep, m.renumber)
			g.Printer = keepRef(g.Printer, printers, len(out.Printers) > 0)
			out.Options = append(out.Options, g)
		}
		for _, p := range s.Doc.Promotions {
			if gone(p.Removed, p.RemovedByAdmin) || blank(p.Name) {
				rep.drop("promotion", p.Name, dropReason(gone(p.Removed, p.RemovedByAdmin)))
				continue
			}
			old := p.ID
			if id, dup := seen.promotions.first(p.IDGlobal); dup {
				maps[i].promotions[old] = id
				continue
			}
			p.ID = m.next(&m.promotionID, old)
			maps[i].promotions[old] = p.ID
			seen.promotions.add(p.IDGlobal, p.ID)
			out.Promotions = append(out.Promotions, p)
		}
	}
	// Categories: parents before children so that a sub-category whose
	// parent is gone is dropped with it.
	for i, s := range sources {
		if s.Doc == nil {
			continue
		}
		cats := slices.Clone(s.Doc.Categories)
		slices.SortStableFunc(cats, func(a, b menu.Category) int { return cmp.Compare(a.Position, b.Position) })
		// Walk the tree from the roots, level by level.
		alive := map[int]bool{}
		level := []int{-1}
		for len(level) > 0 {
			var nextLevel []int
			for _, parent := range level {
				for _, c := range cats {
					if c.ParentID != parent {
						continue
					}
					if gone(c.Removed, c.RemovedByAdmin) || blank(c.Name) {
						rep.drop("category", c.Name, dropReason(gone(c.Removed, c.RemovedByAdmin)))
						continue
					}
					old := c.IDCat
					if alive[old] {
						continue // a cycle or a repeated id: keep the first
					}
					alive[old] = true
					nextLevel = append(nextLevel, old)
					if id, dup := seen.categories.first(c.IDGlobal); dup {
						maps[i].categories[old] = id
						continue
					}
					c.IDCat = m.next(&m.categoryID, old)
					maps[i].categories[old] = c.IDCat
					if parent != -1 {
						c.ParentID = maps[i].categories[parent]
					}
					c.Tags = rewrite(c.Tags, maps[i].tags)
					seen.categories.add(c.IDGlobal, c.IDCat)
					out.Categories = append(out.Categories, c)
				}
			}
			level = nextLevel
		}
		for _, c := range cats {
			if !alive[c.IDCat] && !gone(c.Removed, c.RemovedByAdmin) && !blank(c.Name) && c.ParentID != -1 {
				rep.drop("category", c.Name, "catégorie parente absente")
			}
		}
	}
	for i, s := range sources {
		if s.Doc == nil {
			continue
		}
		items := slices.Clone(s.Doc.Items)
		slices.SortStableFunc(items, func(a, b menu.Product) int { return cmp.Compare(a.Position, b.Position) })
		for _, p := range items {
			if gone(p.Removed, p.RemovedByAdmin) || blank(p.Name) {
				rep.drop("product", p.Name, dropReason(gone(p.Removed, p.RemovedByAdmin)))
				continue
			}
			cat, ok := maps[i].categories[p.IDCat]
			if !ok {
				rep.drop("product", p.Name, "catégorie absente")
				continue
			}
			old := p.ID
			if id, dup := seen.products.first(p.IDGlobal); dup {
				maps[i].products[old] = id
				continue
			}
			p.ID = m.next(&m.productID, old)
			maps[i].products[old] = p.ID
			seen.products.add(p.IDGlobal, p.ID)
			p.IDCat = cat
			p.Options = rewrite(p.Options, maps[i].groups)
			p.Ingredients = rewrite(p.Ingredients, maps[i].groups)
			p.Promotions = rewrite(p.Promotions, maps[i].promotions)
			p.Printer = keepRef(p.Printer, printers, len(out.Printers) > 0)
			p.PrinterLabel = keepRef(p.PrinterLabel, printers, len(out.Printers) > 0)
			if len(out.Screens) > 0 {
				p.Screens = slices.DeleteFunc(slices.Clone(p.Screens), func(id int) bool { return !screens[id] })
			}
			p.Prices = slices.Clone(p.Prices)
			for k := range p.Prices {
				if p.Prices[k].IDProduct != 0 {
					p.Prices[k].IDProduct = p.ID // a reference like the others
				}
			}
			p.AllSizes = slices.Clone(p.AllSizes)
			out.Items = append(out.Items, p)
		}
		for _, f := range s.Doc.Cartes {
			if gone(f.Removed, f.RemovedByAdmin) || blank(f.Name) {
				rep.drop("menu family", f.Name, dropReason(gone(f.Removed, f.RemovedByAdmin)))
				continue
			}
			if _, dup := seen.families.first(f.IDGlobal); dup {
				continue
			}
			seen.families.add(f.IDGlobal, 0)
			kept := make([]menu.MenuFamilyItem, 0, len(f.Items))
			for _, it := range f.Items {
				if id, ok := maps[i].products[it.IDItem]; ok {
					it.IDItem = id
					kept = append(kept, it)
				}
			}
			f.Items = kept
			out.Cartes = append(out.Cartes, f)
		}
		for _, g := range s.Doc.GroupsSubOptions {
			if g.Removed || blank(g.NameGroup) {
				continue
			}
			if _, dup := seen.optionFamilies.first(g.IDGlobal); dup {
				continue
			}
			seen.optionFamilies.add(g.IDGlobal, 0)
			out.GroupsSubOptions = append(out.GroupsSubOptions, g)
		}
	}
	if m.renumber {
		renumberPositions(out)
	}
	rep.Customised = applyOverrides(out, overrides)
	var dates []CampaignDates
	for _, s := range sources {
		d := CampaignDates{ID: s.CampaignID, Nom: s.Nom, DateDebut: s.DateDebut, DateFin: s.DateFin, IsPeriodic: s.IsPeriodic,
			Periodes: periodsOf(s.CampagneDates, s.IsPeriodic, now)}
		if s.IsPeriodic {
			d.DateDebut, d.DateFin = Reproject(s.DateDebut, s.DateFin, now)
		}
		dates = append(dates, d)
	}
	raw, _ := json.Marshal(dates)
	if out.Extra == nil {
		out.Extra = menu.Extra{}
	}
	out.Extra["campagnes"] = raw
	// Kiosks look up every key of the menu: the ten size labels (the
	// spec's defaults when the carte has none) and the hide-name flags,
	// which the document always writes, false included.
	out.SizeLabels = out.SizeLabels.WithDefaults()
	// Every list of the document is a list for the kiosks, empty when
	// nothing is left (never null: their code iterates over them).
	out.Categories, out.Items, out.Options = orEmpty(out.Categories), orEmpty(out.Items), orEmpty(out.Options)
	out.Cartes, out.GroupsSubOptions, out.Promotions = orEmpty(out.Cartes), orEmpty(out.GroupsSubOptions), orEmpty(out.Promotions)
	out.Zones, out.Tags, out.Printers, out.Screens = orEmpty(out.Zones), orEmpty(out.Tags), orEmpty(out.Printers), orEmpty(out.Screens)
	rep.Categories, rep.Products = len(out.Categories), len(out.Items)
	for _, g := range out.Options {
		rep.Options += len(g.Items)
	}
	return out, rep
}

func dropReason(removed bool) string {
	if removed {
		return "supprimé"
	}
	return "sans nom"
}

func (r *GenerationReport) drop(kind, name, reason string) {
	r.Dropped = append(r.Dropped, Dropped{Kind: kind, Name: name, Reason: reason})
}

func cloneExtra(e menu.Extra) menu.Extra {
	if e == nil {
		return nil
	}
	out := make(menu.Extra, len(e))
	for k, v := range e {
		out[k] = v
	}
	return out
}

type merger struct {
	renumber                                           bool
	tagID, groupID, promotionID, categoryID, productID int
}

// next gives the element its id in the merged menu: the next number of its
// kind when cartes are merged, its own id otherwise.
func (m *merger) next(counter *int, own int) int {
	if !m.renumber {
		return own
	}
	*counter++
	return *counter
}

type idMaps struct {
	tags, groups, promotions, categories, products map[int]int
}

func newIDMaps() idMaps {
	return idMaps{map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}, map[int]int{}}
}

// firstSeen remembers the first element of each idGlobal (elements without
// one are never duplicates).
type firstSeen map[string]int

func (f firstSeen) first(idGlobal string) (int, bool) {
	if idGlobal == "" {
		return 0, false
	}
	id, ok := f[idGlobal]
	return id, ok
}

func (f firstSeen) add(idGlobal string, id int) {
	if idGlobal != "" {
		f[idGlobal] = id
	}
}

type seenSets struct {
	tags, groups, promotions, categories, products, families, optionFamilies firstSeen
}

func newSeen() seenSets {
	return seenSets{firstSeen{}, firstSeen{}, firstSeen{}, firstSeen{}, firstSeen{}, firstSeen{}, firstSeen{}}
}

// rewrite maps references through ids, dropping those with no target.
func rewrite(refs []int, ids map[int]int) []int {
	if refs == nil {
		return nil
	}
	out := make([]int, 0, len(refs))
	for _, r := range refs {
		if id, ok := ids[r]; ok && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func keepRef(id int, known map[int]bool, check bool) int {
	if id != 0 && check && !known[id] {
		return 0
	}
	return id
}

func orderedGroups(groups []menu.OptionGroup) []menu.OptionGroup {
	out := slices.Clone(groups)
	slices.SortStableFunc(out, func(a, b menu.OptionGroup) int { return cmp.Compare(a.Position, b.Position) })
	return out
}

func keptItems(items []menu.OptionItem, rep *GenerationReport, renumber bool) []menu.OptionItem {
	var out []menu.OptionItem
	for _, it := range items {
		if gone(it.Removed, it.RemovedByAdmin) || blank(it.Name) {
			rep.drop("option", it.Name, dropReason(gone(it.Removed, it.RemovedByAdmin)))
			continue
		}
		if it.TariffData != nil {
			td := make(map[string]menu.TariffPrices, len(it.TariffData))
			for k, v := range it.TariffData {
				td[k] = v
			}
			it.TariffData = td
		}
		out = append(out, it)
	}
	if renumber {
		slices.SortStableFunc(out, func(a, b menu.OptionItem) int { return cmp.Compare(a.OrderItem, b.OrderItem) })
		for i := range out {
			out[i].OrderItem = i + 1
		}
	}
	if out == nil {
		out = []menu.OptionItem{}
	}
	return out
}

// renumberPositions numbers positions 1..n per level: categories per
// parent, products per category, option groups across the menu.
func renumberPositions(d *menu.Document) {
	perParent := map[int]int{}
	for i := range d.Categories {
		c := &d.Categories[i]
		perParent[c.ParentID]++
		c.Position = perParent[c.ParentID]
	}
	perCat := map[int]int{}
	for i := range d.Items {
		p := &d.Items[i]
		perCat[p.IDCat]++
		p.Position = perCat[p.IDCat]
	}
	for i := range d.Options {
		d.Options[i].Position = i + 1
	}
}

// priceField names the tariff-1 mirror field of an order type on a product
// (the product form and bulk edit keep them in step with prices[]).
func productMirror(p *menu.Product, typeOrder int) *menu.Price {
	switch typeOrder {
	case menu.OrderSurPlace:
		return &p.Price
	case menu.OrderPlatform:
		return &p.PricePlatform
	}
	return nil
}

func optionField(tp *menu.TariffPrices, typeOrder int) *menu.Price {
	switch typeOrder {
	case menu.OrderSurPlace:
		return &tp.PriceSP
	case menu.OrderEmporter:
		return &tp.PriceEmp
	case menu.OrderLivraison:
		return &tp.PriceLv
	case menu.OrderPlatform:
		return &tp.PricePlatform
	case menu.OrderDrive:
		return &tp.PriceDrive
	}
	return nil
}

// applyOverrides sets the restaurant's own prices and says how many
// applied (an override of an element no longer in the menu does nothing).
func applyOverrides(d *menu.Document, overrides []Override) int {
	if len(overrides) == 0 {
		return 0
	}
	products := map[string]int{}
	for i, p := range d.Items {
		products[p.IDGlobal] = i
	}
	type optRef struct{ g, i int }
	options := map[string][]optRef{}
	for g := range d.Options {
		for i, it := range d.Options[g].Items {
			options[it.IDGlobal] = append(options[it.IDGlobal], optRef{g, i})
		}
	}
	applied := 0
	for _, o := range overrides {
		price := menu.Cents(o.Cents)
		switch o.Kind {
		case KindProduct:
			i, ok := products[o.IDGlobal]
			if !ok {
				continue
			}
			p := &d.Items[i]
			if o.Size > 0 {
				k := slices.IndexFunc(p.AllSizes, func(sp menu.SizePrice) bool {
					return sp.IDSize == o.Size && (sp.Tariff == o.Tariff || (sp.Tariff == 0 && o.Tariff == 1))
				})
				if k < 0 {
					continue
				}
				if o.TypeOrder == menu.OrderSurPlace {
					p.AllSizes[k].PriceSP = price
				} else {
					p.AllSizes[k].Price = price
				}
				applied++
				continue
			}
			k := slices.IndexFunc(p.Prices, func(e menu.PriceEntry) bool { return e.Tariff == o.Tariff && e.TypeOrder == o.TypeOrder })
			if k < 0 {
				p.Prices = append(p.Prices, menu.PriceEntry{IDProduct: p.ID, Tariff: o.Tariff, TypeOrder: o.TypeOrder})
				k = len(p.Prices) - 1
			}
			p.Prices[k].Price = price
			if o.Tariff == 1 {
				if f := productMirror(p, o.TypeOrder); f != nil {
					*f = price
				}
			}
			applied++
		case KindOption:
			refs, ok := options[o.IDGlobal]
			if !ok {
				continue
			}
			for _, r := range refs {
				it := &d.Options[r.g].Items[r.i]
				key := fmt.Sprintf("T%d", o.Tariff)
				tp := it.TariffData[key]
				if f := optionField(&tp, o.TypeOrder); f != nil {
					*f = price
				}
				if it.TariffData == nil {
					it.TariffData = map[string]menu.TariffPrices{}
				}
				it.TariffData[key] = tp
				if o.Tariff == 1 && o.TypeOrder == menu.OrderSurPlace {
					it.Price = price
				}
			}
			applied++
		}
	}
	return applied
}

// Reproject moves a periodic carte's dates (YYYY-MM-DD) onto now's month:
// the day numbers are kept, clamped to the month's last day, and a range
// that crosses a month end keeps its length. Dates that do not parse are
// returned as they are.
func Reproject(start, end string, now time.Time) (string, string) {
	s, err1 := time.Parse(time.DateOnly, start)
	e, err2 := time.Parse(time.DateOnly, end)
	if err1 != nil || err2 != nil || e.Before(s) {
		return start, end
	}
	y, mo, _ := now.Date()
	last := time.Date(y, mo+1, 0, 0, 0, 0, 0, time.UTC).Day()
	ns := time.Date(y, mo, min(s.Day(), last), 0, 0, 0, 0, time.UTC)
	var ne time.Time
	if s.Year() == e.Year() && s.Month() == e.Month() {
		ne = time.Date(y, mo, min(e.Day(), last), 0, 0, 0, 0, time.UTC)
	} else {
		ne = ns.Add(e.Sub(s))
	}
	return ns.Format(time.DateOnly), ne.Format(time.DateOnly)
}

// mergeFormat is part of every inputs key: it is bumped whenever Merge
// gives other bytes for the same inputs, so that menus deployed before show
// « À redéployer » (2: empty lists instead of null; 3: every size label and
// hide-name flag, false and 0 values the cartes send kept, numbers typed,
// and each carte of campagnes with its periodes, re-projected when it is
// periodic).
const mergeFormat = 3

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
