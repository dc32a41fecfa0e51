package reports

import (
	"cmp"
	"context"
	"slices"
	"time"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- exports of the comparison, product mix, click & collect,
// cancellations and equipment history (issue 18) ----

func durCol(key, label string) Column { return Column{Key: key, Label: label, Kind: KindDuration} }
func pctCol(key, label string) Column { return Column{Key: key, Label: label, Kind: KindPercent} }

// restaurantFigureColumns are a RestaurantFigures' columns, the key
// prefixed and the label followed by suffix.
func restaurantFigureColumns(prefix, suffix, cur string) []Column {
	return []Column{moneyCol(prefix+"revenue", "CA TTC"+suffix, cur), moneyCol(prefix+"ht", "CA HT"+suffix, cur), intCol(prefix+"orders", "Commandes"+suffix),
		moneyCol(prefix+"basket", "Panier moyen"+suffix, cur), durCol(prefix+"exit", "Temps de sortie moyen"+suffix),
		moneyCol(prefix+"discount", "Réductions"+suffix, cur), intCol(prefix+"discounted", "Commandes avec réduction"+suffix),
		intCol(prefix+"cancelled", "Commandes annulées"+suffix), moneyCol(prefix+"cancelledAmount", "Montant annulé"+suffix, cur)}
}

func restaurantFigureValues(f RestaurantFigures) []any {
	return []any{f.RevenueCents, f.HTCents, f.Orders, f.AverageBasketCents, f.ExitMinutes, f.DiscountCents, f.DiscountedOrders, f.CancelledOrders, f.CancelledCents}
}

func (s *Service) restaurantTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.Restaurants(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	cur := r.Currency
	figs := slices.Concat(restaurantFigureColumns("", "", cur), restaurantFigureColumns("previous_", " (période précédente)", cur))
	type total struct {
		label string
		n     int
		now   RestaurantFigures
		prev  RestaurantFigures
	}
	totals := []total{{"Total des restaurants", len(r.Items), r.Franchise.Current, r.Franchise.Previous}, {"Moyenne par restaurant actif", r.Active[0], r.Average.Current, r.Average.Previous}}
	return "comparaison-restaurants", []Table{
		{Name: "ranking", Title: "Classement des restaurants", Columns: slices.Concat([]Column{intCol("rank", "Rang"), textCol("name", "Restaurant"), textCol("archived", "Archivé")}, figs),
			Each: func(emit func([]any) error) error {
				for i, x := range r.Items {
					archived := ""
					if x.Archived {
						archived = "Oui"
					}
					if err := emit(slices.Concat([]any{int64(i + 1), x.Name, archived}, restaurantFigureValues(x.Current), restaurantFigureValues(x.Previous))); err != nil {
						return err
					}
				}
				return nil
			}},
		{Name: "totals", Title: "Total et moyenne", Columns: slices.Concat([]Column{textCol("label", "Ligne"), intCol("restaurants", "Restaurants")}, figs),
			Each: rowsOf(totals, func(t total) []any {
				return slices.Concat([]any{t.label, int64(t.n)}, restaurantFigureValues(t.now), restaurantFigureValues(t.prev))
			})},
	}, nil
}

// EquipmentKindNames are the equipment kinds' French names.
var EquipmentKindNames = map[string]string{"caisse": "Caisse", "borne": "Borne"}

func (s *Service) equipmentTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.Equipments(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	sc, err := s.resolve(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	zones := make(map[int64]*time.Location, len(sc.restaurants))
	for _, x := range sc.restaurants {
		zones[x.ID] = zone(x.TimeZone)
	}
	// Each restaurant counts in its own currency: a table per currency,
	// amounts of two currencies never in one column.
	var codes []string
	for _, x := range r.Items {
		if !slices.Contains(codes, x.Currency) {
			codes = append(codes, x.Currency)
		}
	}
	var tables []Table
	for _, cur := range codes {
		tables = append(tables, Table{Name: "equipments-" + cur, Title: "Caisses et bornes " + cur,
			Columns: []Column{textCol("restaurant", "Restaurant"), textCol("kind", "Type"), textCol("name", "Équipement"), textCol("status", "État"),
				{Key: "lastSeenAt", Label: "Dernier appel (heure du restaurant)", Kind: KindDateTime}, intCol("orders", "Commandes"), moneyCol("revenue", "CA TTC", cur)},
			Each: func(emit func([]any) error) error {
				for _, x := range r.Items {
					if x.Currency != cur {
						continue
					}
					status := "Hors ligne"
					if x.Online {
						status = "En ligne"
					}
					var seen any
					if x.LastSeenAt != nil {
						if t, err := time.Parse(time.RFC3339, *x.LastSeenAt); err == nil {
							loc := zones[x.RestaurantID]
							if loc == nil {
								loc = time.UTC
							}
							seen = t.In(loc)
						}
					}
					if err := emit([]any{x.Restaurant, EquipmentKindNames[x.Kind], x.Name, status, seen, x.Orders, x.RevenueCents}); err != nil {
						return err
					}
				}
				return nil
			}})
	}
	if len(tables) == 0 {
		// No equipment: an empty table, in the franchise's currency.
		fr, err := s.ten.Franchise(ctx, p)
		if err != nil {
			return "", nil, err
		}
		tables = append(tables, Table{Name: "equipments-" + fr.Currency, Title: "Caisses et bornes " + fr.Currency,
			Columns: []Column{textCol("restaurant", "Restaurant"), textCol("kind", "Type"), textCol("name", "Équipement"), textCol("status", "État"),
				{Key: "lastSeenAt", Label: "Dernier appel (heure du restaurant)", Kind: KindDateTime}, intCol("orders", "Commandes"), moneyCol("revenue", "CA TTC", fr.Currency)},
			Each: func(func([]any) error) error { return nil }})
	}
	return "historique-equipements", tables, nil
}

func (s *Service) productMixTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.ProductMix(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	cur := r.Currency
	rank := func(x *int) any {
		if x == nil {
			return nil
		}
		return int64(*x)
	}
	cents := func(x *int64) any {
		if x == nil {
			return nil
		}
		return *x
	}
	return "mix-produits", []Table{
		{Name: "products", Title: "Produits", Columns: []Column{intCol("rank", "Rang"), textCol("name", "Produit"), textCol("category", "Catégorie"), intCol("quantity", "Quantité"),
			moneyCol("revenue", "CA TTC", cur), moneyCol("ht", "CA HT", cur), pctCol("share", "Part du CA"), intCol("previousRank", "Rang (période précédente)"),
			intCol("previousQuantity", "Quantité (période précédente)"), moneyCol("previousRevenue", "CA TTC (période précédente)", cur), pctCol("previousShare", "Part du CA (période précédente)"),
			pctCol("trend", "Évolution du CA"), moneyCol("purchasePrice", "Prix d'achat unitaire", cur), moneyCol("margin", "Marge", cur), pctCol("marginRate", "Taux de marge")},
			Each: rowsOf(r.Products, func(x MixProduct) []any {
				share, prevShare := x.Share, x.PreviousShare
				return []any{rank(x.Rank), x.Name, x.Category, x.Quantity, x.RevenueCents, x.HTCents, &share, rank(x.PreviousRank), x.PreviousQuantity, x.PreviousRevenueCents, &prevShare,
					x.Trend, cents(x.PurchasePriceCents), cents(x.MarginCents), x.MarginRate}
			})},
		{Name: "categories", Title: "Catégories", Columns: []Column{textCol("name", "Catégorie"), intCol("quantity", "Quantité"), moneyCol("revenue", "CA TTC", cur), moneyCol("ht", "CA HT", cur),
			pctCol("share", "Part du CA"), moneyCol("previousRevenue", "CA TTC (période précédente)", cur), pctCol("previousShare", "Part du CA (période précédente)"), pctCol("trend", "Évolution du CA")},
			Each: rowsOf(r.Categories, func(x MixCategory) []any {
				share, prevShare := x.Share, x.PreviousShare
				return []any{x.Name, x.Quantity, x.RevenueCents, x.HTCents, &share, x.PreviousRevenueCents, &prevShare, x.Trend}
			})},
		{Name: "options", Title: "Options", Columns: []Column{intCol("rank", "Rang"), textCol("group", "Groupe d'options"), textCol("name", "Option"), intCol("quantity", "Quantité"),
			moneyCol("revenue", "CA TTC", cur), pctCol("share", "Part du CA des options"), intCol("previousRank", "Rang (période précédente)"), intCol("previousQuantity", "Quantité (période précédente)"),
			moneyCol("previousRevenue", "CA TTC (période précédente)", cur), pctCol("trend", "Évolution du CA")},
			Each: rowsOf(r.Options, func(x MixOption) []any {
				share := x.Share
				return []any{rank(x.Rank), x.Group, x.Name, x.Quantity, x.RevenueCents, &share, rank(x.PreviousRank), x.PreviousQuantity, x.PreviousRevenueCents, x.Trend}
			})},
	}, nil
}

func collectColumns(prefix, suffix, cur string) []Column {
	return []Column{intCol(prefix+"orders", "Commandes"+suffix), moneyCol(prefix+"revenue", "CA TTC"+suffix, cur), moneyCol(prefix+"basket", "Panier moyen"+suffix, cur),
		moneyCol(prefix+"fees", "Frais"+suffix, cur), pctCol(prefix+"share", "Part du CA"+suffix)}
}

func collectValues(f CollectFigures) []any {
	share := f.SharePct
	return []any{f.Orders, f.RevenueCents, f.AverageBasketCents, f.FeesCents, &share}
}

func (s *Service) collectTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.ClickAndCollect(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	cur := r.Currency
	prev := collectColumns("previous_", " (période précédente)", cur)
	return "click-and-collect", []Table{
		{Name: "days", Title: "Par jour", Columns: slices.Concat([]Column{{Key: "date", Label: "Jour", Kind: KindDate}}, collectColumns("", "", cur),
			[]Column{{Key: "previousDate", Label: "Jour comparé", Kind: KindDate}}, prev),
			Each: rowsOf(r.Days, func(d CollectDay) []any {
				return slices.Concat([]any{d.Date}, collectValues(d.Current), []any{d.PreviousDate}, collectValues(d.Previous))
			})},
		{Name: "hours", Title: "Par heure", Columns: []Column{textCol("hour", "Heure"), intCol("orders", "Commandes"), moneyCol("revenue", "CA TTC", cur)},
			Each: rowsOf(r.Hours, func(h CollectHour) []any {
				return []any{hourText(h.Hour), h.Orders, h.RevenueCents}
			})},
		{Name: "types", Title: "Par type de commande", Columns: []Column{textCol("type", "Type de commande"), intCol("orders", "Commandes"), moneyCol("revenue", "CA TTC", cur),
			moneyCol("fees", "Frais", cur), pctCol("share", "Part du CA click & collect")},
			Each: rowsOf(r.Types, func(t CollectType) []any {
				share := t.SharePct
				return []any{t.Label, t.Orders, t.RevenueCents, t.FeesCents, &share}
			})},
		{Name: "restaurants", Title: "Par restaurant", Columns: slices.Concat([]Column{textCol("name", "Restaurant")}, collectColumns("", "", cur), prev),
			Each: rowsOf(r.Restaurants, func(x CollectRestaurant) []any {
				return slices.Concat([]any{x.Name}, collectValues(x.Current), collectValues(x.Previous))
			})},
	}, nil
}

// hourText is an hour of the day as the screens write it: « 09 h ».
func hourText(h int) string {
	return string([]byte{byte('0' + h/10), byte('0' + h%10)}) + " h"
}

func cancelColumns(prefix, suffix, cur string) []Column {
	return []Column{intCol(prefix+"orders", "Commandes annulées"+suffix), moneyCol(prefix+"amount", "Montant TTC"+suffix, cur),
		intCol(prefix+"allOrders", "Commandes payées ou annulées"+suffix), pctCol(prefix+"share", "Part des commandes"+suffix)}
}

func cancelValues(f CancelFigures) []any {
	share := f.SharePct
	return []any{f.Orders, f.AmountCents, f.AllOrders, &share}
}

// cancelledPageSize is how many cancelled orders the export reads at once.
const cancelledPageSize = 5000

func (s *Service) cancellationTables(ctx context.Context, p tenancy.Principal, q ExportQuery) (string, []Table, error) {
	r, err := s.Cancellations(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	cur := r.Currency
	group := func(name, title, label string, list []CancelGroup, names map[string]string) Table {
		return Table{Name: name, Title: title, Columns: slices.Concat([]Column{textCol("label", label)}, cancelColumns("", "", cur)),
			Each: rowsOf(list, func(g CancelGroup) []any {
				l := g.Label
				if n := names[g.Key]; n != "" {
					l = n // as the screen names it
				}
				return slices.Concat([]any{l}, cancelValues(g.CancelFigures))
			})}
	}
	full, err := s.resolve(ctx, p, q.Filter)
	if err != nil {
		return "", nil, err
	}
	sc, _, err := s.inCurrency(ctx, p, full, q.Filter.Currency)
	if err != nil {
		return "", nil, err
	}
	zones := make(map[int64]*time.Location, len(sc.restaurants))
	for _, x := range sc.restaurants {
		zones[x.ID] = zone(x.TimeZone)
	}
	latest := Table{Name: "orders", Title: "Commandes annulées", Columns: []Column{{Key: "paidAt", Label: "Date", Kind: KindDateTime}, {Key: "businessDate", Label: "Jour d'exploitation", Kind: KindDate},
		textCol("restaurant", "Restaurant"), textCol("orderId", "N° de commande"), textCol("equipment", "Équipement"), textCol("source", "Source"), textCol("type", "Type de commande"),
		textCol("status", "Statut"), textCol("reason", "Motif"), moneyCol("amount", "Montant TTC", cur), moneyCol("fees", "Frais", cur)},
		Each: func(emit func([]any) error) error {
			if len(sc.restaurants) == 0 {
				return nil
			}
			listed := orders.Scope{FranchiseID: sc.FranchiseID, Restaurants: sc.ids()}
			for page := 0; ; page++ {
				items, err := s.orders.Cancelled(ctx, listed, q.Filter.Range, page, cancelledPageSize)
				if err != nil {
					return err
				}
				for _, it := range items {
					loc := zones[it.RestaurantID]
					if loc == nil {
						loc = time.UTC
					}
					source := SourceLabels[it.Source]
					if source == "" {
						source = it.Source
					}
					if err := emit([]any{it.PaidAt.In(loc), orders.FormatDate(it.BusinessDate), sc.name(it.RestaurantID), it.OrderID, it.Equipment, source,
						orders.TypeNames[it.Type], orders.StatusLabel(it.Status), cmp.Or(it.Reason, NoReason), it.Total, it.Fees}); err != nil {
						return err
					}
				}
				if len(items) < cancelledPageSize {
					return nil
				}
			}
		}}
	return "annulations", []Table{
		group("statuses", "Par statut", "Statut", r.Statuses, nil),
		group("sources", "Par source", "Source", r.Sources, SourceLabels),
		group("reasons", "Par motif", "Motif", r.Reasons, nil),
		{Name: "days", Title: "Par jour", Columns: slices.Concat([]Column{{Key: "date", Label: "Jour", Kind: KindDate}}, cancelColumns("", "", cur)),
			Each: rowsOf(r.Days, func(d CancelDay) []any { return slices.Concat([]any{d.Date}, cancelValues(d.CancelFigures)) })},
		{Name: "restaurants", Title: "Par restaurant", Columns: slices.Concat([]Column{textCol("name", "Restaurant")}, cancelColumns("", "", cur), cancelColumns("previous_", " (période précédente)", cur)),
			Each: rowsOf(r.Restaurants, func(x CancelRestaurant) []any {
				return slices.Concat([]any{x.Name}, cancelValues(x.Current), cancelValues(x.Previous))
			})},
		{Name: "equipments", Title: "Par équipement", Columns: []Column{textCol("name", "Équipement"), textCol("restaurant", "Restaurant"), intCol("orders", "Commandes annulées"),
			moneyCol("amount", "Montant TTC", cur), intCol("refunded", "Dont remboursées")},
			Each: rowsOf(r.Equipments, func(e CancelEquipment) []any { return []any{e.Name, e.Restaurant, e.Orders, e.AmountCents, e.Refunded} })},
		latest,
	}, nil
}
