package reports_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// rawLine is a journal line recomputed from the orders as posted.
type rawLine struct {
	ht, vat  map[int]int64
	pay      map[string]int64
	ttc      int64
	discount int64
	fees     int64
	n        int64
}

// rawJournal recomputes the accounting journal: paid orders of the range
// in the restaurants of ids, per restaurant and business day.
func rawJournal(w world, r orders.Range, ids map[int64]bool) map[string]*rawLine {
	out := map[string]*rawLine{}
	for _, p := range w.pick(r, 0) {
		if p.o.Status != orders.StatusPaid || !ids[p.dev.Restaurant.ID] {
			continue
		}
		k := fmt.Sprintf("%d/%s", p.dev.Restaurant.ID, orders.FormatDate(p.day))
		l := out[k]
		if l == nil {
			l = &rawLine{ht: map[int]int64{}, vat: map[int]int64{}, pay: map[string]int64{}}
			out[k] = l
		}
		l.n++
		l.ttc += p.o.Total
		l.discount += discount(p.o)
		l.fees += p.o.Fees
		for _, v := range p.o.VAT {
			l.ht[v.Rate] += v.HT
			l.vat[v.Rate] += v.VAT
		}
		for _, pay := range p.o.Payments {
			l.pay[pay.Method] += pay.Amount
		}
	}
	return out
}

// checkJournal compares a journal with the raw lines, to the cent, and
// checks its identities.
func checkJournal(t *testing.T, name string, a reports.Accounting, want map[string]*rawLine) {
	t.Helper()
	if len(a.Lines) != len(want) || a.TotalLines != len(want) {
		t.Errorf("%s: %d lines (total %d), raw %d", name, len(a.Lines), a.TotalLines, len(want))
	}
	if len(want) == 0 {
		t.Fatalf("%s: nothing to compare", name)
	}
	for i, l := range a.Lines {
		if i > 0 && l.Date < a.Lines[i-1].Date {
			t.Errorf("%s: line %d out of date order", name, i)
		}
		raw := want[fmt.Sprintf("%d/%s", l.RestaurantID, l.Date)]
		if raw == nil {
			t.Errorf("%s: unexpected line %s %s", name, l.Date, l.Restaurant)
			continue
		}
		got := rawLine{ht: map[int]int64{}, vat: map[int]int64{}, pay: map[string]int64{}, ttc: l.TTC, discount: l.Discount, fees: l.Fees, n: l.Orders}
		var sumHT, sumVAT, sumPay int64
		for i, r := range a.Rates {
			if l.HT[i] != 0 || l.VAT[i] != 0 {
				got.ht[r], got.vat[r] = l.HT[i], l.VAT[i]
			}
			sumHT += l.HT[i]
			sumVAT += l.VAT[i]
		}
		for i, m := range a.Methods {
			if l.Payments[i] != 0 {
				got.pay[m.Code] = l.Payments[i]
			}
			sumPay += l.Payments[i]
		}
		for r, v := range raw.ht {
			if v == 0 && raw.vat[r] == 0 {
				delete(raw.ht, r)
				delete(raw.vat, r)
			}
		}
		if !reflect.DeepEqual(got, *raw) {
			t.Errorf("%s %s %s: got %+v, raw %+v", name, l.Date, l.Restaurant, got, *raw)
		}
		if sumHT != l.TotalHT || sumVAT != l.TotalVAT || l.TotalHT+l.TotalVAT != l.TTC || sumPay != l.TTC {
			t.Errorf("%s %s %s: HT %d + TVA %d ≠ TTC %d or payments %d", name, l.Date, l.Restaurant, l.TotalHT, l.TotalVAT, l.TTC, sumPay)
		}
		if l.Currency != a.Currency {
			t.Errorf("%s: line in %s, journal in %s", name, l.Currency, a.Currency)
		}
	}
}

// cents reads 1234,56 (or 1234.56 from a spreadsheet number) as cents.
func cents(t *testing.T, s string) int64 {
	t.Helper()
	f, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	if f < 0 {
		return int64(f*100 - 0.5)
	}
	return int64(f*100 + 0.5)
}

// lineCells are a journal line's expected cells after the naming columns.
func lineCells(a reports.Accounting, l reports.AccountingLine) []int64 {
	v := append([]int64{}, l.HT...)
	v = append(v, l.TotalHT)
	v = append(v, l.VAT...)
	v = append(v, l.TotalVAT, l.TTC, l.Discount, l.Fees)
	v = append(v, l.Payments...)
	return append(v, l.Orders)
}

func frenchDate(d string) string { return d[8:10] + "/" + d[5:7] + "/" + d[0:4] }

// checkCSV parses the CSV back and compares every cell with the journal.
func checkCSV(t *testing.T, name string, a reports.Accounting) {
	t.Helper()
	var buf bytes.Buffer
	if err := reports.WriteAccountingCSV(&buf, a); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if !bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		t.Fatalf("%s CSV: no BOM", name)
	}
	if n, crlf := bytes.Count(b, []byte("\n")), bytes.Count(b, []byte("\r\n")); n != crlf || n != len(a.Lines)+1 {
		t.Errorf("%s CSV: %d lines, %d CRLF, want %d", name, n, crlf, len(a.Lines)+1)
	}
	r := csv.NewReader(bytes.NewReader(b[3:]))
	r.Comma = ';'
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(a.Lines)+1 {
		t.Fatalf("%s CSV: %d records", name, len(recs))
	}
	if recs[0][0] != "Date" || recs[0][2] != "SIRET" || recs[0][len(recs[0])-1] != "Nb commandes" || len(recs[0]) != len(a.Columns) {
		t.Errorf("%s CSV header: %v", name, recs[0])
	}
	for i, l := range a.Lines {
		rec := recs[i+1]
		if rec[0] != frenchDate(l.Date) || rec[1] != l.Restaurant || rec[2] != l.Siret || rec[3] != l.Currency {
			t.Errorf("%s CSV line %d: %v", name, i, rec[:4])
		}
		want := lineCells(a, l)
		for j, v := range want {
			cell := rec[4+j]
			if j < len(want)-1 && (!strings.Contains(cell, ",") || strings.Contains(cell, ".")) {
				t.Errorf("%s CSV: amount %q without a decimal comma", name, cell)
			}
			if got := cents(t, cell); j < len(want)-1 && got != v || j == len(want)-1 && cell != strconv.FormatInt(v, 10) {
				t.Errorf("%s CSV line %d column %s: %q, want %d", name, i, a.Columns[4+j].Header, cell, v)
			}
		}
	}
}

// checkXLSX reads the workbook back: numbers are number cells, dates are
// dates, and every figure matches the journal.
func checkXLSX(t *testing.T, name string, a reports.Accounting) {
	t.Helper()
	var buf bytes.Buffer
	if err := reports.WriteAccountingXLSX(&buf, a); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); !reflect.DeepEqual(got, []string{reports.AccountingSheet, reports.AccountingColumnsSheet}) {
		t.Errorf("%s xlsx sheets: %v", name, got)
	}
	rows, err := f.GetRows(reports.AccountingSheet, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(a.Lines)+1 {
		t.Fatalf("%s xlsx: %d rows", name, len(rows))
	}
	for i, l := range a.Lines {
		row := i + 2
		a1, _ := excelize.CoordinatesToCellName(1, row)
		if shown, _ := f.GetCellValue(reports.AccountingSheet, a1); shown != frenchDate(l.Date) {
			t.Errorf("%s xlsx %s shows %q, want %s", name, a1, shown, frenchDate(l.Date))
		}
		serial, err := strconv.ParseFloat(rows[i+1][0], 64)
		if err != nil {
			t.Errorf("%s xlsx %s: date not a number: %q", name, a1, rows[i+1][0])
		} else if d, _ := excelize.ExcelDateToTime(serial, false); d.Format("2006-01-02") != l.Date {
			t.Errorf("%s xlsx %s: date %v, want %s", name, a1, d, l.Date)
		}
		want := lineCells(a, l)
		for j, v := range want {
			cell, _ := excelize.CoordinatesToCellName(5+j, row)
			typ, err := f.GetCellType(reports.AccountingSheet, cell)
			if err != nil || (typ != excelize.CellTypeNumber && typ != excelize.CellTypeUnset) {
				t.Errorf("%s xlsx %s: type %v %v, want a number", name, cell, typ, err)
			}
			raw := rows[i+1][4+j]
			if got := cents(t, raw); j < len(want)-1 && got != v || j == len(want)-1 && raw != strconv.FormatInt(v, 10) {
				t.Errorf("%s xlsx %s (%s): %q, want %d", name, cell, a.Columns[4+j].Header, raw, v)
			}
		}
	}
	if len(a.Lines) > 0 {
		style, _ := f.GetCellStyle(reports.AccountingSheet, "E2")
		st, _ := f.GetStyle(style)
		if st == nil || st.CustomNumFmt == nil || *st.CustomNumFmt != "#,##0.00" {
			t.Errorf("%s xlsx E2: number format %+v", name, st)
		}
	}
}

// TestAccountingEqualsRawOrders: every line of the journal, for each
// currency of the franchise and for one restaurant, recomputed from the
// raw orders on both engines, to the cent; the CSV and the workbook read
// back give the same figures.
func TestAccountingEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newWorld(t, engine)
		ctx := context.Background()
		r := orders.Range{Start: 20260125, End: 20260308}
		first, err := w.svc.Accounting(ctx, w.admin, reports.Filter{Range: r})
		if err != nil {
			t.Fatal(err)
		}
		if len(first.Currencies) < 2 {
			t.Fatalf("only %v: the test needs several currencies", first.Currencies)
		}
		for _, c := range first.Currencies {
			a, err := w.svc.Accounting(ctx, w.admin, reports.Filter{Range: r, Currency: c.Code})
			if err != nil {
				t.Fatal(err)
			}
			if a.Currency != c.Code {
				t.Fatalf("asked %s, got %s", c.Code, a.Currency)
			}
			ids := map[int64]bool{}
			for _, s := range w.shops {
				if s.Restaurant.Currency("EUR") == c.Code {
					ids[s.Restaurant.ID] = true
				}
			}
			checkJournal(t, c.Code, a, rawJournal(w, r, ids))
			checkCSV(t, c.Code, a)
			checkXLSX(t, c.Code, a)
			// The preview: the same columns and count, the first lines.
			for _, limit := range []int{5, 40, 10000} {
				pv, err := w.svc.AccountingPreview(ctx, w.admin, reports.Filter{Range: r, Currency: c.Code}, limit)
				if err != nil {
					t.Fatal(err)
				}
				want := a.Lines[:min(limit, len(a.Lines))]
				if pv.TotalLines != a.TotalLines || !reflect.DeepEqual(pv.Columns, a.Columns) || !reflect.DeepEqual(pv.Lines, want) || pv.Currency != a.Currency {
					t.Errorf("%s preview %d: %d lines of %d, columns %v; journal %d lines of %d", c.Code, limit, len(pv.Lines), pv.TotalLines, len(pv.Columns), len(want), a.TotalLines)
				}
			}
		}
		one := w.shops[1].Restaurant
		a, err := w.svc.Accounting(ctx, w.admin, reports.Filter{Range: r, RestaurantID: one.ID})
		if err != nil {
			t.Fatal(err)
		}
		checkJournal(t, one.Nom, a, rawJournal(w, r, map[int64]bool{one.ID: true}))
		for _, l := range a.Lines {
			if l.Siret != one.Siret || l.Siret == "" {
				t.Errorf("SIRET %q, want %q", l.Siret, one.Siret)
			}
		}
		if _, err := w.svc.Accounting(ctx, w.admin, reports.Filter{Range: orders.Range{Start: 20250101, End: 20260102}}); err == nil {
			t.Error("a period of 367 days is refused")
		}
	})
}

// TestAccountingScope: another franchise's admin sees nothing of this
// one; a restaurant login only its restaurant.
func TestAccountingScope(t *testing.T) {
	w := newWorld(t, store.SQLite)
	ctx := context.Background()
	r := orders.Range{Start: 20260201, End: 20260228}
	mine := w.shops[0].Restaurant
	other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: w.admin.FranchiseID + 1}
	if _, err := w.svc.Accounting(ctx, other, reports.Filter{Range: r, RestaurantID: mine.ID}); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("another franchise's admin asking this franchise's restaurant: %v", err)
	}
	if a, err := w.svc.Accounting(ctx, other, reports.Filter{Range: r}); err != nil || len(a.Lines) != 0 {
		t.Errorf("another franchise's admin: %v, %d lines", err, len(a.Lines))
	}
	if _, err := w.svc.ZOfDay(ctx, other, mine.ID, 20260210, ""); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("another franchise's admin, Z of the day: %v", err)
	}
	resto := tenancy.Principal{Role: tenancy.RoleRestaurant, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine.ID}}
	if _, err := w.svc.Accounting(ctx, resto, reports.Filter{Range: r, RestaurantID: w.shops[1].Restaurant.ID}); !errors.Is(err, tenancy.ErrNotFound) {
		t.Errorf("restaurant login asking another restaurant: %v", err)
	}
	a, err := w.svc.Accounting(ctx, resto, reports.Filter{Range: r})
	if err != nil {
		t.Fatal(err)
	}
	checkJournal(t, "restaurant login", a, rawJournal(w, r, map[int64]bool{mine.ID: true}))
	z, err := w.svc.ZOfDay(ctx, resto, 0, 20260210, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(z.Restaurants) != 1 || z.Restaurants[0].RestaurantID != mine.ID {
		t.Errorf("restaurant login's Z of the day: %+v", z.Restaurants)
	}
}

// cp1252 is how the PDF's text stores s (Helvetica through fpdf's cp1252
// translator).
func cp1252(t *testing.T, s string) []byte {
	t.Helper()
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return b
}

var pageObject = regexp.MustCompile(`/Type /Page\b[^s]`)

// TestZOfDayEqualsRawOrders: the Z of a day per equipment (HT, VAT and TTC
// per rate, discounts, payments) and per restaurant (fees, cancellations)
// recomputed from the raw orders on both engines; the PDF has a page per
// equipment and one per restaurant, and shows the totals.
func TestZOfDayEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newWorld(t, engine)
		ctx := context.Background()
		reports.SetNow(w.svc, func() time.Time { return time.Date(2026, 3, 11, 6, 30, 0, 0, time.UTC) })
		day := int64(20260310)
		z, err := w.svc.ZOfDay(ctx, w.admin, 0, day, "")
		if err != nil {
			t.Fatal(err)
		}
		if z.Date != "2026-03-10" || z.Franchise == "" || z.Currency == "" {
			t.Fatalf("Z: %+v", z)
		}
		type eqWant struct {
			rates                     map[int]reports.ZRate
			pay                       map[string]int64
			total, discount, n, promo int64
		}
		type restWant struct {
			fees, cancelled, cancelledTotal, total, n int64
		}
		eqs := map[int64]*eqWant{}
		rests := map[int64]*restWant{}
		for _, p := range w.pick(orders.Range{Start: day, End: day}, 0) {
			if p.dev.Restaurant.Currency("EUR") != z.Currency {
				continue
			}
			rw := rests[p.dev.Restaurant.ID]
			if rw == nil {
				rw = &restWant{}
				rests[p.dev.Restaurant.ID] = rw
			}
			if p.o.Status != orders.StatusPaid {
				if orders.CountsAsCancelled(p.o.Status) {
					rw.cancelled++
					rw.cancelledTotal += p.o.Total
				}
				continue
			}
			rw.fees += p.o.Fees
			rw.total += p.o.Total
			rw.n++
			e := eqs[p.dev.Equipment.ID]
			if e == nil {
				e = &eqWant{rates: map[int]reports.ZRate{}, pay: map[string]int64{}}
				eqs[p.dev.Equipment.ID] = e
			}
			e.total += p.o.Total
			e.n++
			e.discount += discount(p.o)
			if discount(p.o) > 0 {
				e.promo++
			}
			for _, v := range p.o.VAT {
				r := e.rates[v.Rate]
				r.Rate = v.Rate
				r.HT += v.HT
				r.VAT += v.VAT
				r.TTC += v.TTC
				e.rates[v.Rate] = r
			}
			for _, pay := range p.o.Payments {
				e.pay[pay.Method] += pay.Amount
			}
		}
		if len(eqs) < 2 {
			t.Fatalf("only %d equipments sold on %d", len(eqs), day)
		}
		pages, seen := 0, 0
		for _, r := range z.Restaurants {
			pages += len(r.Equipments) + 1
			rw := rests[r.RestaurantID]
			if rw == nil {
				rw = &restWant{}
			}
			if r.Fees != rw.fees || r.Cancelled != rw.cancelled || r.CancelledTotal != rw.cancelledTotal || r.Total.TotalWithPlatform != rw.total || r.Total.Orders != rw.n {
				t.Errorf("%s: fees %d, cancelled %d (%d), total %d (%d orders); raw %+v", r.Name, r.Fees, r.Cancelled, r.CancelledTotal, r.Total.TotalWithPlatform, r.Total.Orders, *rw)
			}
			for _, e := range r.Equipments {
				seen++
				want := eqs[e.EquipmentID]
				if want == nil {
					t.Errorf("unexpected equipment %d", e.EquipmentID)
					continue
				}
				rates := map[int]reports.ZRate{}
				for _, x := range e.Rates {
					rates[x.Rate] = x
				}
				if !reflect.DeepEqual(rates, want.rates) || !reflect.DeepEqual(e.Payments, want.pay) || e.TotalWithPlatform != want.total ||
					e.Discount != want.discount || e.Orders != want.n || e.Promotions != want.promo {
					t.Errorf("%s %s: got %+v, raw %+v", r.Name, e.Equipment, e, *want)
				}
				if e.Kind == "" {
					t.Errorf("%s: no kind", e.Equipment)
				}
			}
		}
		if seen != len(eqs) {
			t.Errorf("%d equipments in the Z, raw %d", seen, len(eqs))
		}
		var buf bytes.Buffer
		if err := reports.WriteZPDF(&buf, z, reports.ZPDFOptions{Uncompressed: true}); err != nil {
			t.Fatal(err)
		}
		pdf := buf.Bytes()
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
			t.Fatal("not a PDF")
		}
		if n := len(pageObject.FindAll(pdf, -1)); n != pages {
			t.Errorf("PDF: %d pages, want %d", n, pages)
		}
		for _, r := range z.Restaurants {
			for _, s := range []string{r.Name, "Journée d'exploitation : mardi 10 mars 2026", "Total du restaurant", reports.FrenchMoney(r.Total.TotalWithPlatform, r.Currency), reports.FrenchMoney(r.Fees, r.Currency)} {
				if !bytes.Contains(pdf, cp1252(t, s)) {
					t.Errorf("PDF: no %q", s)
				}
			}
			for _, e := range r.Equipments {
				if !bytes.Contains(pdf, cp1252(t, reports.FrenchMoney(e.TotalWithPlatform, r.Currency))) || !bytes.Contains(pdf, cp1252(t, e.Equipment)) {
					t.Errorf("PDF: no total or name of %s", e.Equipment)
				}
			}
		}
		// Compressed (what the server sends), the same pages.
		buf.Reset()
		if err := reports.WriteZPDF(&buf, z, reports.ZPDFOptions{}); err != nil {
			t.Fatal(err)
		}
		if n := len(pageObject.FindAll(buf.Bytes(), -1)); n != pages || buf.Len() >= len(pdf) {
			t.Errorf("compressed PDF: %d pages, %d bytes (uncompressed %d)", n, buf.Len(), len(pdf))
		}
	})
}

func TestFrenchFormats(t *testing.T) {
	for c, want := range map[int64]string{0: "0,00", 5: "0,05", 123456: "1\u00a0234,56", -1234567: "-12\u00a0345,67", 100000000: "1\u00a0000\u00a0000,00"} {
		if got := reports.FrenchAmount(c); got != want {
			t.Errorf("FrenchAmount(%d) = %q, want %q", c, got, want)
		}
	}
	if got := reports.FrenchMoney(1250, "CHF"); got != "12,50\u00a0CHF" {
		t.Errorf("FrenchMoney = %q", got)
	}
	if got := reports.FrenchRate(550); got != "5,5\u00a0%" {
		t.Errorf("FrenchRate = %q", got)
	}
	if got := reports.FrenchLongDate(20261124); got != "mardi 24 novembre 2026" {
		t.Errorf("FrenchLongDate = %q", got)
	}
}
