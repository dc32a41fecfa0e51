package menu

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// FieldError is one refused value, with its JSON path in the document.
type FieldError struct {
	Path    string
	Message string
}

// ValidationErrors refuses a document; the first message is the headline.
type ValidationErrors []FieldError

func (v ValidationErrors) Error() string {
	if len(v) == 0 {
		return "document invalide"
	}
	return v[0].Message
}

type checker struct{ errs ValidationErrors }

func (c *checker) add(path, format string, args ...any) {
	c.errs = append(c.errs, FieldError{Path: path, Message: fmt.Sprintf(format, args...)})
}

// price refuses a non-numeric or negative price; the message is only
// built for a refused value (a carte holds tens of thousands of prices).
func (c *checker) price(path func() string, p Price, message func() string) {
	if p.Invalid || p.Negative() {
		c.add(path(), "%s", message())
	}
}

// extraPrices refuses a negative price among an element's fields the model
// does not name (price_* per channel and size, as older clients write
// them): every negative price is refused, typed or not. Text that is not a
// number is left alone there: an unknown key may be a label.
func (c *checker) extraPrices(path func(key string) string, e Extra, message func(Price) string) {
	var refused []string
	for k, raw := range e {
		if !strings.HasPrefix(k, "price_") || k == "price_type" || k == "price_point" || len(raw) == 0 {
			continue
		}
		if v, ok := extraPrice(raw); ok && v.Negative() {
			refused = append(refused, k)
		}
	}
	sort.Strings(refused)
	for _, k := range refused {
		v, _ := extraPrice(e[k])
		c.add(path(k), "%s", message(v))
	}
}

func extraPrice(raw json.RawMessage) (Price, bool) {
	switch raw[0] {
	case '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return Price{}, false
		}
		p := ParsePrice(s)
		return p, !p.Invalid
	case '-':
		p := ParsePrice(string(raw))
		return p, !p.Invalid
	}
	return Price{}, false
}

// tariffKeys are the keys of an option's tariffData, by tariff number.
var tariffKeys = [...]string{1: "T1", 2: "T2", 3: "T3"}

var clock = regexp.MustCompile(`^([01]\d|2[0-3]):[0-5]\d$`)

// uniqueNames refuses two active elements of one kind whose names compare
// equal (accents, spaces and case ignored), naming both.
func (c *checker) uniqueNames(n int, pathFormat string, at func(i int) (name string, removed bool), kind string) {
	seen := map[string]string{}
	for i := range n {
		name, removed := at(i)
		if strings.TrimSpace(name) == "" || removed {
			continue
		}
		if other, ok := seen[nameKey(name)]; ok {
			c.add(fmt.Sprintf(pathFormat, i), "Le nom « %s » est déjà utilisé par %s « %s ».", name, kind, other)
		} else {
			seen[nameKey(name)] = name
		}
	}
}

// nameKey is how duplicate names compare: accents, spaces and case ignored.
func nameKey(name string) string {
	ascii := true
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		b := make([]byte, 0, len(name))
		for i := 0; i < len(name); i++ {
			c := name[i]
			switch {
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
				continue
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			}
			b = append(b, c)
		}
		return string(b)
	}
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	s, _, _ := transform.String(t, name)
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// Validate applies the spec's rules (first document §5) to a document
// before it is saved. It also normalises what the rules normalise
// (nutritional info retention, duplicate idGlobal) and reports every
// refused value, each with its path.
func Validate(d *Document) error {
	c := &checker{}
	dedup(d)

	seenCat := map[string]string{}
	for i, cat := range d.Categories {
		if strings.TrimSpace(cat.Name) == "" || cat.Removed {
			continue
		}
		key := fmt.Sprintf("%d/%s", cat.ParentID, nameKey(cat.Name))
		kind := "la catégorie"
		if cat.ParentID != -1 {
			kind = "la sous-catégorie"
		}
		if other, ok := seenCat[key]; ok {
			c.add(fmt.Sprintf("categories[%d].name", i), "Le nom « %s » est déjà utilisé par %s « %s ».", cat.Name, kind, other)
		} else {
			seenCat[key] = cat.Name
		}
	}

	seenProduct := map[string]string{}
	for i := range d.Items {
		p := &d.Items[i]
		at := func(f string) string { return fmt.Sprintf("items[%d].%s", i, f) }
		if strings.TrimSpace(p.Name) != "" && !p.Removed {
			if other, ok := seenProduct[nameKey(p.Name)]; ok {
				c.add(at("name"), "Le nom « %s » est déjà utilisé par le produit « %s ».", p.Name, other)
			} else {
				seenProduct[nameKey(p.Name)] = p.Name
			}
		}
		if d.cached(1, i, len(d.Items)) {
			continue
		}
		for _, f := range []struct {
			name string
			p    Price
		}{{"price", p.Price}, {"price_junior", p.PriceJunior}, {"price_senior", p.PriceSenior}, {"price_mega", p.PriceMega}, {"price_platform", p.PricePlatform},
			{"price_sp", p.PriceSP}, {"price_emp", p.PriceEmp}, {"price_lv", p.PriceLv}, {"price_drive", p.PriceDrive},
			{"price_size1", p.PriceSize1}, {"price_size2", p.PriceSize2}, {"price_size3", p.PriceSize3}, {"price_size4", p.PriceSize4},
			{"price_size5", p.PriceSize5}, {"price_size6", p.PriceSize6}, {"price_size7", p.PriceSize7},
			{"price_delivero", p.PriceDelivero}, {"price_bar", p.PriceBar}, {"price_uber", p.PriceUber}, {"price_happy_hour", p.PriceHappyHour},
			{"price_terasse", p.PriceTerasse}, {"price_unity", p.PriceUnity}} {
			c.price(func() string { return at(f.name) }, f.p, func() string { return fmt.Sprintf("La valeur du prix %s d'article %s n'est pas valide", f.p, p.Name) })
		}
		c.extraPrices(func(k string) string { return at(k) }, p.Extra, func(v Price) string {
			return fmt.Sprintf("La valeur du prix %s d'article %s n'est pas valide", v, p.Name)
		})
		c.price(func() string { return at("purchase_price") }, p.PurchasePrice, func() string { return fmt.Sprintf("la valeur du prix d'achat %s n'est pas valide", p.PurchasePrice) })
		for k, e := range p.Prices {
			// Built only for a refused value: a carte holds tens of
			// thousands of these prices.
			path := func() string { return fmt.Sprintf("items[%d].prices[%d]", i, k) }
			if e.Tariff < 1 || e.Tariff > 3 {
				c.add(path()+".tariff", "Le tarif %d du produit %s n'existe pas (tarifs 1 à 3).", e.Tariff, p.Name)
				continue
			}
			if OrderTypeLabel(e.TypeOrder) == "" {
				c.add(path()+".type_order", "Le type de commande %d du produit %s n'existe pas (types 1 à 5).", e.TypeOrder, p.Name)
				continue
			}
			c.price(func() string { return path() + ".price" }, e.Price, func() string {
				return fmt.Sprintf("La valeur du prix %s dans le tarif %d pour %s du produit %s n'est pas valide", e.Price, e.Tariff, OrderTypeLabel(e.TypeOrder), p.Name)
			})
		}
		for k, s := range p.AllSizes {
			for _, f := range []struct {
				name string
				p    Price
			}{{"price", s.Price}, {"price_sp", s.PriceSP}, {"price_emp", s.PriceEmp}, {"price_lv", s.PriceLv}, {"price_platform", s.PricePlatform}, {"price_drive", s.PriceDrive}} {
				c.price(func() string { return fmt.Sprintf("items[%d].allSizes[%d].%s", i, k, f.name) }, f.p, func() string { return fmt.Sprintf("La valeur du prix %s d'article %s n'est pas valide", f.p, p.Name) })
			}
			c.extraPrices(func(f string) string { return fmt.Sprintf("items[%d].allSizes[%d].%s", i, k, f) }, s.Extra, func(v Price) string {
				return fmt.Sprintf("La valeur du prix %s d'article %s n'est pas valide", v, p.Name)
			})
		}
		if p.FirstPeriod != "" && p.EndPeriod != "" && p.FirstPeriod > p.EndPeriod {
			c.add(at("first_period"), "La date de début est supérieure à la date de fin du produit %s", p.Name)
		}
		p.NutritionalInfo = keepNutrition(p.NutritionalInfo)
	}

	seenGroup := map[string]string{}
	for i := range d.Options {
		g := &d.Options[i]
		if strings.TrimSpace(g.Name) != "" && !g.Removed {
			if other, ok := seenGroup[nameKey(g.Name)]; ok {
				c.add(fmt.Sprintf("options[%d].name", i), "Le nom « %s » est déjà utilisé par la catégorie d'options « %s ».", g.Name, other)
			} else {
				seenGroup[nameKey(g.Name)] = g.Name
			}
		}
		if d.cached(2, i, len(d.Options)) {
			continue
		}
		for k, it := range g.Items {
			c.price(func() string { return fmt.Sprintf("options[%d].items[%d].price", i, k) }, it.Price, func() string {
				return fmt.Sprintf("La valeur du prix %s de l'option %s n'est pas valide", it.Price, it.Name)
			})
			c.price(func() string { return fmt.Sprintf("options[%d].items[%d].cost", i, k) }, it.Cost, func() string {
				return fmt.Sprintf("la valeur du prix d'achat %s n'est pas valide", it.Cost)
			})
			c.price(func() string { return fmt.Sprintf("options[%d].items[%d].price_buy", i, k) }, it.PriceBuy, func() string {
				return fmt.Sprintf("la valeur du prix d'achat %s n'est pas valide", it.PriceBuy)
			})
			c.price(func() string { return fmt.Sprintf("options[%d].items[%d].price_unity", i, k) }, it.PriceUnity, func() string {
				return fmt.Sprintf("La valeur du prix %s de l'option %s n'est pas valide", it.PriceUnity, it.Name)
			})
			c.extraPrices(func(f string) string { return fmt.Sprintf("options[%d].items[%d].%s", i, k, f) }, it.Extra, func(v Price) string {
				return fmt.Sprintf("La valeur du prix %s de l'option %s n'est pas valide", v, it.Name)
			})
			for n := 1; n <= 3; n++ {
				tp, ok := it.TariffData[tariffKeys[n]]
				if !ok {
					continue
				}
				for _, f := range []struct {
					name string
					p    Price
				}{{"price", tp.Price}, {"price_sp", tp.PriceSP}, {"price_emp", tp.PriceEmp}, {"price_lv", tp.PriceLv}, {"price_platform", tp.PricePlatform}, {"price_drive", tp.PriceDrive}} {
					c.price(func() string { return fmt.Sprintf("options[%d].items[%d].tariffData.T%d.%s", i, k, n, f.name) }, f.p, func() string {
						return fmt.Sprintf("La valeur du prix %s dans le tarif %d de l'option %s n'est pas valide", f.p, n, it.Name)
					})
				}
				c.extraPrices(func(f string) string { return fmt.Sprintf("options[%d].items[%d].tariffData.T%d.%s", i, k, n, f) }, tp.Extra, func(v Price) string {
					return fmt.Sprintf("La valeur du prix %s dans le tarif %d de l'option %s n'est pas valide", v, n, it.Name)
				})
			}
		}
	}
	productName := func(id int) string {
		for _, p := range d.Items {
			if p.ID == id {
				return p.Name
			}
		}
		return fmt.Sprint(id)
	}
	c.uniqueNames(len(d.Cartes), "cartes[%d].name", func(i int) (string, bool) { return d.Cartes[i].Name, d.Cartes[i].Removed }, "la famille")
	for i, mf := range d.Cartes {
		if d.cached(5, i, len(d.Cartes)) {
			continue
		}
		for k, it := range mf.Items {
			c.price(func() string { return fmt.Sprintf("cartes[%d].items[%d].price", i, k) }, it.Price, func() string {
				return fmt.Sprintf("La valeur du prix %s d'article %s n'est pas valide", it.Price, productName(it.IDItem))
			})
		}
	}
	c.uniqueNames(len(d.GroupsSubOptions), "groups_sub_options[%d].name_group", func(i int) (string, bool) {
		return d.GroupsSubOptions[i].NameGroup, d.GroupsSubOptions[i].Removed
	}, "la famille d'options")
	c.uniqueNames(len(d.Tags), "tags[%d].name_tag", func(i int) (string, bool) { return d.Tags[i].NameTag, d.Tags[i].Deleted }, "le tag")
	for i, tg := range d.Tags {
		for _, o := range append(append([]int{}, tg.OrderTypes...), tg.DisabledOrderTypes...) {
			if OrderTypeLabel(o) == "" {
				c.add(fmt.Sprintf("tags[%d].orderTypes", i), "Le type de commande %d du tag %s n'existe pas (types 1 à 5).", o, tg.NameTag)
			}
		}
		for k, day := range tg.Schedule {
			if day.DayOfWeek < 0 || day.DayOfWeek > 6 {
				c.add(fmt.Sprintf("tags[%d].schedule[%d].day_of_week", i, k), "Le jour %d du tag %s n'existe pas (0 dimanche à 6 samedi).", day.DayOfWeek, tg.NameTag)
			}
			for n, tp := range day.TimePeriods {
				at := fmt.Sprintf("tags[%d].schedule[%d].time_periods[%d]", i, k, n)
				if !clock.MatchString(tp.Start) || !clock.MatchString(tp.End) {
					c.add(at, "Les heures du tag %s doivent être au format HH:MM (00:00 à 23:59).", tg.NameTag)
				} else if tp.End <= tp.Start {
					c.add(at+".end", "La fin (%s) doit être après le début (%s) pour le tag %s.", tp.End, tp.Start, tg.NameTag)
				}
			}
		}
	}
	c.uniqueNames(len(d.Promotions), "promotions[%d].name", func(i int) (string, bool) { return d.Promotions[i].Name, d.Promotions[i].Removed }, "la promotion")
	for i, pr := range d.Promotions {
		if d.cached(3, i, len(d.Promotions)) {
			continue
		}
		c.price(func() string { return fmt.Sprintf("promotions[%d].discount", i) }, pr.Discount, func() string {
			return fmt.Sprintf("La valeur de la remise %s de la promotion %s n'est pas valide", pr.Discount, pr.Name)
		})
	}
	if len(c.errs) > 0 {
		return c.errs
	}
	return nil
}

// cached tells whether element i of the compared list of kind k (n
// elements now) is, byte for byte, an element of the last document this
// instance saved for the carte (elemcache.go): it passed these checks of
// its own values then and is the same value now, normalised already, so
// they are not run again. The checks across elements (unique names,
// duplicates) are run for every element.
func (d *Document) cached(k, i, n int) bool {
	h := d.hints
	return h != nil && len(h.canon[k]) == n && h.canon[k][i] != nil
}

// keepNutrition applies the retention rule: nutritional info is kept only
// with more than one key, or a single energy_kcal that is not zero.
func keepNutrition(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || len(m) == 0 {
		return nil
	}
	if len(m) > 1 {
		return raw
	}
	e, ok := m["energy_kcal"]
	if !ok {
		return nil
	}
	var v struct {
		Value json.Number `json:"value"`
	}
	if json.Unmarshal(e, &v) == nil && v.Value != "" && v.Value != "0" {
		return raw
	}
	var n json.Number
	if json.Unmarshal(e, &n) == nil && n != "" && n != "0" {
		return raw
	}
	return nil
}

// dedup keeps the first element of each idGlobal, in document order.
func dedup(d *Document) {
	d.Categories = dedupBy(d.Categories, func(x Category) string { return x.IDGlobal })
	d.Items = dedupBy(d.Items, func(x Product) string { return x.IDGlobal })
	d.Options = dedupBy(d.Options, func(x OptionGroup) string { return x.IDGlobal })
	d.Promotions = dedupBy(d.Promotions, func(x Promotion) string { return x.IDGlobal })
	d.GroupsSubOptions = dedupBy(d.GroupsSubOptions, func(x OptionFamily) string { return x.IDGlobal })
	d.Cartes = dedupBy(d.Cartes, func(x MenuFamily) string { return x.IDGlobal })
}

func dedupBy[T any](list []T, id func(T) string) []T {
	seen := map[string]bool{}
	out := list[:0]
	for _, x := range list {
		k := id(x)
		if k != "" && seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, x)
	}
	return out
}

// SanitizeFileName replaces the characters file names cannot hold
// (\ / : * ? " < > | and control characters) by an underscore; accents and
// spaces are kept.
func SanitizeFileName(name string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`\/:*?"<>|`, r) {
			return '_'
		}
		return r
	}, name)
}
