package httpapi_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestReportExportRoute: a report's tables download as xlsx (numbers with
// their formats) and CSV (French Excel's), named after the report and its
// dates; a wrong format, table or missing dates are refused in French;
// another franchise's restaurant is 404, and a restaurant login exports
// only its own restaurant.
func TestReportExportRoute(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		at := time.Now().Add(-time.Minute)
		for _, o := range []struct{ shop, id string }{{"Paris Bastille", "EX-EUR"}, {"Lyon Part-Dieu", "EX-LYON"}, {"Genève Plainpalais", "EX-CHF"}} {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, o.shop, "caisse"), sampleOrder(o.id, at)); res.Status != http.StatusCreated {
				t.Fatalf("%s: %d %s", o.shop, res.Status, res.Body)
			}
		}
		paris := mustZone(t, "Europe/Paris")
		start := at.In(paris).AddDate(0, 0, -6).Format("2006-01-02")
		end := at.AddDate(0, 0, 1).In(paris).Format("2006-01-02")
		admin := srv.SignIn(t, "demo-admin")
		sample := sampleOrder("X", at)

		// xlsx of Mes Produits' categories.
		url := "/api/v1/reports/export?report=products&format=xlsx&table=categories&start=" + start + "&end=" + end
		res := srv.Do(t, http.MethodGet, url, admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", url, res.Status, res.Body)
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
			t.Errorf("content type %q", ct)
		}
		wantName := `filename="mes-produits-categories_` + start + `_` + end + `.xlsx"`
		if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, wantName) {
			t.Errorf("Content-Disposition %q, want %s", cd, wantName)
		}
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		sheets := f.GetSheetList()
		rows, _ := f.GetRows(sheets[0], excelize.Options{RawCellValue: true})
		if len(sheets) != 1 || sheets[0] != "Catégories" || len(rows) != 3 || rows[0][0] != "Catégorie" || rows[0][1] != "CA TTC (EUR)" {
			t.Fatalf("sheets %v rows %v", sheets, rows)
		}
		// Burgers: 2 × 9,90 + 2,00 of options per order, two EUR orders.
		var burgers []string
		for _, r := range rows[1:] {
			if r[0] == "Burgers" {
				burgers = r
			}
		}
		if want := float64(2*sample.Lines[0].Total) / 100; len(burgers) < 2 || burgers[1] != trimFloat(want) {
			t.Errorf("Burgers row %v, want CA TTC %v", burgers, want)
		}
		if typ, _ := f.GetCellType(sheets[0], "B2"); typ != excelize.CellTypeUnset && typ != excelize.CellTypeNumber {
			t.Errorf("CA TTC is written as %v, not a number", typ)
		}
		id, _ := f.GetCellStyle(sheets[0], "B2")
		if st, _ := f.GetStyle(id); st == nil || st.CustomNumFmt == nil || *st.CustomNumFmt != `#,##0.00 "€"` {
			t.Errorf("CA TTC number format %+v", st)
		}
		f.Close()

		// CSV of the discounted orders, in CHF: the Geneva order only.
		url = "/api/v1/reports/export?report=discounted-orders&format=csv&currency=CHF&start=" + start + "&end=" + end
		res = srv.Do(t, http.MethodGet, url, admin, nil)
		if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("%s: %d %s %s", url, res.Status, res.Header.Get("Content-Type"), res.Body)
		}
		if !strings.Contains(res.Header.Get("Content-Disposition"), `filename="commandes-en-reduction_`+start+"_"+end+`.csv"`) {
			t.Errorf("Content-Disposition %q", res.Header.Get("Content-Disposition"))
		}
		lines := csvLines(t, res.Body)
		if len(lines) != 2 || lines[0][0] != "Date paiement" || lines[0][5] != "Montant de la réduction (CHF)" || lines[1][1] != "Genève Plainpalais" || lines[1][2] != "EX-CHF" || lines[1][5] != "2,68" || lines[1][7] != "24,12" {
			t.Errorf("CSV %q", lines)
		}

		// The flash needs no dates; a workbook of every table.
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/export?report=flash&format=xlsx", admin, nil)
		if res.Status != http.StatusOK || !strings.Contains(res.Header.Get("Content-Disposition"), `filename="flash_`) {
			t.Errorf("flash: %d %s %.200s", res.Status, res.Header.Get("Content-Disposition"), res.Body)
		} else if f, err := excelize.OpenReader(bytes.NewReader(res.Body)); err != nil || len(f.GetSheetList()) < 4 {
			t.Errorf("flash workbook: %v", err)
		}

		// The reports of issue 18: the product mix's three tables, the
		// cancelled orders in CSV in the currency asked.
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/export?report=product-mix&format=xlsx&start="+start+"&end="+end, admin, nil)
		if res.Status != http.StatusOK || !strings.Contains(res.Header.Get("Content-Disposition"), `filename="mix-produits_`+start+"_"+end+`.xlsx"`) {
			t.Errorf("product mix: %d %s %.200s", res.Status, res.Header.Get("Content-Disposition"), res.Body)
		} else if f, err := excelize.OpenReader(bytes.NewReader(res.Body)); err != nil || strings.Join(f.GetSheetList(), ",") != "Produits,Catégories,Options" {
			t.Errorf("product mix workbook: %v %v", err, f.GetSheetList())
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/export?report=cancellations&format=csv&table=orders&currency=CHF&start="+start+"&end="+end, admin, nil)
		if res.Status != http.StatusOK || !strings.Contains(res.Header.Get("Content-Disposition"), `filename="annulations-orders_`+start+"_"+end+`.csv"`) {
			t.Errorf("cancellations: %d %s %.200s", res.Status, res.Header.Get("Content-Disposition"), res.Body)
		} else if lines := csvLines(t, res.Body); len(lines) < 1 || lines[0][9] != "Montant TTC (CHF)" {
			t.Errorf("cancelled orders CSV %q", lines)
		} else {
			for _, l := range lines[1:] {
				if l[2] != "Genève Plainpalais" {
					t.Errorf("a cancelled order of %q among the CHF ones", l[2])
				}
			}
		}
		for _, rep := range []string{"restaurants", "equipments", "click-and-collect"} {
			if res := srv.Do(t, http.MethodGet, "/api/v1/reports/export?report="+rep+"&format=xlsx&start="+start+"&end="+end, admin, nil); res.Status != http.StatusOK {
				t.Errorf("%s: %d %.300s", rep, res.Status, res.Body)
			}
		}

		// Refusals, in French.
		for _, c := range []struct {
			query    string
			status   int
			location string
			french   string
		}{
			{"products&format=pdf&start=" + start + "&end=" + end, http.StatusUnprocessableEntity, "query.format", "doit être l'une des valeurs"},
			{"products&start=" + start + "&end=" + end, http.StatusUnprocessableEntity, "query.format", "obligatoire"},
			{"products&format=csv&table=nope&start=" + start + "&end=" + end, http.StatusUnprocessableEntity, "query.table", "n'a pas de tableau « nope »"},
			{"sales&format=csv", http.StatusUnprocessableEntity, "query.start", "obligatoires"},
			{"nope&format=csv&start=" + start + "&end=" + end, http.StatusUnprocessableEntity, "query.report", "doit être l'une des valeurs"},
			{"discounts&format=csv&grain=hour&start=" + start + "&end=" + end, http.StatusUnprocessableEntity, "query.grain", "day ou month"},
		} {
			res := srv.Do(t, http.MethodGet, "/api/v1/reports/export?report="+c.query, admin, nil)
			if body := string(res.Body); res.Status != c.status || !strings.Contains(body, `"location":"`+c.location+`"`) || !strings.Contains(body, c.french) {
				t.Errorf("%s: %d %s", c.query, res.Status, res.Body)
			}
		}

		// Tenancy.
		var other int64
		if err := srv.DB.QueryRow(context.Background(), `SELECT id FROM restaurants WHERE nom = ?`, "Comptoir Montmartre").Scan(&other); err != nil {
			t.Fatal(err)
		}
		for _, login := range []string{"demo-admin", "demo-resto"} {
			res := srv.Do(t, http.MethodGet, "/api/v1/reports/export?report=z&format=csv&start="+start+"&end="+end+"&restaurantId="+itoa(other), srv.SignIn(t, login), nil)
			if res.Status != http.StatusNotFound {
				t.Errorf("%s exporting another franchise's restaurant: %d %.200s", login, res.Status, res.Body)
			}
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/export?report=z&format=csv&start="+start+"&end="+end, srv.SignIn(t, "demo-resto"), nil)
		lines = csvLines(t, res.Body)
		if res.Status != http.StatusOK || len(lines) != 2 || lines[1][0] != "Lyon Part-Dieu" {
			t.Errorf("restaurant login's Z: %d %q", res.Status, lines)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/reports/export?report=z&format=csv&start="+start+"&end="+end, "", nil); res.Status != http.StatusUnauthorized {
			t.Errorf("anonymous: %d", res.Status)
		}
	})
}

func csvLines(t *testing.T, b []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("\ufeff")) || !bytes.Contains(b, []byte("\r\n")) {
		t.Fatalf("not a French Excel CSV: %.200q", b)
	}
	r := csv.NewReader(bytes.NewReader(b[3:]))
	r.Comma = ';'
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// trimFloat writes a float as excelize's raw cell value does.
func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
