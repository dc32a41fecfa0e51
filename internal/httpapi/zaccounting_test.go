package httpapi_test

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestZPDFAndAccountingAPI: the Z of the day as a PDF and the accounting
// journal as CSV and xlsx: content types, ASCII file names, the order
// posted in them, and tenancy (another franchise, a restaurant login).
func TestZPDFAndAccountingAPI(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
	at := time.Date(2026, 10, 2, 12, 15, 0, 0, time.UTC)
	o := sampleOrder("ZJ-1", at)
	if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, o); res.Status >= 300 {
		t.Fatalf("post: %d %s", res.Status, res.Body)
	}
	admin := srv.SignIn(t, "demo-admin")
	_, restaurants := scopeOf(t, srv, "demo-admin")
	var paris, lyon int64
	for _, r := range restaurants {
		switch r.Nom {
		case "Paris Bastille":
			paris = r.ID
		case "Lyon Part-Dieu":
			lyon = r.ID
		}
	}
	if paris == 0 || lyon == 0 {
		t.Fatal("demo restaurants not found")
	}
	total := reports.FrenchAmount(o.Total)

	res := srv.Do(t, http.MethodGet, "/api/v1/reports/z.pdf?date=2026-10-02&restaurantId="+itoa(paris), admin, nil)
	if res.Status != 200 || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(res.Body, []byte("%PDF-")) {
		t.Fatalf("z.pdf: %d %q %.20s", res.Status, res.Header.Get("Content-Type"), res.Body)
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, `attachment; filename="Z 2026-10-02 Paris Bastille.pdf"`) {
		t.Errorf("z.pdf Content-Disposition: %q", cd)
	}
	if res := srv.Do(t, http.MethodGet, "/api/v1/reports/z.pdf?date=02/10/2026", admin, nil); res.Status < 400 || res.Status >= 500 {
		t.Errorf("z.pdf with a French date: %d", res.Status)
	}

	q := "?start=2026-10-01&end=2026-10-31&restaurantId=" + itoa(paris)
	res = srv.Do(t, http.MethodGet, "/api/v1/reports/accounting"+q+"&format=csv", admin, nil)
	if res.Status != 200 || res.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Fatalf("csv: %d %q %s", res.Status, res.Header.Get("Content-Type"), res.Body)
	}
	if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="journal-comptable_2026-10-01_2026-10-31_EUR.csv"`) {
		t.Errorf("csv Content-Disposition: %q", cd)
	}
	lines := strings.Split(strings.TrimSuffix(string(res.Body), "\r\n"), "\r\n")
	if !strings.HasPrefix(lines[0], "\ufeffDate;Restaurant;SIRET;Devise;HT ") || len(lines) != 2 ||
		!strings.HasPrefix(lines[1], "02/10/2026;Paris Bastille;") || !strings.Contains(lines[1], ";"+strings.ReplaceAll(total, "\u00a0", "")+";") || !strings.HasSuffix(lines[1], ";1") {
		t.Errorf("csv (total %s):\n%s", total, res.Body)
	}

	res = srv.Do(t, http.MethodGet, "/api/v1/reports/accounting"+q+"&format=xlsx", admin, nil)
	if res.Status != 200 || res.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" ||
		!strings.Contains(res.Header.Get("Content-Disposition"), `filename="journal-comptable_2026-10-01_2026-10-31_EUR.xlsx"`) {
		t.Fatalf("xlsx: %d %v", res.Status, res.Header)
	}
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(reports.AccountingSheet)
	if len(rows) != 2 || rows[1][0] != "02/10/2026" || rows[1][1] != "Paris Bastille" {
		t.Errorf("xlsx rows: %v", rows)
	}
	f.Close()

	var preview reports.Accounting
	res = srv.Do(t, http.MethodGet, "/api/v1/reports/accounting/preview"+q+"&limit=5", admin, nil)
	res.JSON(t, &preview)
	if res.Status != 200 || preview.TotalLines != 1 || len(preview.Lines) != 1 || preview.Lines[0].TTC != o.Total || preview.Columns[0].Header != "Date" {
		t.Errorf("preview: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, http.MethodGet, "/api/v1/reports/accounting?start=2025-01-01&end=2026-01-02", admin, nil); res.Status < 400 || res.Status >= 500 {
		t.Errorf("367 days: %d", res.Status)
	}

	// Another franchise's admin and a restaurant login of Lyon do not see Paris.
	for _, login := range []string{"autre-admin", "demo-resto"} {
		tok := srv.SignIn(t, login)
		for _, path := range []string{"/api/v1/reports/z.pdf?date=2026-10-02&restaurantId=" + itoa(paris), "/api/v1/reports/accounting" + q, "/api/v1/reports/accounting/preview" + q} {
			if res := srv.Do(t, http.MethodGet, path, tok, nil); res.Status != 404 {
				t.Errorf("%s %s: %d", login, path, res.Status)
			}
		}
	}
	tok := srv.SignIn(t, "demo-resto")
	res = srv.Do(t, http.MethodGet, "/api/v1/reports/accounting/preview?start=2026-10-01&end=2026-10-31", tok, nil)
	res.JSON(t, &preview)
	if res.Status != 200 || preview.TotalLines != 0 {
		t.Errorf("demo-resto's own journal shows Paris: %s", res.Body)
	}
}
