package deploy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"brigade/internal/menu"
)

func price(t, o int, cents int64) menu.PriceEntry {
	return menu.PriceEntry{Tariff: t, TypeOrder: o, Price: menu.Cents(cents)}
}

// carte builds a small carte: two categories (the second a sub-category of
// the first), an option group and products that refer to them.
func carte(prefix string, idBase int) *menu.Document {
	d := &menu.Document{
		Categories: []menu.Category{
			{IDGlobal: prefix + "-cat-1", IDCat: idBase + 1, Name: prefix + " Burgers", ParentID: -1, Position: 3, Tags: []int{idBase + 7}},
			{IDGlobal: prefix + "-cat-2", IDCat: idBase + 2, Name: prefix + " Doubles", ParentID: idBase + 1, Position: 9},
		},
		Options: []menu.OptionGroup{{IDGlobal: prefix + "-grp-1", ID: idBase + 4, Name: prefix + " Sauces", Position: 6, Items: []menu.OptionItem{
			{IDGlobal: prefix + "-opt-1", Name: "Ketchup", Price: menu.Cents(50), OrderItem: 4,
				TariffData: map[string]menu.TariffPrices{"T1": {Price: menu.Cents(50), PriceSP: menu.Cents(50), PriceEmp: menu.Cents(60)}}},
			{IDGlobal: prefix + "-opt-2", Name: "Mayo", Price: menu.Cents(40), OrderItem: 8},
		}}},
		Promotions: []menu.Promotion{{IDGlobal: prefix + "-promo-1", ID: idBase + 5, Name: "Midi", Discount: menu.Cents(100)}},
		Tags:       []menu.Tag{{IDGlobal: "tag-vegan", IDTag: idBase + 7, NameTag: "Vegan"}},
		Items: []menu.Product{
			{IDGlobal: prefix + "-p-1", ID: idBase + 11, IDCat: idBase + 1, Name: prefix + " Classic", Position: 7, Price: menu.Cents(990),
				Prices: []menu.PriceEntry{price(1, 1, 990), price(1, 2, 950)}, Options: []int{idBase + 4, 999}, Promotions: []int{idBase + 5}},
			{IDGlobal: prefix + "-p-2", ID: idBase + 12, IDCat: idBase + 2, Name: prefix + " Double", Position: 2, Price: menu.Cents(1290),
				Prices: []menu.PriceEntry{price(1, 1, 1290)}},
		},
	}
	return d
}

func find[T any](list []T, pred func(T) bool) *T {
	for i := range list {
		if pred(list[i]) {
			return &list[i]
		}
	}
	return nil
}

func productNamed(d *menu.Document, name string) *menu.Product {
	return find(d.Items, func(p menu.Product) bool { return p.Name == name })
}

var november = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func TestMergeOneCarteKeepsIdsAndPositions(t *testing.T) {
	d := carte("a", 100)
	d.Items = append(d.Items,
		menu.Product{IDGlobal: "a-p-3", ID: 113, IDCat: 101, Name: "Retiré", Position: 1},
		menu.Product{IDGlobal: "a-p-4", ID: 114, IDCat: 777, Name: "Sans catégorie", Position: 4},
		menu.Product{IDGlobal: "a-p-5", ID: 115, IDCat: 101, Name: "  ", Position: 5},
	)
	d.Items[2].Removed, d.Items[2].RemovedByAdmin = true, true
	out, rep := Merge([]Source{{CampaignID: 1, Nom: "A", Doc: d}}, nil, november)
	if got := len(out.Items); got != 2 {
		t.Fatalf("products: got %d, want the 2 live ones", got)
	}
	classic := productNamed(out, "a Classic")
	if classic.ID != 111 || classic.Position != 7 || classic.IDCat != 101 {
		t.Errorf("one carte must keep ids and positions: got id %d position %d cat %d", classic.ID, classic.Position, classic.IDCat)
	}
	if out.Categories[1].IDCat != 102 || out.Categories[1].ParentID != 101 || out.Categories[0].Position != 3 {
		t.Errorf("categories renumbered for one carte: %+v", out.Categories)
	}
	if !slices.Equal(classic.Options, []int{104}) {
		t.Errorf("orphan option group reference must be dropped, kept ones unchanged: %v", classic.Options)
	}
	reasons := map[string]string{}
	for _, x := range rep.Dropped {
		reasons[x.Name] = x.Reason
	}
	if reasons["Retiré"] != "supprimé" || reasons["Sans catégorie"] != "catégorie absente" || reasons["  "] != "sans nom" {
		t.Errorf("dropped report: %+v", rep.Dropped)
	}
	if d.Items[0].Options[1] != 999 {
		t.Error("Merge modified its input")
	}
}

// Kiosks iterate over every list of the menu: none is null, even empty.
func TestMergeListsAreNeverNull(t *testing.T) {
	// A menu family whose products are all gone keeps an empty list too.
	doc := &menu.Document{Cartes: []menu.MenuFamily{{IDGlobal: "fam-1", Name: "Formules", Items: []menu.MenuFamilyItem{{IDItem: 999}}}}}
	out, _ := Merge([]Source{{CampaignID: 1, Nom: "Vide", Doc: doc}}, nil, november)
	raw, err := out.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"categories", "items", "options", "groups_sub_options", "promotions", "zones", "tags", "printers", "screens"} {
		if string(top[key]) != "[]" {
			t.Errorf("%s: %s, want []", key, top[key])
		}
	}
	if !bytes.Contains(top["cartes"], []byte(`"items":[]`)) || bytes.Contains(raw, []byte("null")) {
		t.Errorf("a null list is left: %s", raw)
	}
}

// Kiosks look up every key the spec lists for the menu: the ten size labels
// (defaults 'taille n' when the carte has none, the carte's own otherwise)
// and the four hide-name flags, false included. A flag a carte sends at
// false reaches the kiosk as false, not as an absent key.
func TestMergeCarriesEveryKioskKey(t *testing.T) {
	withFlags, err := menu.Parse([]byte(`{"product_size_2":"Moyen","hide_name_options":true,
		"categories":[{"idGlobal":"c","idCat":1,"name":"Burgers","parent_id":-1}],
		"items":[{"idGlobal":"p","id":1,"idCat":1,"name":"Classic","available_on_the_spot":false,"sold_out":false,"daily_stock":0}]}`), "a.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string][]Source{
		"no carte":       nil,
		"no sizes":       {{CampaignID: 1, Nom: "Vide", Doc: &menu.Document{}}},
		"its own label":  {{CampaignID: 1, Nom: "A", Doc: withFlags}},
		"several cartes": {{CampaignID: 1, Nom: "Vide", Doc: &menu.Document{}}, {CampaignID: 2, Nom: "A", Doc: withFlags}},
	} {
		out, _ := Merge(src, nil, november)
		raw, err := out.Encode()
		if err != nil {
			t.Fatal(err)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(raw, &top); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 10; n++ {
			want := fmt.Sprintf(`"taille %d"`, n)
			if n == 2 && name == "its own label" {
				want = `"Moyen"`
			}
			if got := string(top[fmt.Sprintf("product_size_%d", n)]); got != want {
				t.Errorf("%s: product_size_%d = %s, want %s", name, n, got, want)
			}
		}
		for _, key := range []string{"hide_name_categories", "hide_name_sub_categories", "hide_name_products", "hide_name_options"} {
			want := "false"
			if key == "hide_name_options" && name == "its own label" {
				want = "true"
			}
			if got := string(top[key]); got != want {
				t.Errorf("%s: %s = %q, want %s", name, key, got, want)
			}
		}
		if name == "its own label" || name == "several cartes" {
			for _, want := range []string{`"available_on_the_spot":false`, `"sold_out":false`, `"daily_stock":0`} {
				if !bytes.Contains(raw, []byte(want)) {
					t.Errorf("%s: the deployed product lost %s: %s", name, want, top["items"])
				}
			}
		}
	}
}

func TestMergeSeveralCartesRenumbersAndRewritesReferences(t *testing.T) {
	a, b := carte("a", 100), carte("b", 500)
	// The same product (idGlobal) in both cartes appears once, from the first.
	b.Items = append(b.Items, menu.Product{IDGlobal: "a-p-1", ID: 520, IDCat: 501, Name: "copie", Position: 1})
	// A removed category takes its sub-category and their products with it.
	b.Categories[0].Removed = true
	b.Categories = append(b.Categories, menu.Category{IDGlobal: "b-cat-3", IDCat: 503, Name: "b Desserts", ParentID: -1, Position: 1})
	b.Items = append(b.Items, menu.Product{IDGlobal: "b-p-9", ID: 529, IDCat: 503, Name: "b Cookie", Position: 4, Options: []int{504},
		Prices: []menu.PriceEntry{{IDProduct: 529, Tariff: 1, TypeOrder: 1, Price: menu.Cents(350)}}})
	out, rep := Merge([]Source{{CampaignID: 1, Doc: a}, {CampaignID: 2, Doc: b}}, nil, november)

	wantProducts := []string{"a Double", "a Classic", "b Cookie"} // position order within each carte
	var names []string
	for _, p := range out.Items {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, wantProducts) {
		t.Fatalf("products %v, want %v", names, wantProducts)
	}
	for i, p := range out.Items {
		if p.ID != i+1 {
			t.Errorf("product %s: id %d, want %d (renumbered in merge order)", p.Name, p.ID, i+1)
		}
	}
	var catIDs []int
	for _, c := range out.Categories {
		catIDs = append(catIDs, c.IDCat)
	}
	if !slices.Equal(catIDs, []int{1, 2, 3}) {
		t.Errorf("category ids %v, want 1..3", catIDs)
	}
	dbl := out.Categories[1]
	if dbl.Name != "a Doubles" || dbl.ParentID != 1 || dbl.Position != 1 {
		t.Errorf("sub-category: %+v", dbl)
	}
	// Positions 1..n per level: two roots (a Burgers, b Desserts).
	if out.Categories[0].Position != 1 || out.Categories[2].Position != 2 {
		t.Errorf("root positions: %d, %d", out.Categories[0].Position, out.Categories[2].Position)
	}
	if len(out.Options) != 2 || out.Options[0].ID != 1 || out.Options[1].ID != 2 || out.Options[1].Position != 2 {
		t.Fatalf("option groups: %+v", out.Options)
	}
	if got := productNamed(out, "b Double"); got != nil {
		t.Fatalf("b Double sits in a removed category: %+v", got)
	}
	cookie := productNamed(out, "b Cookie")
	if cookie.Prices[0].IDProduct != cookie.ID {
		t.Errorf("prices[].id_product not rewritten: %d, product id %d", cookie.Prices[0].IDProduct, cookie.ID)
	}
	if cookie.IDCat != 3 || !slices.Equal(cookie.Options, []int{2}) || cookie.Position != 1 {
		t.Errorf("cookie references not rewritten: cat %d options %v position %d", cookie.IDCat, cookie.Options, cookie.Position)
	}
	classic := productNamed(out, "a Classic")
	if !slices.Equal(classic.Options, []int{1}) || !slices.Equal(classic.Promotions, []int{1}) {
		t.Errorf("classic references: options %v promotions %v", classic.Options, classic.Promotions)
	}
	if len(out.Tags) != 1 || out.Categories[0].Tags[0] != out.Tags[0].IDTag {
		t.Errorf("tags deduplicated by idGlobal and references kept: %+v / %v", out.Tags, out.Categories[0].Tags)
	}
	if len(out.Options[0].Items) != 2 || out.Options[0].Items[0].OrderItem != 1 || out.Options[0].Items[1].OrderItem != 2 {
		t.Errorf("option items renumbered: %+v", out.Options[0].Items)
	}
	var droppedB bool
	for _, x := range rep.Dropped {
		if x.Name == "b Doubles" && x.Reason == "catégorie parente absente" {
			droppedB = true
		}
	}
	if !droppedB {
		t.Errorf("the orphaned sub-category is reported: %+v", rep.Dropped)
	}
}

func TestMergeAppliesOverrides(t *testing.T) {
	d := carte("a", 100)
	d.Items[1].AllSizes = []menu.SizePrice{{IDSize: 2, LabelSize: "Senior", SizeEnabled: true, Price: menu.Cents(1400), PriceSP: menu.Cents(1500)}}
	ov := []Override{
		{Kind: KindProduct, IDGlobal: "a-p-1", Tariff: 1, TypeOrder: 1, Cents: 1090},
		{Kind: KindProduct, IDGlobal: "a-p-1", Tariff: 2, TypeOrder: 3, Cents: 1190},
		{Kind: KindProduct, IDGlobal: "a-p-2", Tariff: 1, TypeOrder: 1, Size: 2, Cents: 1550},
		{Kind: KindOption, IDGlobal: "a-opt-1", Tariff: 1, TypeOrder: 2, Cents: 70},
		{Kind: KindProduct, IDGlobal: "gone", Tariff: 1, TypeOrder: 1, Cents: 1},
	}
	out, rep := Merge([]Source{{CampaignID: 1, Doc: d}}, ov, november)
	if rep.Customised != 4 {
		t.Errorf("customised %d, want 4 (the unknown element does nothing)", rep.Customised)
	}
	classic := productNamed(out, "a Classic")
	if classic.Prices[0].Price.Cents != 1090 || classic.Price.Cents != 1090 {
		t.Errorf("tariff 1 Sur Place: prices[] %d, mirror %d", classic.Prices[0].Price.Cents, classic.Price.Cents)
	}
	if e := find(classic.Prices, func(e menu.PriceEntry) bool { return e.Tariff == 2 && e.TypeOrder == 3 }); e == nil || e.Price.Cents != 1190 {
		t.Errorf("a missing price entry is added: %+v", classic.Prices)
	}
	if got := productNamed(out, "a Double").AllSizes[0]; got.PriceSP.Cents != 1550 || got.Price.Cents != 1400 {
		t.Errorf("size price: %+v", got)
	}
	if got := out.Options[0].Items[0].TariffData["T1"]; got.PriceEmp.Cents != 70 || got.PriceSP.Cents != 50 {
		t.Errorf("option tariff data: %+v", got)
	}
	if d.Items[0].Prices[0].Price.Cents != 990 || d.Options[0].Items[0].TariffData["T1"].PriceEmp.Cents != 60 {
		t.Error("overrides leaked into the carte")
	}
}

func TestReproject(t *testing.T) {
	for _, c := range []struct{ start, end, ws, we string }{
		{"2026-03-05", "2026-03-20", "2026-11-05", "2026-11-20"},
		{"2026-01-10", "2026-01-31", "2026-11-10", "2026-11-30"}, // clamped to the month's last day
		{"2026-12-01", "2027-02-28", "2026-11-01", "2027-01-29"}, // crossing a month end: same length (89 days)
		{"2026-05-30", "2026-06-02", "2026-11-30", "2026-12-03"},
		{"pas une date", "2026-06-02", "pas une date", "2026-06-02"},
	} {
		s, e := Reproject(c.start, c.end, november)
		if s != c.ws || e != c.we {
			t.Errorf("Reproject(%s, %s) = %s, %s; want %s, %s", c.start, c.end, s, e, c.ws, c.we)
		}
	}
}

func TestMergeIsDeterministic(t *testing.T) {
	src := []Source{
		{CampaignID: 2, Nom: "Hiver", IsPeriodic: true, DateDebut: "2026-12-01", DateFin: "2027-02-28", CreatedAt: november.Add(-time.Hour), Doc: carte("b", 500)},
		{CampaignID: 9, Nom: "Principale", IsPrincipal: true, CreatedAt: november, Doc: carte("a", 100)},
	}
	SortSources(src)
	if src[0].CampaignID != 9 {
		t.Fatalf("the principal carte merges first: %d", src[0].CampaignID)
	}
	ov := []Override{{Kind: KindOption, IDGlobal: "b-opt-1", Tariff: 1, TypeOrder: 1, Cents: 5}}
	var first []byte
	for i := 0; i < 5; i++ {
		d, _ := Merge(src, ov, november)
		raw, err := d.Encode()
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = raw
			var doc struct {
				Campagnes []CampaignDates `json:"campagnes"`
			}
			if err := json.Unmarshal(raw, &doc); err != nil {
				t.Fatal(err)
			}
			if len(doc.Campagnes) != 2 || doc.Campagnes[1].DateDebut != "2026-11-01" || doc.Campagnes[0].DateDebut != "" {
				t.Errorf("campaign dates in the deployed menu: %+v", doc.Campagnes)
			}
			continue
		}
		if !bytes.Equal(raw, first) {
			t.Fatal("the same inputs must give byte-identical output")
		}
	}
}

// A carte saved by the Mes Cartes dialog often has only its periods
// (campagneDates), no dateDebut / dateFin: the deployed menu carries them,
// a periodic carte's re-projected onto the generation's month, the others'
// as they are, and always a list.
func TestMergeCarriesPeriods(t *testing.T) {
	src := []Source{
		{CampaignID: 1, Nom: "Principale", IsPrincipal: true, Doc: carte("a", 100)},
		{CampaignID: 2, Nom: "Brunch", IsPeriodic: true, Doc: carte("b", 200),
			CampagneDates: []string{"2026-10-03", "2026-10-05", "2026-10-31", "2026-10-31", "2026-10-30", "2026-11-02", "2026-10-20"}},
		{CampaignID: 3, Nom: "Noël", Doc: carte("c", 300),
			CampagneDates: []string{"2026-12-20", "2026-12-24", "pas une date", "2026-12-31", "2026-12-28", "2026-12-27"}},
	}
	d, _ := Merge(src, nil, november)
	raw, err := d.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Campagnes []struct {
			ID        int64             `json:"idCampagne"`
			DateDebut string            `json:"dateDebut"`
			Periodes  []json.RawMessage `json:"periodes"`
		} `json:"campagnes"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var byID = map[int64][]Period{}
	for _, c := range doc.Campagnes {
		if c.Periodes == nil {
			t.Errorf("carte %d: periodes must be a list, even empty", c.ID)
		}
		ps := []Period{}
		for _, p := range c.Periodes {
			var x Period
			if err := json.Unmarshal(p, &x); err != nil {
				t.Fatal(err)
			}
			ps = append(ps, x)
		}
		byID[c.ID] = ps
	}
	want := map[int64][]Period{
		1: {},
		// October's days on November's: the 31st clamped to the 30th, the
		// range crossing October's end keeps its 3 days, the odd last day
		// (no end) left out.
		2: {{"2026-11-03", "2026-11-05"}, {"2026-11-30", "2026-11-30"}, {"2026-11-30", "2026-12-03"}},
		// Not periodic: as saved, less what a kiosk cannot read.
		3: {{"2026-12-20", "2026-12-24"}},
	}
	if !reflect.DeepEqual(byID, want) {
		t.Errorf("periodes = %+v; want %+v", byID, want)
	}
	again, _ := Merge(src, nil, november)
	if raw2, _ := again.Encode(); !bytes.Equal(raw, raw2) {
		t.Error("the same inputs must give byte-identical output")
	}
}
