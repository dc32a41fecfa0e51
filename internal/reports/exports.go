package reports

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- exports: every report's tables as CSV or xlsx (issue 18) ----

// ExportReports are the reports that export, by the key of the export
// route: each runs with the parameters of its own route.
var ExportReports = []string{"products", "sales", "discounts", "discounted-orders", "z", "performance", "counts", "revenue", "flash", "restaurants", "equipments", "product-mix", "click-and-collect", "cancellations"}

// ExportQuery is an export: which report, with its own parameters, and
// which of its tables ("" : every table, or the first one for a CSV).
type ExportQuery struct {
	Report   string
	Filter   Filter // Range zero: none given (flash needs none)
	Grain    string // discounts: day or month; revenue: day, week, month or hour
	TZ       string // performance: the heat map's zone
	Kind     SalesKind
	Category string
	Table    string
}

// Exported is a report's tables and the file name to give them.
type Exported struct {
	// Name is the file's name without its extension, ASCII only:
	// « ventes-produits_2026-01-17_2026-10-12 ».
	Name   string
	Tables []Table
}

// ErrUnknownReport answers an export of a report that does not exist.
var ErrUnknownReport = &tenancy.ValidationError{Field: "query.report", Message: "Ce rapport n'existe pas (rapports exportables : " + strings.Join(ExportReports, ", ") + ")."}

// Export runs a report with the caller's scope and parameters, exactly as
// its own route does, and turns each of its tables into a Table. Amount
// columns carry the report's currency; the flash, which holds several,
// has a table per currency.
func (s *Service) Export(ctx context.Context, p tenancy.Principal, q ExportQuery) (Exported, error) {
	if !slices.Contains(ExportReports, q.Report) {
		return Exported{}, ErrUnknownReport
	}
	if q.Report != "flash" && q.Filter.Range.Start == 0 {
		return Exported{}, &tenancy.ValidationError{Field: "query.start", Message: "Les dates de début et de fin sont obligatoires pour ce rapport."}
	}
	var (
		slug   = q.Report
		tables []Table
		err    error
	)
	switch q.Report {
	case "products":
		slug, tables, err = s.productTables(ctx, p, q)
	case "sales":
		slug, tables, err = s.salesTables(ctx, p, q)
	case "discounts":
		slug, tables, err = s.discountTables(ctx, p, q)
	case "discounted-orders":
		slug, tables, err = s.discountedTables(ctx, p, q)
	case "z":
		slug, tables, err = s.zTables(ctx, p, q)
	case "performance":
		slug, tables, err = s.performanceTables(ctx, p, q)
	case "counts":
		slug, tables, err = s.countTables(ctx, p, q)
	case "revenue":
		slug, tables, err = s.revenueTables(ctx, p, q)
	case "flash":
		slug, tables, err = s.flashTables(ctx, p, q)
	case "restaurants":
		slug, tables, err = s.restaurantTables(ctx, p, q)
	case "equipments":
		slug, tables, err = s.equipmentTables(ctx, p, q)
	case "product-mix":
		slug, tables, err = s.productMixTables(ctx, p, q)
	case "click-and-collect":
		slug, tables, err = s.collectTables(ctx, p, q)
	case "cancellations":
		slug, tables, err = s.cancellationTables(ctx, p, q)
	}
	if err != nil {
		return Exported{}, err
	}
	if q.Table != "" {
		i := slices.IndexFunc(tables, func(t Table) bool { return t.Name == q.Table })
		if i < 0 {
			names := make([]string, len(tables))
			for j, t := range tables {
				names[j] = t.Name
			}
			return Exported{}, &tenancy.ValidationError{Field: "query.table",
				Message: fmt.Sprintf("Ce rapport n'a pas de tableau « %s » (tableaux : %s).", q.Table, strings.Join(names, ", "))}
		}
		tables = tables[i : i+1]
		slug += "-" + q.Table
	}
	name := slug
	if q.Filter.Range.Start != 0 {
		name += "_" + orders.FormatDate(q.Filter.Range.Start) + "_" + orders.FormatDate(q.Filter.Range.End)
	}
	return Exported{Name: asciiName(name), Tables: tables}, nil
}

// asciiName keeps a file name to lower-case ASCII letters, digits, '-' and
// '_' (accents dropped), what every browser and mail client keeps as is.
func asciiName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		case strings.ContainsRune("àâä", r):
			b.WriteByte('a')
		case strings.ContainsRune("éèêë", r):
			b.WriteByte('e')
		case strings.ContainsRune("îï", r):
			b.WriteByte('i')
		case strings.ContainsRune("ôö", r):
			b.WriteByte('o')
		case strings.ContainsRune("ùûü", r):
			b.WriteByte('u')
		case r == 'ç':
			b.WriteByte('c')
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}

func moneyCol(key, label, currency string) Column {
	return Column{Key: key, Label: label, Kind: KindMoney, Currency: currency}
}
func textCol(key, label string) Column { return Column{Key: key, Label: label, Kind: KindText} }
func intCol(key, label string) Column  { return Column{Key: key, Label: label, Kind: KindInteger} }

// rateText writes VAT rates in basis points as « 5,5 % ; 10 % ».
func rateText(bps []int) string {
	parts := make([]string, len(bps))
	for i, bp := range bps {
		parts[i] = decimalComma(float64(bp)/100, 2) + " %"
	}
	return strings.Join(parts, " ; ")
}

func (s *Service) productTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.Products(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	cur := r.Currency
	return "mes-produits", []Table{
		{Name: "categories", Title: "Catégories", Columns: []Column{textCol("name", "Catégorie"), moneyCol("ca_ttc", "CA TTC", cur), moneyCol("ca_ht", "CA HT", cur), moneyCol("tva", "TVA", cur), textCol("vatRates", "Taux de TVA")},
			Each: rowsOf(r.Categories, func(c CategoryRow) []any { return []any{c.Name, c.TTC, c.HT, c.VAT, rateText(c.VATRates)} })},
		{Name: "ranking", Title: "Classement des produits", Columns: []Column{intCol("rank", "Rang"), textCol("name", "Produit"), textCol("category", "Catégorie"), intCol("total", "Quantité vendue"), moneyCol("ttc", "CA TTC", cur)},
			Each: func(emit func([]any) error) error {
				for i, x := range r.Ranking {
					if err := emit([]any{int64(i + 1), x.Name, x.Category, x.Total, x.TTC}); err != nil {
						return err
					}
				}
				return nil
			}},
	}, nil
}

func (s *Service) salesTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	kind := q.Kind
	if kind == "" {
		kind = SalesProducts
	}
	if kind != SalesProducts && kind != SalesOptions {
		return "", nil, &tenancy.ValidationError{Field: "query.kind", Message: "Le genre doit être products ou options."}
	}
	r, err := s.Sales(ctx, p, q.Filter, kind, q.Category)
	if err != nil {
		return "", nil, err
	}
	slug, label, title := "ventes-produits", "Catégorie", "Ventes par catégorie"
	if kind == SalesOptions {
		slug, title = "ventes-options", "Options par catégorie"
	}
	if q.Category != "" {
		slug += "-" + q.Category
		label, title = "Produit", "Produits · "+q.Category
		if kind == SalesOptions {
			label, title = "Option", "Options · "+q.Category
		}
	}
	cur := r.Currency
	return slug, []Table{{Name: "items", Title: title,
		Columns: []Column{textCol("name", label), intCol("nombrescommandes", "Ventes"), moneyCol("ttcAmount", "Montant TTC", cur), moneyCol("previousAmount", "Période précédente", cur), {Key: "pourcentage", Label: "Évolution", Kind: KindPercent}},
		Each:    rowsOf(r.Items, func(x SalesRow) []any { return []any{x.Name, x.Count, x.Amount, x.Previous, x.Percent} })}}, nil
}

func (s *Service) discountTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	if q.Grain != "" && q.Grain != "day" && q.Grain != "month" {
		return "", nil, &tenancy.ValidationError{Field: "query.grain", Message: "Mes Réductions : le grain doit être day ou month."}
	}
	monthly := q.Grain == "month"
	r, err := s.Discounts(ctx, p, q.Filter, monthly)
	if err != nil {
		return "", nil, err
	}
	cur := r.Currency
	amounts := func(name, title, label string, list []Amount, names map[string]string) Table {
		return Table{Name: name, Title: title, Columns: []Column{textCol("label", label), intCol("orders", "Commandes"), moneyCol("cents", "Réductions", cur)},
			Each: rowsOf(list, func(a Amount) []any {
				if n := names[a.Label]; n != "" {
					a.Label = n // as the screen names it
				}
				return []any{a.Label, a.Orders, a.Cents}
			})}
	}
	series := Table{Name: "series", Title: "Réductions par jour", Columns: []Column{{Key: "date", Label: "Jour", Kind: KindDate}, moneyCol("cents", "Réductions", cur)},
		Each: rowsOf(r.Series, func(a Amount) []any { return []any{a.Label, a.Cents} })}
	if monthly {
		series.Title, series.Columns[0] = "Réductions par mois", Column{Key: "month", Label: "Mois", Kind: KindMonth}
	}
	byRest := Table{Name: "by-restaurant", Title: "Réductions par restaurant", Columns: []Column{textCol("label", "Restaurant"), moneyCol("cents", "Réductions", cur)},
		Each: rowsOf(r.ByRestaurant, func(a Amount) []any { return []any{a.Label, a.Cents} })}
	return "reductions", []Table{
		amounts("by-type", "Par type de réduction", "Type de réduction", r.ByType, DiscountTypeNames),
		amounts("by-source", "Par source", "Source", r.BySource, nil),
		amounts("by-label", "Par libellé", "Libellé", r.ByLabel, nil),
		amounts("by-code", "Par code promo", "Code promo", r.ByCode, nil),
		series, byRest,
	}, nil
}

// DiscountTypeNames are the discount types' French names.
var DiscountTypeNames = map[string]string{"pourcentage": "Pourcentage", "montant": "Montant"}

func (s *Service) discountedTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	sc, cov, err := s.money(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	zones := make(map[int64]*time.Location, len(sc.restaurants))
	for _, x := range sc.restaurants {
		zones[x.ID] = zone(x.TimeZone)
	}
	cur := cov.Currency
	cols := []Column{{Key: "paid_at", Label: "Date paiement", Kind: KindDateTime}, textCol("restaurant", "Restaurant"), textCol("id_commande", "N° de commande"),
		textCol("type_discount", "Type de réduction"), textCol("discount_value", "Réduction"), moneyCol("discount", "Montant de la réduction", cur),
		moneyCol("real_total", "Total réel", cur), moneyCol("total", "Total", cur), textCol("type_order", "Type commande"), textCol("label_discount", "Libellé de réduction"),
		textCol("cashier", "Caissier"), textCol("source", "Source")}
	each := func(emit func([]any) error) error {
		row := make([]any, len(cols))
		return s.orders.EachDiscounted(ctx, sc.Scope, q.Filter.Range, func(it orders.DiscountItem) error {
			loc := zones[it.RestaurantID]
			if loc == nil {
				loc = time.UTC
			}
			value := CentsText(it.DiscountValue) + " " + currencySymbol(cur)
			if it.DiscountType == "pourcentage" {
				value = decimalComma(float64(it.DiscountValue)/100, 2) + " %"
			}
			typ := DiscountTypeNames[it.DiscountType]
			if typ == "" {
				typ = it.DiscountType
			}
			source := SourceLabels[it.Source]
			if source == "" {
				source = it.Source
			}
			row[0], row[1], row[2], row[3], row[4], row[5] = it.PaidAt.In(loc), sc.name(it.RestaurantID), it.OrderID, typ, value, it.Discount
			row[6], row[7], row[8], row[9], row[10], row[11] = it.RealTotal, it.Total, orders.TypeNames[it.Type], it.Label, it.Cashier, source
			return emit(row)
		})
	}
	return "commandes-en-reduction", []Table{{Name: "orders", Title: "Commandes en réduction", Columns: cols, Each: each}}, nil
}

func (s *Service) zTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	z, err := s.Z(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	cur := z.Currency
	cols := []Column{textCol("pseudo", "Restaurant"), textCol("name_equipement", "Équipement"),
		moneyCol("totalp_platfrome", "Total plateforme comprise", cur), moneyCol("totalTtc", "Total TTC", cur), moneyCol("ca_ht", "CA HT", cur), moneyCol("tva", "TVA", cur)}
	for _, bp := range ZRates {
		cols = append(cols, moneyCol("tva"+strconv.Itoa(bp), "TVA "+decimalComma(float64(bp)/100, 2)+" %", cur))
	}
	cols = append(cols, moneyCol("total_platform", "Plateforme", cur))
	for _, m := range orders.PaymentMethods {
		cols = append(cols, moneyCol("payment_"+m.Code, m.Label, cur))
	}
	cols = append(cols, intCol("nbcommandes_ttc_platform", "Commandes"), intCol("nbcommande_platforme", "Commandes plateforme"), intCol("Promotion", "Commandes avec réduction"))
	return "z-equipement", []Table{{Name: "equipments", Title: "Z Équipement", Columns: cols, Each: rowsOf(z.Items, func(r ZRow) []any {
		row := []any{r.Restaurant, r.Equipment, r.TotalWithPlatform, r.TotalTTC, r.HT, r.VAT}
		for _, bp := range ZRates {
			row = append(row, r.VATByRate[strconv.Itoa(bp)])
		}
		row = append(row, r.Platform)
		for _, m := range orders.PaymentMethods {
			row = append(row, r.Payments[m.Code])
		}
		return append(row, r.Orders, r.PlatformOrders, r.Promotions)
	})}}, nil
}

func (s *Service) performanceTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.Performance(ctx, p, q.Filter, q.TZ)
	if err != nil {
		return "", nil, err
	}
	exit := Column{Key: "temps_sortie", Label: "Temps de sortie moyen", Kind: KindDuration}
	perf := func(name, title, label string, withCategory bool, list []PerfRow) Table {
		cols := []Column{textCol("name", label)}
		if withCategory {
			cols = append(cols, textCol("category", "Catégorie"))
		}
		cols = append(cols, exit, intCol("nbr_cmd", "Commandes"), intCol("quantity", "Articles"), intCol("fast_trank", "Articles sortis en plus de 15 min"),
			Column{Key: "speciaux", Label: "Spéciaux", Kind: KindPercent}, Column{Key: "normaux", Label: "Normaux", Kind: KindPercent})
		return Table{Name: name, Title: title, Columns: cols, Each: rowsOf(list, func(x PerfRow) []any {
			row := []any{x.Name}
			if withCategory {
				row = append(row, x.Category)
			}
			return append(row, x.ExitAvg, x.Orders, x.Quantity, x.FastTrank, x.Speciaux, x.Normaux)
		})}
	}
	points := func(name, title string, label Column, list []Point) Table {
		return Table{Name: name, Title: title, Columns: []Column{label, exit}, Each: rowsOf(list, func(x Point) []any { return []any{x.Label, x.Value} })}
	}
	heatCols := []Column{intCol("hour", "Heure")}
	days := []string{"Dimanche", "Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi"}
	for _, d := range days {
		heatCols = append(heatCols, Column{Key: strings.ToLower(d), Label: d, Kind: KindDuration})
	}
	zoneTitle := r.TimeZone
	if zoneTitle == "" {
		zoneTitle = "UTC"
	}
	return "performance", []Table{
		perf("by-restaurant", "Par restaurant", "Restaurant", false, r.ByRestaurant),
		points("by-day", "Par jour", Column{Key: "date", Label: "Jour", Kind: KindDate}, r.ByDay),
		points("by-order-type", "Par type de commande", textCol("label", "Type de commande"), r.ByOrderType),
		perf("by-category", "Par catégorie", "Catégorie", false, r.ByCategory),
		perf("by-product", "Par produit", "Produit", true, r.ByProduct),
		{Name: "heatmap", Title: "Heures × jours (" + zoneTitle + ")", Columns: heatCols, Each: rowsOf(r.Heatmap, func(h HeatRow) []any {
			row := []any{int64(h.Hour)}
			for _, v := range h.Weekdays {
				row = append(row, v)
			}
			return row
		})},
	}, nil
}

func (s *Service) countTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	c, err := s.OrderCounts(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	type line struct {
		label     string
		now, prev int64
		trend     *float64
	}
	lines := []line{{"Commandes confirmées", c.Confirmed, c.ConfirmedPrevious, c.ConfirmedTrend}, {"Commandes annulées", c.Cancelled, c.CancelledPrevious, c.CancelledTrend},
		{"Commandes click & collect", c.ClickAndCollect, c.CollectPrevious, c.CollectTrend}}
	return "commandes", []Table{{Name: "counts", Title: "Commandes",
		Columns: []Column{textCol("label", "Indicateur"), intCol("current", "Période"), intCol("previous", "Période de référence"),
			{Key: "previousStart", Label: "Référence du", Kind: KindDate}, {Key: "previousEnd", Label: "Référence au", Kind: KindDate}, {Key: "trend", Label: "Évolution", Kind: KindPercent}},
		Each: rowsOf(lines, func(l line) []any { return []any{l.label, l.now, l.prev, c.PreviousStart, c.PreviousEnd, l.trend} })}}, nil
}

// figureColumns are the columns of a FlashFigures (revenue, flash), the
// key prefixed and the label followed by suffix.
func figureColumns(prefix, suffix, cur string, ht bool) []Column {
	cols := []Column{moneyCol(prefix+"revenue", "CA TTC"+suffix, cur)}
	if ht {
		cols = append(cols, moneyCol(prefix+"ht", "CA HT"+suffix, cur))
	}
	return append(cols, intCol(prefix+"orders", "Commandes"+suffix), moneyCol(prefix+"basket", "Panier moyen"+suffix, cur))
}

func figureValues(f FlashFigures, ht bool) []any {
	if ht {
		return []any{f.RevenueCents, f.HTCents, f.Orders, f.AverageBasketCents}
	}
	return []any{f.RevenueCents, f.Orders, f.AverageBasketCents}
}

func (s *Service) revenueTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.Revenue(ctx, p, q.Filter, q.Grain)
	if err != nil {
		return "", nil, err
	}
	cur := r.Currency
	label := map[string]Column{GrainDay: {Key: "label", Label: "Jour", Kind: KindDate}, GrainWeek: {Key: "label", Label: "Semaine du", Kind: KindDate},
		GrainMonth: {Key: "label", Label: "Mois", Kind: KindMonth}, GrainHour: textCol("label", "Heure")}[r.Grain]
	ht := r.Grain != GrainHour // the HT is not kept per hour
	cols := slices.Concat([]Column{label}, figureColumns("", "", cur, ht), figureColumns("previous_", " (période précédente)", cur, ht), figureColumns("lastYear_", " (N-1)", cur, ht))
	series := Table{Name: "series", Title: "CA dans le temps", Columns: cols, Each: rowsOf(r.Series, func(x RevenuePoint) []any {
		l := any(x.Label)
		if r.Grain == GrainHour {
			l = x.Label + " h"
		}
		return slices.Concat([]any{l}, figureValues(x.Current, ht), figureValues(x.Previous, ht), figureValues(x.LastYear, ht))
	})}
	type total struct {
		label string
		rng   FlashRange
		f     FlashFigures
	}
	totals := []total{{"Période", FlashRange{Start: r.Start, End: r.End}, r.Totals.Current}, {"Période précédente", r.Previous, r.Totals.Previous}, {"Même période N-1", r.LastYear, r.Totals.LastYear}}
	days := []string{"", "Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"}
	return "chiffre-affaires", []Table{
		series,
		{Name: "totals", Title: "Totaux", Columns: slices.Concat([]Column{textCol("label", "Période"), {Key: "start", Label: "Du", Kind: KindDate}, {Key: "end", Label: "Au", Kind: KindDate}}, figureColumns("", "", cur, true)),
			Each: rowsOf(totals, func(t total) []any {
				return slices.Concat([]any{t.label, t.rng.Start, t.rng.End}, figureValues(t.f, true))
			})},
		{Name: "heatmap", Title: "Jour × heure", Columns: []Column{textCol("weekday", "Jour"), intCol("hour", "Heure"), intCol("orders", "Commandes"), moneyCol("revenue", "CA TTC", cur)},
			Each: rowsOf(r.Heatmap, func(h HeatCell) []any {
				day := ""
				if h.Weekday >= 1 && h.Weekday <= 7 {
					day = days[h.Weekday]
				}
				return []any{day, int64(h.Hour), h.Orders, h.RevenueCents}
			})},
	}, nil
}

// FlashPeriodNames are the flash periods' French names.
var FlashPeriodNames = map[string]string{"today": "Aujourd'hui", "yesterday": "Hier", "week": "Semaine en cours", "month": "Mois en cours"}

func (s *Service) flashTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	fl, err := s.Flash(ctx, p, q.Filter.RestaurantID)
	if err != nil {
		return "", nil, err
	}
	// One table of totals and one of restaurants per currency, in the
	// order of the totals: amounts of two currencies never share a column.
	var codes []string
	for _, pe := range fl.Periods {
		for _, t := range pe.Totals {
			if !slices.Contains(codes, t.Currency) {
				codes = append(codes, t.Currency)
			}
		}
	}
	periodCols := []Column{textCol("period", "Période"), {Key: "start", Label: "Du", Kind: KindDate}, {Key: "end", Label: "Au", Kind: KindDate}}
	var tables []Table
	for _, cur := range codes {
		figCols := slices.Concat(figureColumns("", "", cur, true), figureColumns("previous_", " (période précédente)", cur, true), figureColumns("lastYear_", " (N-1)", cur, true))
		tables = append(tables,
			Table{Name: "totals-" + cur, Title: "Flash " + cur, Columns: slices.Concat(periodCols, []Column{intCol("restaurants", "Restaurants")}, figCols),
				Each: func(emit func([]any) error) error {
					for _, pe := range fl.Periods {
						for _, t := range pe.Totals {
							if t.Currency == cur {
								row := slices.Concat([]any{FlashPeriodNames[pe.Key], pe.Start, pe.End, int64(t.Restaurants)}, figureValues(t.Current, true), figureValues(t.Previous, true), figureValues(t.LastYear, true))
								if err := emit(row); err != nil {
									return err
								}
							}
						}
					}
					return nil
				}},
			Table{Name: "restaurants-" + cur, Title: "Restaurants " + cur, Columns: slices.Concat([]Column{textCol("restaurant", "Restaurant")}, periodCols, figCols),
				Each: func(emit func([]any) error) error {
					for _, pe := range fl.Periods {
						for _, x := range pe.Restaurants {
							if x.Currency == cur {
								row := slices.Concat([]any{x.Name, FlashPeriodNames[pe.Key], pe.Start, pe.End}, figureValues(x.Current, true), figureValues(x.Previous, true), figureValues(x.LastYear, true))
								if err := emit(row); err != nil {
									return err
								}
							}
						}
					}
					return nil
				}})
	}
	splitCols := func(cur string) []Column {
		return []Column{textCol("period", "Période"), textCol("label", "Libellé"), intCol("orders", "Commandes"), moneyCol("revenue", "CA TTC", cur),
			intCol("previousOrders", "Commandes (période précédente)"), moneyCol("previousRevenue", "CA TTC (période précédente)", cur)}
	}
	for _, cur := range codes {
		for _, sp := range []struct {
			name, title string
			of          func(FlashTotal) []FlashSplit
		}{{"by-order-type-", "Par type ", func(t FlashTotal) []FlashSplit { return t.ByOrderType }}, {"by-source-", "Par source ", func(t FlashTotal) []FlashSplit { return t.BySource }}} {
			tables = append(tables, Table{Name: sp.name + cur, Title: sp.title + cur, Columns: splitCols(cur), Each: func(emit func([]any) error) error {
				for _, pe := range fl.Periods {
					for _, t := range pe.Totals {
						if t.Currency != cur {
							continue
						}
						for _, x := range sp.of(t) {
							if err := emit([]any{FlashPeriodNames[pe.Key], x.Label, x.Orders, x.RevenueCents, x.PreviousOrders, x.PreviousRevenueCents}); err != nil {
								return err
							}
						}
					}
				}
				return nil
			}})
		}
	}
	if len(tables) == 0 {
		return "", nil, &tenancy.ValidationError{Field: "query.restaurantId", Message: "Aucun restaurant à exporter dans ce périmètre."}
	}
	return "flash_" + fl.Date, tables, nil
}
