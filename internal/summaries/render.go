package summaries

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"slices"
	"strings"

	"brigade/internal/mail"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/tenancy"
)

func jsonUnmarshal(raw []byte, v any) error { return json.Unmarshal(raw, v) }

// topRestaurants is how many restaurants each currency's ranking shows.
const topRestaurants = 5

// FlashPath is the screen the mail links to (the daily flash).
const FlashPath = "/stats/SuiviQuotidien"

// Subject is the French subject of a period's summary: « Brigade — résumé
// du mardi 24 novembre 2026 », « Brigade — résumé de la semaine du lundi
// 16 novembre 2026 ».
func Subject(freq string, period int64, restaurant string) string {
	s := "Brigade — résumé du " + reports.FrenchLongDate(period)
	if freq == Weekly {
		s = "Brigade — résumé de la semaine du " + reports.FrenchLongDate(period) + " au " + reports.FrenchLongDate(orders.AddDays(period, 6))
	}
	if restaurant != "" {
		s += " — " + restaurant
	}
	return s
}

// compose reads the period's summary as p sees it and writes the mail
// (without its recipient).
func (s *Service) compose(ctx context.Context, p tenancy.Principal, freq string, restaurantID, period int64, preview bool) (mail.Message, error) {
	var sum reports.Summary
	var err error
	if freq == Weekly {
		sum, err = s.reports.WeekSummary(ctx, p, restaurantID, period)
	} else {
		sum, err = s.reports.DaySummary(ctx, p, restaurantID, period)
	}
	if err != nil {
		return mail.Message{}, err
	}
	restaurant := ""
	if restaurantID != 0 && len(sum.Restaurants) == 1 {
		restaurant = sum.Restaurants[0].Name
	}
	subject := Subject(freq, period, restaurant)
	if preview {
		subject = "[Aperçu] " + subject
	}
	text, htmlBody := render(freq, period, restaurant, sum, s.publicURL+FlashPath)
	return mail.Message{Subject: subject, Text: text, HTML: htmlBody}, nil
}

// evolution writes the change from before to now as « +12,3 % », or « — »
// without a base.
func evolution(now, before int64) string {
	if before == 0 {
		return "—"
	}
	v := float64(now-before) / math.Abs(float64(before)) * 100
	s := strings.Replace(fmt.Sprintf("%+.1f", v), ".", ",", 1)
	if s == "+0,0" || s == "-0,0" {
		s = "0,0"
	}
	// The screens' minus sign (U+2212), as Intl writes it in fr-FR.
	return strings.Replace(s, "-", "\u2212", 1) + "\u00a0%"
}

// trendStyle colours an evolution: green up, red down.
func trendStyle(base, e string) string {
	switch {
	case strings.HasPrefix(e, "+"):
		return strings.Replace(base, `style="`, `style="color:#2e7d32;`, 1)
	case strings.HasPrefix(e, "\u2212"):
		return strings.Replace(base, `style="`, `style="color:#c62828;`, 1)
	}
	return base
}

// orders writes a number of orders: « 1 commande », « 12 commandes ».
func ordersText(n int64) string {
	if n == 1 || n == -1 || n == 0 {
		return count(n) + " commande"
	}
	return count(n) + " commandes"
}

func count(n int64) string {
	return strings.TrimSuffix(reports.FrenchAmount(n*100), ",00")
}

type line struct {
	label string
	value func(reports.FlashFigures) int64
	money bool
}

var lines = []line{
	{"Chiffre d'affaires TTC", func(f reports.FlashFigures) int64 { return f.RevenueCents }, true},
	{"Chiffre d'affaires HT", func(f reports.FlashFigures) int64 { return f.HTCents }, true},
	{"Commandes", func(f reports.FlashFigures) int64 { return f.Orders }, false},
	{"Panier moyen TTC", func(f reports.FlashFigures) int64 { return f.AverageBasketCents }, true},
}

func (l line) format(f reports.FlashFigures, currency string) string {
	if l.money {
		return reports.FrenchMoney(l.value(f), currency)
	}
	return count(l.value(f))
}

// render writes the text and HTML bodies of a summary.
func render(freq string, period int64, restaurant string, sum reports.Summary, link string) (text, htmlBody string) {
	var t, h strings.Builder
	title := "Résumé du " + reports.FrenchLongDate(period)
	prevLabel, prevShort := "Même jour la semaine précédente", "S-1"
	if freq == Weekly {
		title = "Résumé de la semaine du " + reports.FrenchLongDate(period) + " au " + reports.FrenchLongDate(orders.AddDays(period, 6))
		prevLabel, prevShort = "Semaine précédente", "Sem. préc."
	}
	scope := "Tous vos restaurants"
	if restaurant != "" {
		scope = restaurant
	}
	date := func(s string) string {
		d, err := orders.ParseDate(s)
		if err != nil {
			return s
		}
		return reports.FrenchDate(d)
	}
	span := func(r reports.FlashRange) string {
		if r.Start == r.End {
			return date(r.Start)
		}
		return date(r.Start) + " – " + date(r.End)
	}
	fmt.Fprintf(&t, "%s\n%s\n\n", title, scope)
	fmt.Fprintf(&t, "Comparaisons : %s (%s) et année précédente (%s, mêmes jours de la semaine).\n", strings.ToLower(prevLabel), span(sum.Previous), span(sum.LastYear))

	h.WriteString(`<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>` + html.EscapeString(title) + `</title></head>` +
		`<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Roboto,Helvetica,Arial,sans-serif;color:#1f2937">` +
		`<div style="max-width:680px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">`)
	fmt.Fprintf(&h, `<h1 style="font-size:20px;margin:0 0 4px">%s</h1><p style="margin:0 0 16px;color:#4b5563">%s</p>`, html.EscapeString(title), html.EscapeString(scope))
	fmt.Fprintf(&h, `<p style="margin:0 0 16px;color:#4b5563;font-size:13px">Comparaisons : %s (%s) et année précédente (%s, mêmes jours de la semaine).</p>`,
		html.EscapeString(strings.ToLower(prevLabel)), html.EscapeString(span(sum.Previous)), html.EscapeString(span(sum.LastYear)))

	th := `style="text-align:right;padding:6px 8px;border-bottom:2px solid #d1d5db;font-size:13px"`
	thl := `style="text-align:left;padding:6px 8px;border-bottom:2px solid #d1d5db;font-size:13px"`
	td := `style="text-align:right;padding:6px 8px;border-bottom:1px solid #e5e7eb;font-size:14px;white-space:nowrap"`
	tdl := `style="text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb;font-size:14px"`
	if len(sum.Totals) == 0 {
		t.WriteString("\nAucun restaurant dans ce périmètre.\n")
		h.WriteString(`<p>Aucun restaurant dans ce périmètre.</p>`)
	}
	for _, tot := range sum.Totals {
		heading := "Montants en " + tot.Currency
		if tot.Restaurants > 1 {
			heading += fmt.Sprintf(" (%d restaurants)", tot.Restaurants)
		} else {
			heading += " (1 restaurant)"
		}
		fmt.Fprintf(&t, "\n== %s ==\n", heading)
		fmt.Fprintf(&h, `<h2 style="font-size:16px;margin:24px 0 8px">%s</h2>`, html.EscapeString(heading))
		fmt.Fprintf(&h, `<table role="table" aria-label="%s" style="border-collapse:collapse;width:100%%">`+
			`<thead><tr><th scope="col" %s>Indicateur</th><th scope="col" %s>Période</th><th scope="col" %s>%s</th><th scope="col" %s>Évolution</th><th scope="col" %s>Année précédente</th><th scope="col" %s>Évolution</th></tr></thead><tbody>`,
			html.EscapeString(heading), thl, th, th, html.EscapeString(prevLabel), th, th, th)
		for _, l := range lines {
			cur, prev, ly := l.format(tot.Current, tot.Currency), l.format(tot.Previous, tot.Currency), l.format(tot.LastYear, tot.Currency)
			ep, ey := evolution(l.value(tot.Current), l.value(tot.Previous)), evolution(l.value(tot.Current), l.value(tot.LastYear))
			fmt.Fprintf(&t, "%s : %s (%s : %s, %s ; année précédente : %s, %s)\n", l.label, cur, prevShort, prev, ep, ly, ey)
			fmt.Fprintf(&h, `<tr><th scope="row" %s>%s</th><td %s><strong>%s</strong></td><td %s>%s</td><td %s>%s</td><td %s>%s</td><td %s>%s</td></tr>`,
				tdl, html.EscapeString(l.label), td, html.EscapeString(cur), td, html.EscapeString(prev), trendStyle(td, ep), html.EscapeString(ep), td, html.EscapeString(ly), trendStyle(td, ey), html.EscapeString(ey))
		}
		h.WriteString(`</tbody></table>`)

		// The currency's best restaurants, when it has several.
		var rs []reports.FlashRestaurant
		for _, r := range sum.Restaurants {
			if r.Currency == tot.Currency && (r.Current.Orders != 0 || r.Current.RevenueCents != 0) {
				rs = append(rs, r)
			}
		}
		if len(rs) == 0 || tot.Restaurants < 2 {
			continue
		}
		slices.SortStableFunc(rs, func(a, b reports.FlashRestaurant) int {
			switch {
			case a.Current.RevenueCents > b.Current.RevenueCents:
				return -1
			case a.Current.RevenueCents < b.Current.RevenueCents:
				return 1
			}
			return 0
		})
		rs = rs[:min(len(rs), topRestaurants)]
		sub := fmt.Sprintf("Meilleurs restaurants (%s)", tot.Currency)
		fmt.Fprintf(&t, "\n%s :\n", sub)
		fmt.Fprintf(&h, `<table role="table" style="border-collapse:collapse;width:100%%;margin-top:16px"><caption style="text-align:left;font-size:13px;color:#4b5563;padding-bottom:4px">%s</caption>`+
			`<thead><tr><th scope="col" %s>Restaurant</th><th scope="col" %s>CA TTC</th><th scope="col" %s>Commandes</th><th scope="col" %s>Panier moyen</th><th scope="col" %s>Évolution %s</th></tr></thead><tbody>`,
			html.EscapeString(sub), thl, th, th, th, th, html.EscapeString(prevShort))
		for i, r := range rs {
			rev, basket := reports.FrenchMoney(r.Current.RevenueCents, r.Currency), reports.FrenchMoney(r.Current.AverageBasketCents, r.Currency)
			ep := evolution(r.Current.RevenueCents, r.Previous.RevenueCents)
			fmt.Fprintf(&t, "%d. %s : %s, %s, panier %s (%s %s)\n", i+1, r.Name, rev, ordersText(r.Current.Orders), basket, prevShort, ep)
			fmt.Fprintf(&h, `<tr><th scope="row" %s>%s</th><td %s>%s</td><td %s>%s</td><td %s>%s</td><td %s>%s</td></tr>`,
				tdl, html.EscapeString(r.Name), td, html.EscapeString(rev), td, count(r.Current.Orders), td, html.EscapeString(basket), trendStyle(td, ep), html.EscapeString(ep))
		}
		h.WriteString(`</tbody></table>`)
	}
	fmt.Fprintf(&t, "\nVoir le flash du jour : %s\n", link)
	fmt.Fprintf(&h, `<p style="margin:24px 0"><a href="%s" style="display:inline-block;background:#1565c0;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">Voir le flash du jour</a></p>`, html.EscapeString(link))
	note := "Vous recevez ce résumé parce que vous y êtes abonné dans Brigade. Pour ne plus le recevoir, ouvrez le flash du jour, «\u00a0Recevoir par e-mail\u00a0», et supprimez l'abonnement."
	fmt.Fprintf(&t, "\n--\n%s\n", note)
	fmt.Fprintf(&h, `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">%s</p></div></body></html>`, html.EscapeString(note))
	return t.String(), h.String()
}
