package reports

import (
	"bufio"
	"context"
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xuri/excelize/v2"

	"brigade/internal/export"
	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

// ---- Export comptable (issue 18): the sales journal per day and restaurant ----

// AccountingMaxDays is the longest period of one accounting export.
const AccountingMaxDays = 366

// ErrAccountingRange refuses a period over AccountingMaxDays.
var ErrAccountingRange = &tenancy.ValidationError{Field: "query.end", Message: "L'export comptable couvre 366 jours au plus : exportez l'année en plusieurs fois."}

// AccountingMethod is a payment method column of the journal.
type AccountingMethod struct {
	Code  string `json:"code" example:"cb"`
	Label string `json:"label" example:"Carte bancaire"`
}

// AccountingLine is one business day of one restaurant (cents). Identities:
// sum of HT + sum of VAT = TTC = sum of the payments; TTC includes the fees
// and is net of the discounts.
type AccountingLine struct {
	Date         string  `json:"date" format:"date"`
	RestaurantID int64   `json:"restaurantId"`
	Restaurant   string  `json:"restaurant"`
	Siret        string  `json:"siret"`
	Currency     string  `json:"currency"`
	HT           []int64 `json:"htCents" doc:"HT par taux, dans l'ordre de rates"`
	VAT          []int64 `json:"vatCents" doc:"TVA par taux, dans l'ordre de rates"`
	TotalHT      int64   `json:"totalHtCents"`
	TotalVAT     int64   `json:"totalVatCents"`
	TTC          int64   `json:"ttcCents"`
	Discount     int64   `json:"discountCents"`
	Fees         int64   `json:"feesCents"`
	Payments     []int64 `json:"paymentsCents" doc:"Par moyen de paiement, dans l'ordre de methods"`
	Orders       int64   `json:"orders"`
	day          int64
}

// AccountingColumn documents one column of the journal as written in the
// files.
type AccountingColumn struct {
	Header string `json:"header"`
	Kind   string `json:"kind" enum:"date,text,money,count"`
	Doc    string `json:"doc"`
}

// Accounting is the journal of a period: the restaurants of one currency,
// one line per business day with paid orders and restaurant, by date then
// restaurant.
type Accounting struct {
	Coverage
	Start      string             `json:"start" format:"date"`
	End        string             `json:"end" format:"date"`
	Rates      []int              `json:"rates" doc:"Taux de TVA présents sur la période, en points de base"`
	Methods    []AccountingMethod `json:"methods" doc:"Moyens de paiement présents sur la période"`
	Columns    []AccountingColumn `json:"columns"`
	Lines      []AccountingLine   `json:"lines"`
	TotalLines int                `json:"totalLines" doc:"Nombre de lignes du journal (l'aperçu n'en donne que les premières)"`
}

// Accounting computes the journal from the rollups: four grouped reads
// (VAT, payments, restaurant and order cells per restaurant and day),
// whatever the number of restaurants and days.
func (s *Service) Accounting(ctx context.Context, p tenancy.Principal, f Filter) (Accounting, error) {
	out, sc, err := s.accountingScope(ctx, p, f)
	if err != nil {
		return out, err
	}
	days, rates, methods, err := s.accountingDays(ctx, sc, f.Range)
	if err != nil {
		return out, err
	}
	out.Rates, out.Methods = sortedRateKeys(rates), sortedMethods(methods)
	out.Lines = accountingLines(sc, out.Currency, days, out.Rates, out.Methods)
	out.TotalLines = len(out.Lines)
	out.Columns = AccountingColumns(out.Rates, out.Methods, out.Currency)
	return out, nil
}

// AccountingPreview is the journal's columns, its number of lines and its
// first limit lines, without reading the whole period day by day: the
// rates and methods come from the period's month rows, the count from the
// restaurant cells, and the lines from the first days only (a week, then
// twice as many days until there are enough lines).
func (s *Service) AccountingPreview(ctx context.Context, p tenancy.Principal, f Filter, limit int) (Accounting, error) {
	out, sc, err := s.accountingScope(ctx, p, f)
	if err != nil {
		return out, err
	}
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	rates, methods := map[int]bool{}, map[string]bool{}
	vat, err := s.orders.Sum(ctx, listed, orders.DimVAT, f.Range, orders.ByKey, "", orders.MN)
	if err != nil {
		return out, err
	}
	for _, c := range vat {
		rate, _ := strconv.Atoi(splitKey(c.Key, orders.Sep, 2)[1])
		rates[rate] = true
	}
	pay, err := s.orders.Sum(ctx, listed, orders.DimPayments, f.Range, orders.ByKey, "", orders.MN)
	if err != nil {
		return out, err
	}
	for _, c := range pay {
		methods[splitKey(c.Key, orders.Sep, 2)[1]] = true
	}
	rest, err := s.orders.Sum(ctx, listed, orders.DimRestaurant, f.Range, orders.ByRestaurantDay, "", orders.MN)
	if err != nil {
		return out, err
	}
	for _, c := range rest {
		if c.N != 0 {
			out.TotalLines++
		}
	}
	out.Rates, out.Methods = sortedRateKeys(rates), sortedMethods(methods)
	out.Columns = AccountingColumns(out.Rates, out.Methods, out.Currency)
	for n := 7; limit > 0; n *= 2 {
		r := orders.Range{Start: f.Range.Start, End: min(f.Range.End, orders.AddDays(f.Range.Start, n-1))}
		days, _, _, err := s.accountingDays(ctx, sc, r)
		if err != nil {
			return out, err
		}
		out.Lines = accountingLines(sc, out.Currency, days, out.Rates, out.Methods)
		if len(out.Lines) >= limit || r.End == f.Range.End {
			break
		}
	}
	if len(out.Lines) > limit {
		out.Lines = out.Lines[:limit]
	}
	return out, nil
}

// accountingScope checks the period and resolves the restaurants of one
// currency the journal covers.
func (s *Service) accountingScope(ctx context.Context, p tenancy.Principal, f Filter) (Accounting, scope, error) {
	if f.Range.End >= f.Range.Start && f.Range.Days() > AccountingMaxDays {
		return Accounting{}, scope{}, ErrAccountingRange
	}
	sc, cov, err := s.money(ctx, p, f)
	out := Accounting{Coverage: cov, Start: orders.FormatDate(f.Range.Start), End: orders.FormatDate(f.Range.End), Rates: []int{}, Methods: []AccountingMethod{}, Lines: []AccountingLine{}, Columns: []AccountingColumn{}}
	return out, sc, err
}

type dayKey struct{ rest, day int64 }

// dayFigures are one restaurant's paid orders of one day.
type dayFigures struct {
	ht, vat  map[int]int64
	pay      map[string]int64
	ttc      int64
	discount int64
	fees     int64
	n        int64
}

// accountingDays reads the day cells of the period per restaurant and day,
// with the VAT rates and payment methods met.
func (s *Service) accountingDays(ctx context.Context, sc scope, r orders.Range) (map[dayKey]*dayFigures, map[int]bool, map[string]bool, error) {
	listed := sc.Scope
	listed.Restaurants = sc.ids()
	days := map[dayKey]*dayFigures{}
	get := func(c orders.Cell) *dayFigures {
		k := dayKey{c.Restaurant, c.Period}
		a := days[k]
		if a == nil {
			a = &dayFigures{ht: map[int]int64{}, vat: map[int]int64{}, pay: map[string]int64{}}
			days[k] = a
		}
		return a
	}
	rates := map[int]bool{}
	methods := map[string]bool{}
	// Four reads at once, each its cells folded under the lock: the vat
	// and pay cells summed per rate or method in SQL (the equipment
	// dropped), the paid orders' fees per restaurant and day.
	var mu sync.Mutex
	read := func(dim string, g orders.Group, prefix string, fold func(orders.Cell), only ...orders.Metric) func() error {
		return func() error {
			cells, err := s.orders.Sum(ctx, listed, dim, r, g, prefix, only...)
			mu.Lock()
			defer mu.Unlock()
			for _, c := range cells {
				fold(c)
			}
			return err
		}
	}
	err := concurrently(
		read(orders.DimRestaurant, orders.ByRestaurantDay, "", func(c orders.Cell) {
			a := get(c)
			a.n += c.N
			a.ttc += c.Total
			a.discount += c.Discount
		}, orders.MTotal, orders.MDiscount),
		read(orders.DimVAT, orders.ByRestaurantDayTail, "", func(c orders.Cell) {
			rate, _ := strconv.Atoi(c.Key)
			a := get(c)
			a.ht[rate] += c.HT
			a.vat[rate] += c.VAT
			rates[rate] = true
		}, orders.MHT, orders.MVAT),
		read(orders.DimPayments, orders.ByRestaurantDayTail, "", func(c orders.Cell) {
			get(c).pay[c.Key] += c.Total
			methods[c.Key] = true
		}, orders.MTotal),
		read(orders.DimOrders, orders.ByRestaurantDayTotal, orders.StatusPaid+"|", func(c orders.Cell) {
			if c.Fees != 0 {
				get(c).fees += c.Fees
			}
		}, orders.MFees),
	)
	if err != nil {
		return nil, nil, nil, err
	}
	return days, rates, methods, nil
}

func sortedRateKeys(rates map[int]bool) []int {
	out := make([]int, 0, len(rates))
	for r := range rates {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// sortedMethods lists the methods met in the order of orders.PaymentMethods,
// then any other by code.
func sortedMethods(methods map[string]bool) []AccountingMethod {
	out := []AccountingMethod{}
	for _, m := range orders.PaymentMethods {
		if methods[m.Code] {
			out = append(out, AccountingMethod{Code: m.Code, Label: m.Label})
		}
	}
	var unknown []string
	for m := range methods {
		if orders.MethodLabel(m) == m {
			unknown = append(unknown, m)
		}
	}
	slices.Sort(unknown)
	for _, m := range unknown {
		out = append(out, AccountingMethod{Code: m, Label: m})
	}
	return out
}

// accountingLines turns the day figures into the journal's lines, by date
// then restaurant.
func accountingLines(sc scope, currency string, days map[dayKey]*dayFigures, rates []int, methods []AccountingMethod) []AccountingLine {
	info := make(map[int64]tenancy.Restaurant, len(sc.restaurants))
	for _, x := range sc.restaurants {
		info[x.ID] = x
	}
	lines := make([]AccountingLine, 0, len(days))
	for k, a := range days {
		if a.n == 0 && a.ttc == 0 {
			continue
		}
		l := AccountingLine{Date: orders.FormatDate(k.day), day: k.day, RestaurantID: k.rest, Restaurant: sc.name(k.rest), Siret: info[k.rest].Siret, Currency: currency,
			HT: make([]int64, len(rates)), VAT: make([]int64, len(rates)), Payments: make([]int64, len(methods)),
			TTC: a.ttc, Discount: a.discount, Fees: a.fees, Orders: a.n}
		for i, r := range rates {
			l.HT[i], l.VAT[i] = a.ht[r], a.vat[r]
			l.TotalHT += a.ht[r]
			l.TotalVAT += a.vat[r]
		}
		for i, m := range methods {
			l.Payments[i] = a.pay[m.Code]
		}
		lines = append(lines, l)
	}
	slices.SortFunc(lines, func(a, b AccountingLine) int {
		if a.day != b.day {
			return int(a.day - b.day)
		}
		if c := strings.Compare(a.Restaurant, b.Restaurant); c != 0 {
			return c
		}
		return int(a.RestaurantID - b.RestaurantID)
	})
	return lines
}

// AccountingColumns are the journal's columns, in order, as the files
// write them:
//
//	Date                 business day, JJ/MM/AAAA (a date cell in xlsx)
//	Restaurant           the restaurant's name
//	SIRET                its SIRET (empty when unknown)
//	Devise               ISO 4217 code of every amount of the line
//	HT {taux}            HT sold at that VAT rate, one column per rate present in the period
//	Total HT             the HT columns added up
//	TVA {taux}           VAT collected at that rate, one column per rate
//	Total TVA            the VAT columns added up
//	TTC                  paid orders' total, fees included, discounts deducted (= Total HT + Total TVA)
//	Remises              discounts granted (TTC, already deducted from TTC)
//	Frais                delivery and service fees (TTC, included in TTC)
//	{moyen de paiement}  amount collected per payment method present (their sum = TTC)
//	Nb commandes         paid orders
func AccountingColumns(rates []int, methods []AccountingMethod, currency string) []AccountingColumn {
	cols := []AccountingColumn{
		{"Date", "date", "Jour d'exploitation (JJ/MM/AAAA)"},
		{"Restaurant", "text", "Nom du restaurant"},
		{"SIRET", "text", "SIRET du restaurant (vide s'il n'est pas renseigné)"},
		{"Devise", "text", "Code ISO 4217 de tous les montants de la ligne (" + currency + ")"},
	}
	for _, r := range rates {
		cols = append(cols, AccountingColumn{"HT " + FrenchRate(r), "money", "Chiffre d'affaires hors taxes au taux de " + FrenchRate(r)})
	}
	cols = append(cols, AccountingColumn{"Total HT", "money", "Somme des colonnes HT"})
	for _, r := range rates {
		cols = append(cols, AccountingColumn{"TVA " + FrenchRate(r), "money", "TVA collectée au taux de " + FrenchRate(r)})
	}
	cols = append(cols,
		AccountingColumn{"Total TVA", "money", "Somme des colonnes TVA"},
		AccountingColumn{"TTC", "money", "Total TTC des commandes payées, frais compris, remises déduites (= Total HT + Total TVA)"},
		AccountingColumn{"Remises", "money", "Réductions accordées (TTC, déjà déduites du TTC)"},
		AccountingColumn{"Frais", "money", "Frais de livraison et de gestion (TTC, compris dans le TTC)"},
	)
	for _, m := range methods {
		cols = append(cols, AccountingColumn{m.Label, "money", "Encaissé en " + strings.ToLower(m.Label) + " (la somme des moyens de paiement vaut le TTC)"})
	}
	return append(cols, AccountingColumn{"Nb commandes", "count", "Nombre de commandes payées"})
}

// values are the line's cells after the four naming columns: amounts in
// cents, then the count.
func (l AccountingLine) values() []int64 {
	v := make([]int64, 0, 2*len(l.HT)+7+len(l.Payments))
	v = append(v, l.HT...)
	v = append(v, l.TotalHT)
	v = append(v, l.VAT...)
	v = append(v, l.TotalVAT, l.TTC, l.Discount, l.Fees)
	v = append(v, l.Payments...)
	return append(v, l.Orders)
}

// AccountingFileName is the export's file name, ASCII only:
// « journal-comptable_2026-10-01_2026-10-31_EUR.csv ».
func AccountingFileName(a Accounting, format string) string {
	return "journal-comptable_" + a.Start + "_" + a.End + "_" + a.Currency + "." + format
}

// WriteAccountingCSV writes the journal as a French accountant's software
// imports it: UTF-8 with a BOM, « ; » between fields, CRLF line ends,
// dates JJ/MM/AAAA, amounts with a decimal comma and no thousands
// separator (1234,56). Lines are written as they go (no whole file in
// memory).
func WriteAccountingCSV(w io.Writer, a Accounting) error {
	bw := bufio.NewWriterSize(w, 32<<10)
	if _, err := bw.WriteString("\ufeff"); err != nil {
		return err
	}
	cw := csv.NewWriter(bw)
	cw.Comma = ';'
	cw.UseCRLF = true
	header := make([]string, len(a.Columns))
	for i, c := range a.Columns {
		header[i] = c.Header
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, len(a.Columns))
	for _, l := range a.Lines {
		rec = rec[:0]
		rec = append(rec, FrenchDate(l.day), l.Restaurant, l.Siret, l.Currency)
		vals := l.values()
		for i, v := range vals {
			if i == len(vals)-1 {
				rec = append(rec, strconv.FormatInt(v, 10))
			} else {
				rec = append(rec, plainAmount(v))
			}
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// plainAmount writes cents as 1234,56: what accounting software reads.
func plainAmount(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return sign + strconv.FormatInt(c/100, 10) + "," + strconv.FormatInt(100+c%100, 10)[1:]
}

// AccountingSheet is the journal's sheet; AccountingColumnsSheet documents
// its columns.
const (
	AccountingSheet        = "Journal"
	AccountingColumnsSheet = "Colonnes"
)

// WriteAccountingXLSX writes the journal as a workbook: real numbers with
// the « #,##0.00 » format (Excel shows 1 234,56 in French), real dates
// (JJ/MM/AAAA), the header frozen, and a second sheet documenting the
// columns. Rows go through excelize's StreamWriter.
func WriteAccountingXLSX(w io.Writer, a Accounting) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName(f.GetSheetName(0), AccountingSheet); err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"EEF1F6"}}})
	if err != nil {
		return err
	}
	moneyFmt := "#,##0.00"
	money, err := f.NewStyle(&excelize.Style{CustomNumFmt: &moneyFmt})
	if err != nil {
		return err
	}
	dateFmt := "dd/mm/yyyy"
	dateStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &dateFmt})
	if err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(AccountingSheet)
	if err != nil {
		return err
	}
	for i, c := range a.Columns {
		px := 110
		switch c.Kind {
		case "date":
			px = 90
		case "text":
			px = 160
		case "count":
			px = 100
		}
		if c.Header == "Devise" {
			px = 60
		}
		if err := sw.SetColWidth(i+1, i+1, export.WidthUnits(px)); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	header := make([]any, len(a.Columns))
	for i, c := range a.Columns {
		header[i] = excelize.Cell{StyleID: bold, Value: c.Header}
	}
	if err := sw.SetRow("A1", header); err != nil {
		return err
	}
	row := make([]any, 0, len(a.Columns))
	for n, l := range a.Lines {
		row = row[:0]
		d := time.Date(int(l.day/10000), time.Month(l.day/100%100), int(l.day%100), 0, 0, 0, 0, time.UTC)
		row = append(row, excelize.Cell{StyleID: dateStyle, Value: d}, l.Restaurant, l.Siret, l.Currency)
		vals := l.values()
		for i, v := range vals {
			if i == len(vals)-1 {
				row = append(row, v)
			} else {
				row = append(row, excelize.Cell{StyleID: money, Value: float64(v) / 100})
			}
		}
		cell, err := excelize.CoordinatesToCellName(1, n+2)
		if err != nil {
			return err
		}
		if err := sw.SetRow(cell, row); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	if _, err := f.NewSheet(AccountingColumnsSheet); err != nil {
		return err
	}
	doc, err := f.NewStreamWriter(AccountingColumnsSheet)
	if err != nil {
		return err
	}
	if err := doc.SetColWidth(1, 1, export.WidthUnits(160)); err != nil {
		return err
	}
	if err := doc.SetColWidth(2, 2, export.WidthUnits(600)); err != nil {
		return err
	}
	if err := doc.SetRow("A1", []any{excelize.Cell{StyleID: bold, Value: "Colonne"}, excelize.Cell{StyleID: bold, Value: "Contenu"}}); err != nil {
		return err
	}
	for i, c := range a.Columns {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := doc.SetRow(cell, []any{c.Header, c.Doc}); err != nil {
			return err
		}
	}
	if err := doc.Flush(); err != nil {
		return err
	}
	return f.Write(w)
}
