package reports_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// readCSV parses a CSV export: BOM, `;`, CRLF.
func readCSV(t *testing.T, b []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("\ufeff")) {
		t.Fatalf("no UTF-8 BOM: %q", b[:min(len(b), 20)])
	}
	if i := bytes.IndexByte(b, '\n'); i < 1 || b[i-1] != '\r' {
		t.Fatalf("first line does not end in CRLF: %q", b[:min(len(b), 200)])
	}
	r := csv.NewReader(bytes.NewReader(b[3:]))
	r.Comma = ';'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// csvCents reads "1234,56" back into cents.
func csvCents(t *testing.T, s string) int64 {
	t.Helper()
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, ok := strings.Cut(s, ",")
	if !ok || len(frac) != 2 {
		t.Fatalf("amount %q is not written 1234,56", s)
	}
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		t.Fatalf("amount %q", s)
	}
	if neg {
		return -(w*100 + f)
	}
	return w*100 + f
}

// sheet is a worksheet read back: its cells' raw values, types and
// number formats.
type sheet struct {
	rows    [][]string
	types   [][]excelize.CellType
	formats [][]string
}

func readXLSX(t *testing.T, b []byte) (map[string]sheet, []string) {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]sheet{}
	for _, name := range f.GetSheetList() {
		rows, err := f.GetRows(name, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		s := sheet{rows: rows}
		for r, row := range rows {
			s.types = append(s.types, make([]excelize.CellType, len(row)))
			s.formats = append(s.formats, make([]string, len(row)))
			for c := range row {
				cell, _ := excelize.CoordinatesToCellName(c+1, r+1)
				s.types[r][c], _ = f.GetCellType(name, cell)
				id, _ := f.GetCellStyle(name, cell)
				if st, err := f.GetStyle(id); err == nil && st.CustomNumFmt != nil {
					s.formats[r][c] = *st.CustomNumFmt
				}
			}
		}
		out[name] = s
	}
	return out, f.GetSheetList()
}

// exported is a table written both ways and read back.
type exported struct {
	table reports.Table
	csv   [][]string
	xlsx  sheet
}

// exportBoth writes every table of an export as CSV (one file each) and
// all of them as one workbook, reads them back and checks that they say
// the same: headers, row counts, and every figure to the cent, numbers
// in the workbook with their column's number format.
func exportBoth(t *testing.T, svc *reports.Service, p tenancy.Principal, q reports.ExportQuery) (reports.Exported, map[string]exported) {
	t.Helper()
	ctx := context.Background()
	ex, err := svc.Export(ctx, p, q)
	if err != nil {
		t.Fatalf("%s: %v", q.Report, err)
	}
	var xb bytes.Buffer
	if err := reports.WriteXLSX(&xb, ex.Tables); err != nil {
		t.Fatal(err)
	}
	sheets, order := readXLSX(t, xb.Bytes())
	if len(order) != len(ex.Tables) {
		t.Fatalf("%s: %d sheets for %d tables", q.Report, len(order), len(ex.Tables))
	}
	out := map[string]exported{}
	for i, tb := range ex.Tables {
		var cb bytes.Buffer
		if err := reports.WriteCSV(&cb, tb); err != nil {
			t.Fatal(err)
		}
		e := exported{table: tb, csv: readCSV(t, cb.Bytes()), xlsx: sheets[order[i]]}
		name := q.Report + "/" + tb.Name
		if len(e.csv) != len(e.xlsx.rows) {
			t.Fatalf("%s: %d CSV lines, %d xlsx rows", name, len(e.csv), len(e.xlsx.rows))
		}
		for c, col := range tb.Columns {
			if e.csv[0][c] != col.Header() || e.xlsx.rows[0][c] != col.Header() {
				t.Errorf("%s: header %d %q / %q, want %q", name, c, e.csv[0][c], e.xlsx.rows[0][c], col.Header())
			}
			if col.Kind == reports.KindMoney && !strings.HasSuffix(col.Header(), "("+col.Currency+")") {
				t.Errorf("%s: money column %q does not name its currency", name, col.Header())
			}
		}
		for r := 1; r < len(e.csv); r++ {
			for c, col := range tb.Columns {
				cv := e.csv[r][c]
				var xv string
				if c < len(e.xlsx.rows[r]) {
					xv = e.xlsx.rows[r][c]
				}
				if col.Kind == reports.KindText || cv == "" {
					if cv != xv {
						t.Errorf("%s row %d col %s: CSV %q, xlsx %q", name, r, col.Key, cv, xv)
					}
					continue
				}
				if e.xlsx.types[r][c] != excelize.CellTypeUnset && e.xlsx.types[r][c] != excelize.CellTypeNumber {
					t.Errorf("%s row %d col %s: xlsx cell of type %v, not a number", name, r, col.Key, e.xlsx.types[r][c])
				}
				num, err := strconv.ParseFloat(xv, 64)
				if err != nil {
					t.Errorf("%s row %d col %s: xlsx %q is not a number", name, r, col.Key, xv)
					continue
				}
				want := map[reports.Kind]string{reports.KindMoney: reports.MoneyFormat(col.Currency), reports.KindInteger: reports.IntegerFormat,
					reports.KindPercent: reports.PercentFormat, reports.KindDuration: reports.DurationFormat, reports.KindDate: reports.DateFormat,
					reports.KindMonth: reports.MonthFormat, reports.KindDateTime: reports.DateTimeFormat}[col.Kind]
				if e.xlsx.formats[r][c] != want {
					t.Errorf("%s row %d col %s: number format %q, want %q", name, r, col.Key, e.xlsx.formats[r][c], want)
				}
				switch col.Kind {
				case reports.KindMoney:
					if got := int64(math.Round(num * 100)); got != csvCents(t, cv) {
						t.Errorf("%s row %d col %s: xlsx %v, CSV %s", name, r, col.Key, num, cv)
					}
				case reports.KindInteger:
					if strconv.FormatInt(int64(num), 10) != cv {
						t.Errorf("%s row %d col %s: xlsx %v, CSV %s", name, r, col.Key, num, cv)
					}
				case reports.KindPercent:
					p, err := strconv.ParseFloat(strings.Replace(strings.TrimSuffix(cv, "%"), ",", ".", 1), 64)
					if err != nil || math.Abs(p/100-num) > 1e-9 {
						t.Errorf("%s row %d col %s: xlsx %v, CSV %s", name, r, col.Key, num, cv)
					}
				case reports.KindDate:
					d := time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC).AddDate(0, 0, int(num))
					if d.Format("02/01/2006") != cv {
						t.Errorf("%s row %d col %s: xlsx %v (%s), CSV %s", name, r, col.Key, num, d.Format("02/01/2006"), cv)
					}
				}
			}
		}
		out[tb.Name] = e
	}
	return ex, out
}

// money reads a money cell of a CSV table in cents.
func (e exported) cents(t *testing.T, row int, key string) int64 {
	t.Helper()
	for c, col := range e.table.Columns {
		if col.Key == key {
			return csvCents(t, e.csv[row][c])
		}
	}
	t.Fatalf("%s: no column %s", e.table.Name, key)
	return 0
}

func (e exported) cell(t *testing.T, row int, key string) string {
	t.Helper()
	for c, col := range e.table.Columns {
		if col.Key == key {
			return e.csv[row][c]
		}
	}
	t.Fatalf("%s: no column %s", e.table.Name, key)
	return ""
}

// TestExportsEqualReports exports every report of the demo world and reads
// the files back: the figures are the report's, to the cent, and those
// recomputed from the raw orders; numbers stay numbers in the workbook;
// another franchise reads nothing and a restaurant login only its own.
func TestExportsEqualReports(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		w := newWorld(t, engine)
		ctx := context.Background()
		r := orders.Range{Start: 20260115, End: 20260310}
		f := reports.Filter{Range: r}
		raw := w.pickIn(r, 0, "EUR")

		// Mes Produits: the categories and ranking are the report's.
		prod, err := w.svc.Products(ctx, w.admin, f)
		if err != nil {
			t.Fatal(err)
		}
		ex, tabs := exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "products", Filter: f})
		if ex.Name != "mes-produits_2026-01-15_2026-03-10" {
			t.Errorf("file name %q", ex.Name)
		}
		cats := tabs["categories"]
		if len(cats.csv)-1 != len(prod.Categories) || len(prod.Categories) == 0 {
			t.Fatalf("%d category rows, report %d", len(cats.csv)-1, len(prod.Categories))
		}
		var ttc int64
		for i, c := range prod.Categories {
			if cats.cell(t, i+1, "name") != c.Name || cats.cents(t, i+1, "ca_ttc") != c.TTC || cats.cents(t, i+1, "ca_ht") != c.HT || cats.cents(t, i+1, "tva") != c.VAT {
				t.Errorf("category %d: %v, report %+v", i, cats.csv[i+1], c)
			}
			ttc += cats.cents(t, i+1, "ca_ttc")
		}
		var rawLines int64
		for _, p := range raw {
			if p.o.Status == orders.StatusPaid {
				for _, l := range p.o.Lines {
					rawLines += l.Total
				}
			}
		}
		if ttc != rawLines {
			t.Errorf("categories' CA TTC %d, raw lines %d", ttc, rawLines)
		}
		rank := tabs["ranking"]
		for i, x := range prod.Ranking {
			if rank.cell(t, i+1, "name") != x.Name || rank.cell(t, i+1, "total") != strconv.FormatInt(x.Total, 10) || rank.cents(t, i+1, "ttc") != x.TTC {
				t.Errorf("ranking %d: %v, report %+v", i, rank.csv[i+1], x)
			}
		}

		// Liste Commande en Réduction: every discounted paid order of the
		// EUR restaurants, streamed from the database.
		_, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "discounted-orders", Filter: f})
		list := tabs["orders"]
		var rawN, rawDiscount int64
		for _, p := range raw {
			if p.o.Status == orders.StatusPaid && p.o.Discount != nil && p.o.Discount.Amount > 0 {
				rawN++
				rawDiscount += p.o.Discount.Amount
			}
		}
		var sum int64
		for i := 1; i < len(list.csv); i++ {
			sum += list.cents(t, i, "discount")
		}
		if int64(len(list.csv)-1) != rawN || sum != rawDiscount || rawN == 0 {
			t.Errorf("discounted orders: %d rows for %d cents, raw %d for %d", len(list.csv)-1, sum, rawN, rawDiscount)
		}

		// Z Équipement: the totals add up to the raw paid orders.
		_, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "z", Filter: f})
		var zTotal, rawTotal int64
		for i := 1; i < len(tabs["equipments"].csv); i++ {
			zTotal += tabs["equipments"].cents(t, i, "totalp_platfrome")
		}
		for _, p := range raw {
			if p.o.Status == orders.StatusPaid {
				rawTotal += p.o.Total
			}
		}
		if zTotal != rawTotal {
			t.Errorf("Z total %d, raw %d", zTotal, rawTotal)
		}

		// The other reports: every table written both ways and equal.
		for _, q := range []reports.ExportQuery{
			{Report: "sales", Filter: f},
			{Report: "sales", Filter: f, Kind: reports.SalesOptions},
			{Report: "discounts", Filter: f},
			{Report: "discounts", Filter: f, Grain: "month"},
			{Report: "performance", Filter: f, TZ: "Europe/Paris"},
			{Report: "counts", Filter: f},
			{Report: "revenue", Filter: f},
			{Report: "revenue", Filter: f, Grain: "month"},
			{Report: "revenue", Filter: f, Grain: "hour"},
			{Report: "flash"},
		} {
			_, tabs := exportBoth(t, w.svc, w.admin, q)
			if len(tabs) == 0 {
				t.Errorf("%s: no table", q.Report)
			}
		}
		disc, err := w.svc.Discounts(ctx, w.admin, f, false)
		if err != nil {
			t.Fatal(err)
		}
		_, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "discounts", Filter: f, Table: "by-type"})
		var byType int64
		for i := 1; i < len(tabs["by-type"].csv); i++ {
			byType += tabs["by-type"].cents(t, i, "cents")
		}
		if byType != disc.Total || byType != rawDiscount {
			t.Errorf("discounts by type %d, report %d, raw %d", byType, disc.Total, rawDiscount)
		}
		// The promo codes' table (Mes Réductions and the codes dashboard export it): the report's rows.
		_, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "discounts", Filter: f, Table: "by-code"})
		if got := len(tabs["by-code"].csv) - 1; got != len(disc.ByCode) {
			t.Errorf("discounts by code: %d rows, report %d", got, len(disc.ByCode))
		}
		var byCode, reportByCode int64
		for i := 1; i < len(tabs["by-code"].csv); i++ {
			byCode += tabs["by-code"].cents(t, i, "cents")
		}
		for _, a := range disc.ByCode {
			reportByCode += a.Cents
		}
		if byCode != reportByCode {
			t.Errorf("discounts by code %d, report %d", byCode, reportByCode)
		}

		// The flash: a table per currency, never two in one column.
		ex, tabs = exportBoth(t, w.svc, w.admin, reports.ExportQuery{Report: "flash"})
		for _, code := range []string{"EUR", "MAD", "CHF"} {
			if _, ok := tabs["totals-"+code]; !ok {
				t.Errorf("flash: no totals-%s among %v", code, ex.Tables)
			}
		}

		// Asking for one table, a wrong one, a wrong report or grain.
		ex, err = w.svc.Export(ctx, w.admin, reports.ExportQuery{Report: "sales", Filter: f, Table: "items"})
		if err != nil || len(ex.Tables) != 1 || ex.Name != "ventes-produits-items_2026-01-15_2026-03-10" {
			t.Errorf("one table: %v %+v", err, ex)
		}
		for _, q := range []reports.ExportQuery{
			{Report: "products", Filter: f, Table: "nope"},
			{Report: "nope", Filter: f},
			{Report: "discounts", Filter: f, Grain: "hour"},
			{Report: "z"},
		} {
			var ve *tenancy.ValidationError
			if _, err := w.svc.Export(ctx, w.admin, q); !errors.As(err, &ve) || ve.Message == "" {
				t.Errorf("%+v: %v, want a validation error", q, err)
			}
		}

		// Tenancy: another franchise reads none of these restaurants, and a
		// restaurant login exports only its own discounted orders.
		var otherID, mine int64
		if err := w.db.QueryRow(ctx, `SELECT id FROM franchises WHERE id <> ? ORDER BY id LIMIT 1`, w.admin.FranchiseID).Scan(&otherID); err != nil {
			t.Fatal(err)
		}
		mine = w.shops[0].Restaurant.ID
		other := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: otherID}
		if _, err := w.svc.Export(ctx, other, reports.ExportQuery{Report: "discounted-orders", Filter: reports.Filter{Range: r, RestaurantID: mine}}); !errors.Is(err, tenancy.ErrNotFound) {
			t.Errorf("other franchise: %v, want not found", err)
		}
		ex, err = w.svc.Export(ctx, other, reports.ExportQuery{Report: "discounted-orders", Filter: f})
		if err == nil {
			_ = ex.Tables[0].Each(func(row []any) error {
				t.Errorf("other franchise sees %v", row)
				return nil
			})
		}
		resto := tenancy.Principal{Role: tenancy.RoleRestaurant, FranchiseID: w.admin.FranchiseID, Restaurants: []int64{mine}}
		_, tabs = exportBoth(t, w.svc, resto, reports.ExportQuery{Report: "discounted-orders", Filter: f})
		name := w.shops[0].Restaurant.Nom
		var n int
		for i := 1; i < len(tabs["orders"].csv); i++ {
			if got := tabs["orders"].cell(t, i, "restaurant"); got != name {
				t.Errorf("restaurant login sees an order of %q", got)
			}
			n++
		}
		var rawMine int
		for _, p := range w.pick(r, mine) {
			if p.o.Status == orders.StatusPaid && p.o.Discount != nil && p.o.Discount.Amount > 0 {
				rawMine++
			}
		}
		if n != rawMine || n == 0 {
			t.Errorf("restaurant login: %d discounted orders, raw %d", n, rawMine)
		}
	})
}

// TestExportWritersFormats: what French Excel reads, cell by cell.
func TestExportWritersFormats(t *testing.T) {
	pct, dur := 12.5, 7.25
	tb := reports.Table{Name: "t", Title: "Essai : a/b [x]", Columns: []reports.Column{
		{Key: "n", Label: "Nom", Kind: reports.KindText}, {Key: "q", Label: "Quantité", Kind: reports.KindInteger},
		{Key: "m", Label: "CA TTC", Kind: reports.KindMoney, Currency: "EUR"}, {Key: "c", Label: "CA TTC", Kind: reports.KindMoney, Currency: "CHF"},
		{Key: "p", Label: "Évolution", Kind: reports.KindPercent}, {Key: "d", Label: "Temps", Kind: reports.KindDuration},
		{Key: "j", Label: "Jour", Kind: reports.KindDate}, {Key: "mo", Label: "Mois", Kind: reports.KindMonth},
		{Key: "h", Label: "Payée", Kind: reports.KindDateTime},
	}, Each: func(emit func([]any) error) error {
		at := time.Date(2026, 3, 29, 14, 5, 0, 0, time.FixedZone("Paris", 7200))
		if err := emit([]any{"Le « Classique »; frites", int64(1234), int64(123456), int64(-5), &pct, &dur, "2026-01-17", "2026-02", at}); err != nil {
			return err
		}
		return emit([]any{"vide", int64(0), int64(0), int64(0), (*float64)(nil), (*float64)(nil), "2026-12-31", "2026-12", at})
	}}
	var cb bytes.Buffer
	if err := reports.WriteCSV(&cb, tb); err != nil {
		t.Fatal(err)
	}
	want := "\ufeffNom;Quantité;CA TTC (EUR);CA TTC (CHF);Évolution;Temps;Jour;Mois;Payée\r\n" +
		"\"Le « Classique »; frites\";1234;1234,56;-0,05;12,5%;0:07:15;17/01/2026;02/2026;29/03/2026 14:05\r\n" +
		"vide;0;0,00;0,00;;;31/12/2026;12/2026;29/03/2026 14:05\r\n"
	if cb.String() != want {
		t.Errorf("CSV:\n%q\nwant\n%q", cb.String(), want)
	}
	var xb bytes.Buffer
	if err := reports.WriteXLSX(&xb, []reports.Table{tb}); err != nil {
		t.Fatal(err)
	}
	sheets, order := readXLSX(t, xb.Bytes())
	if order[0] != "Essai - a-b -x-" {
		t.Errorf("sheet name %q", order[0])
	}
	s := sheets[order[0]]
	wantRow := []string{"Le « Classique »; frites", "1234", "1234.56", "-0.05", "0.125", fmt.Sprint(435.0 / 86400), "46039", "46054", fmt.Sprint(46110 + (14*60+5)/1440.0)}
	wantFmt := []string{"", "#,##0", `#,##0.00 "€"`, `#,##0.00 "CHF"`, "0.0%", "[h]:mm:ss", "dd/mm/yyyy", "mm/yyyy", "dd/mm/yyyy hh:mm"}
	for c := range wantRow {
		got, _ := strconv.ParseFloat(s.rows[1][c], 64)
		exp, _ := strconv.ParseFloat(wantRow[c], 64)
		if s.rows[1][c] != wantRow[c] && (c == 0 || math.Abs(got-exp) > 1e-9) {
			t.Errorf("cell %d: %q, want %q", c, s.rows[1][c], wantRow[c])
		}
		if s.formats[1][c] != wantFmt[c] {
			t.Errorf("cell %d: format %q, want %q", c, s.formats[1][c], wantFmt[c])
		}
		if c > 0 && s.types[1][c] != excelize.CellTypeUnset && s.types[1][c] != excelize.CellTypeNumber {
			t.Errorf("cell %d: type %v", c, s.types[1][c])
		}
	}
	f, err := excelize.OpenReader(bytes.NewReader(xb.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	panes, err := f.GetPanes(order[0])
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("first row not frozen: %+v %v", panes, err)
	}
	id, _ := f.GetCellStyle(order[0], "A1")
	if st, err := f.GetStyle(id); err != nil || st.Font == nil || !st.Font.Bold {
		t.Errorf("header not bold: %+v %v", st, err)
	}
	if w, _ := f.GetColWidth(order[0], "C"); w < 14 {
		t.Errorf("money column width %v", w)
	}
}

// peakWriter samples the heap while a file is written.
type peakWriter struct {
	n    int64
	peak uint64
	ms   runtime.MemStats
}

func (p *peakWriter) sample() {
	runtime.ReadMemStats(&p.ms)
	p.peak = max(p.peak, p.ms.HeapAlloc)
}

func (p *peakWriter) Write(b []byte) (int, error) {
	p.n += int64(len(b))
	if p.n%(1<<20) < int64(len(b)) {
		p.sample()
	}
	return len(b), nil
}

// TestExportStreamsLargeTables: 300 000 rows (a year of discounted orders
// of a large franchise) go out with a bounded heap: the CSV holds one row
// at a time, the workbook spills its rows to a temporary file.
func TestExportStreamsLargeTables(t *testing.T) {
	if testing.Short() {
		t.Skip("large export")
	}
	const rows = 300_000
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	tb := reports.Table{Name: "orders", Title: "Commandes", Columns: []reports.Column{
		{Key: "at", Label: "Date", Kind: reports.KindDateTime}, {Key: "r", Label: "Restaurant", Kind: reports.KindText},
		{Key: "id", Label: "N°", Kind: reports.KindText}, {Key: "d", Label: "Réduction", Kind: reports.KindMoney, Currency: "EUR"},
		{Key: "t", Label: "Total", Kind: reports.KindMoney, Currency: "EUR"}, {Key: "q", Label: "Articles", Kind: reports.KindInteger},
	}}
	for _, format := range []string{"csv", "xlsx"} {
		var w peakWriter
		tb.Each = func(emit func([]any) error) error {
			row := make([]any, 6)
			for i := range rows {
				row[0], row[1], row[2], row[3], row[4], row[5] = at.Add(time.Duration(i)*time.Minute), "Paris Bastille", "CMD-"+strconv.Itoa(i), int64(i%500), int64(1000+i), int64(i%9)
				if err := emit(row); err != nil {
					return err
				}
				if i%20_000 == 0 {
					w.sample()
				}
			}
			return nil
		}
		runtime.GC()
		var base runtime.MemStats
		runtime.ReadMemStats(&base)
		var err error
		if format == "csv" {
			err = reports.WriteCSV(&w, tb)
		} else {
			err = reports.WriteXLSX(&w, []reports.Table{tb})
		}
		if err != nil {
			t.Fatal(err)
		}
		grew := int64(w.peak) - int64(base.HeapAlloc)
		t.Logf("%s: %d rows, %.1f MB written, heap grew %.1f MB at most", format, rows, float64(w.n)/1e6, float64(grew)/1e6)
		// Unstreamed, the rows alone would weigh more than 300 MB.
		limit := map[string]int64{"csv": 8 << 20, "xlsx": 96 << 20}[format]
		if grew > limit {
			t.Errorf("%s: heap grew %d MB writing %d rows, over %d MB: not streamed", format, grew>>20, rows, limit>>20)
		}
	}
	_ = io.Discard
}
