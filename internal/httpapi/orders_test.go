package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// sampleOrder is a valid paid order of two lines at two VAT rates with a
// percentage discount.
func sampleOrder(id string, at time.Time) orders.Order {
	exit := 420
	o := orders.Order{OrderID: id, Source: orders.SourceTill, Type: orders.TypeDineIn, Status: orders.StatusPaid, PaidAt: at.UTC(),
		Lines: []orders.Line{
			{Name: "Le Classique", Category: "Burgers", Quantity: 2, UnitPrice: 990, TaxRate: 1000,
				Options: []orders.Option{{Name: "Supplément cheddar", Group: "Suppléments", Quantity: 2, Total: 200}}},
			{Name: "Bière pression", Category: "Boissons", Quantity: 1, UnitPrice: 500, TaxRate: 2000},
		},
		ExitSecs: &exit,
	}
	o.Lines[0].Total = 2*990 + 200
	o.Lines[1].Total = 500
	o.Subtotal = o.Lines[0].Total + o.Lines[1].Total // 2680
	o.Discount = &orders.Discount{Type: orders.DiscountPercent, Value: 1000, Amount: 268, Label: "Fidélité", Cashier: "Léa"}
	o.Total = o.Subtotal - 268 // 2412
	// The discount shared in proportion: 218 on the burgers, 50 on the beer.
	b, d := int64(2180-218), int64(500-50)
	o.VAT = []orders.VATLine{{Rate: 1000, HT: orders.HT(b, 1000), TTC: b}, {Rate: 2000, HT: orders.HT(d, 2000), TTC: d}}
	for i := range o.VAT {
		o.VAT[i].VAT = o.VAT[i].TTC - o.VAT[i].HT
	}
	o.Payments = []orders.Payment{{Method: "titre_restaurant", Amount: 1200}, {Method: "cb", Amount: o.Total - 1200}}
	return o
}

func deviceKeyOf(t *testing.T, db *store.DB, restaurant string, kind string) string {
	t.Helper()
	var keen string
	if err := db.QueryRow(context.Background(), `SELECT e.user_keen_id FROM equipments e JOIN restaurants r ON r.id = e.restaurant_id
		WHERE r.nom = ? AND e.kind = ? ORDER BY e.id LIMIT 1`, restaurant, kind).Scan(&keen); err != nil {
		t.Fatal(err)
	}
	return demo.DeviceKey(keen)
}

func TestOrderIngestion(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
		// 23:30 in Paris on the last Saturday of March, the night clocks
		// move forward: still the 28th in the restaurant, the 28th in UTC;
		// 00:30 local on the 29th is the 28th in UTC.
		late := time.Date(2026, 3, 28, 23, 30, 0, 0, mustZone(t, "Europe/Paris"))
		early := time.Date(2026, 3, 29, 0, 30, 0, 0, mustZone(t, "Europe/Paris"))
		var first struct {
			ID           int64  `json:"id"`
			BusinessDate string `json:"business_date"`
			Duplicate    bool   `json:"duplicate"`
		}
		res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, sampleOrder("T-1", late))
		res.JSON(t, &first)
		if res.Status != http.StatusCreated || first.BusinessDate != "2026-03-28" || first.Duplicate {
			t.Fatalf("first post: %d %s", res.Status, res.Body)
		}
		var second struct {
			BusinessDate string `json:"business_date"`
		}
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, sampleOrder("T-2", early))
		res.JSON(t, &second)
		if res.Status != http.StatusCreated || second.BusinessDate != "2026-03-29" {
			t.Fatalf("after midnight local (still the 28th in UTC): %d %s", res.Status, res.Body)
		}
		// A retried post returns the stored order, not a new one — even
		// with another body.
		retry := sampleOrder("T-1", late.Add(time.Hour))
		retry.Lines[1].Name = "Autre chose"
		var again struct {
			ID        int64 `json:"id"`
			Duplicate bool  `json:"duplicate"`
			Order     struct {
				Lines []struct{ Name string } `json:"lines"`
				Total int64                   `json:"total_cents"`
			} `json:"order"`
		}
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, retry)
		res.JSON(t, &again)
		if res.Status != http.StatusOK || !again.Duplicate || again.ID != first.ID || again.Order.Lines[1].Name != "Bière pression" || again.Order.Total != 2412 {
			t.Fatalf("retry: %d %s", res.Status, res.Body)
		}
		var n int
		if err := srv.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM orders WHERE till_order_id = 'T-1'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("stored %d copies (%v)", n, err)
		}
		// The same till order id from another device is another order.
		res = srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, "Paris Bastille", "borne"), sampleOrder("T-1", late))
		if res.Status != http.StatusCreated {
			t.Fatalf("other device: %d %s", res.Status, res.Body)
		}

		// Reconciliation errors name the field, in French.
		for _, c := range []struct {
			name  string
			edit  func(o *orders.Order)
			field string
			text  string
		}{
			{"total", func(o *orders.Order) { o.Total += 5 }, "body.total_cents", "ne correspond pas au sous-total"},
			{"line", func(o *orders.Order) { o.Lines[0].Total += 3 }, "body.lines[0].total_cents", "Le total de la ligne Le Classique"},
			{"vat", func(o *orders.Order) { o.VAT[0].TTC -= 10; o.VAT[0].HT -= 10 }, "body.vat", "La somme des TTC par taux"},
			{"vat identity", func(o *orders.Order) { o.VAT[1].VAT += 7 }, "body.vat[1].ttc_cents", "TVA 20 %"},
			{"payments", func(o *orders.Order) { o.Payments[1].Amount -= 2 }, "body.payments", "Les paiements"},
			{"discount", func(o *orders.Order) { o.Discount.Amount = 300; o.Total = o.Subtotal - 300 }, "body.discount.amount_cents", "10 % du sous-total"},
			{"type", func(o *orders.Order) { o.Type = 9 }, "body.type", ""},
		} {
			o := sampleOrder("BAD-"+c.name, late)
			c.edit(&o)
			res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, o)
			if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), c.field) || !strings.Contains(string(res.Body), c.text) {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		// Within a cent is accepted (till rounding).
		o := sampleOrder("ROUND", late)
		o.VAT[0].HT++
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, o); res.Status != http.StatusCreated {
			t.Errorf("one cent off: %d %s", res.Status, res.Body)
		}
		// No key, a wrong key: refused.
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", "brg_dev_nope", sampleOrder("X", late)); res.Status != http.StatusUnauthorized {
			t.Errorf("bad key: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", srv.SignIn(t, "demo-admin"), sampleOrder("X", late)); res.Status != http.StatusUnauthorized {
			t.Errorf("a user token is not a device key: %d", res.Status)
		}
	})
}

func mustZone(t *testing.T, name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestOrderImportNDJSON(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	key := deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "caisse")
	at := time.Date(2026, 10, 2, 12, 15, 0, 0, time.UTC)
	line := func(o orders.Order) string {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	bad := sampleOrder("H-3", at)
	bad.Total += 5
	body := strings.Join([]string{line(sampleOrder("H-1", at)), "{pas du json", line(bad), "", line(sampleOrder("H-1", at)), line(sampleOrder("H-2", at))}, "\n")
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/kiosk/v1/orders/import", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Imported, Duplicates int
		Errors               []struct {
			Line    int
			Field   string
			Message string
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%d %v", resp.StatusCode, err)
	}
	if out.Imported != 2 || out.Duplicates != 1 || len(out.Errors) != 2 || out.Errors[0].Line != 2 || out.Errors[1].Line != 3 || out.Errors[1].Field != "total_cents" ||
		!strings.Contains(out.Errors[0].Message, "JSON invalide") {
		t.Fatalf("import: %+v", out)
	}
}

func TestOrderTicketPDF(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	key := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse")
	var o struct{ ID int64 }
	srv.Do(t, http.MethodPost, "/kiosk/v1/orders", key, sampleOrder("TICKET-42", time.Now().Add(-time.Hour))).JSON(t, &o)
	res := srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(o.ID)+"/ticket.pdf", srv.SignIn(t, "demo-moderateur"), nil)
	if res.Status != 200 || !strings.HasPrefix(string(res.Body), "%PDF-") || !strings.Contains(res.Header.Get("Content-Disposition"), `filename="TICKET-42.pdf"`) {
		t.Fatalf("ticket: %d %q %.20s", res.Status, res.Header.Get("Content-Disposition"), res.Body)
	}
	// A4 portrait: 595.28 × 841.89 points.
	if !strings.Contains(string(res.Body), "/MediaBox [0 0 595.28 841.89]") {
		t.Errorf("not an A4 portrait page")
	}
	// Another restaurant's login cannot read it.
	if res := srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(o.ID)+"/ticket.pdf", srv.SignIn(t, "demo-resto"), nil); res.Status != 404 {
		t.Errorf("restaurant login of Lyon reads a Paris ticket: %d", res.Status)
	}
}

// TestReportsRefuseOtherRestaurants aims every report at a restaurant the
// caller may not see — another franchise's, or, for a scoped login, another
// of its franchise — through the restaurantId query parameter.
func TestReportsRefuseOtherRestaurants(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		var other, marseille int64
		if err := srv.DB.QueryRow(context.Background(), `SELECT id FROM restaurants WHERE nom = 'Comptoir Montmartre'`).Scan(&other); err != nil {
			t.Fatal(err)
		}
		if err := srv.DB.QueryRow(context.Background(), `SELECT id FROM restaurants WHERE nom = 'Marseille Vieux-Port'`).Scan(&marseille); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-2 * time.Hour)
		if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, "Comptoir Montmartre", "caisse"), sampleOrder("SECRET-1", at)); res.Status != 201 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		// Reports read business days in the restaurant's zone (Paris), not UTC.
		paris, err := time.LoadLocation("Europe/Paris")
		if err != nil {
			t.Fatal(err)
		}
		day := at.In(paris).Format("2006-01-02")
		routes := []string{"/api/v1/orders?source=caisse_borne", "/api/v1/reports/counts", "/api/v1/reports/performance", "/api/v1/reports/products",
			"/api/v1/reports/discounts", "/api/v1/reports/discounts/orders", "/api/v1/reports/z", "/api/v1/reports/sales?kind=products", "/api/v1/reports/realtime"}
		for _, c := range []struct {
			login string
			rid   int64
		}{{"demo-admin", other}, {"demo-moderateur", other}, {"demo-invite", other}, {"demo-moderateur", marseille}, {"demo-resto", marseille}} {
			token := srv.SignIn(t, c.login)
			for _, r := range routes {
				sep := "?"
				if strings.Contains(r, "?") {
					sep = "&"
				}
				path := r + sep + "start=" + day + "&end=" + day + "&restaurantId=" + itoa(c.rid)
				res := srv.Do(t, http.MethodGet, path, token, nil)
				if res.Status != http.StatusNotFound || strings.Contains(string(res.Body), "SECRET") || strings.Contains(string(res.Body), "Montmartre") {
					t.Errorf("%s %s: %d %.200s", c.login, path, res.Status, res.Body)
				}
			}
		}
		// The other franchise's own admin sees its order.
		var page struct{ Total int }
		srv.Do(t, http.MethodGet, "/api/v1/orders?start="+day+"&end="+day+"&restaurantId="+itoa(other), srv.SignIn(t, "autre-admin"), nil).JSON(t, &page)
		if page.Total != 1 {
			t.Errorf("owner sees %d orders", page.Total)
		}
	})
}

// TestReportsCarryTheirCurrency: a Geneva order (CHF) and a Paris one (EUR)
// of the same day are never added together; every amount says its currency.
func TestReportsCarryTheirCurrency(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		// A minute ago: the same business day in Paris and Geneva (one zone).
		at := time.Now().Add(-time.Minute)
		var paris, geneva struct{ ID int64 }
		srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse"), sampleOrder("EUR-1", at)).JSON(t, &paris)
		srv.Do(t, http.MethodPost, "/kiosk/v1/orders", deviceKeyOf(t, srv.DB, "Genève Plainpalais", "caisse"), sampleOrder("CHF-1", at)).JSON(t, &geneva)
		if paris.ID == 0 || geneva.ID == 0 {
			t.Fatalf("orders not stored: %d %d", paris.ID, geneva.ID)
		}
		total := sampleOrder("X", at).Total
		day := at.In(mustZone(t, "Europe/Paris")).Format("2006-01-02")
		admin := srv.SignIn(t, "demo-admin")
		type share struct {
			Code        string
			Restaurants int
		}
		var z struct {
			Currency   string
			Currencies []share
			Items      []struct {
				Pseudo   string
				Currency string
				Total    int64 `json:"totalp_platfrome"`
			}
		}
		srv.Do(t, http.MethodGet, "/api/v1/reports/z?start="+day+"&end="+day, admin, nil).JSON(t, &z)
		if z.Currency != "EUR" || len(z.Currencies) != 3 || z.Currencies[0] != (share{"EUR", 10}) || z.Currencies[1] != (share{"CHF", 1}) || z.Currencies[2] != (share{"MAD", 1}) {
			t.Errorf("Z by default: %+v", z)
		}
		if len(z.Items) != 1 || z.Items[0].Currency != "EUR" || z.Items[0].Total != total {
			t.Errorf("Z in EUR holds %+v, want Paris's %d only", z.Items, total)
		}
		srv.Do(t, http.MethodGet, "/api/v1/reports/z?start="+day+"&end="+day+"&currency=CHF", admin, nil).JSON(t, &z)
		if z.Currency != "CHF" || len(z.Items) != 1 || z.Items[0].Currency != "CHF" || z.Items[0].Total != total {
			t.Errorf("Z in CHF: %+v", z)
		}
		var products struct {
			Currency   string
			Categories []struct {
				TTC int64 `json:"ca_ttc"`
			}
		}
		srv.Do(t, http.MethodGet, "/api/v1/reports/products?start="+day+"&end="+day, admin, nil).JSON(t, &products)
		var ttc int64
		for _, c := range products.Categories {
			ttc += c.TTC
		}
		if products.Currency != "EUR" || ttc != sampleOrder("X", at).Subtotal {
			t.Errorf("products in %s: %d, want Paris's %d", products.Currency, ttc, sampleOrder("X", at).Subtotal)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/reports/sales?start="+day+"&end="+day+"&currency=USD", admin, nil); res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), "query.currency") {
			t.Errorf("a currency of no restaurant: %d %s", res.Status, res.Body)
		}
		var rt struct {
			Orders int64
			Totals []struct {
				Currency string
				Revenue  int64 `json:"revenueCents"`
				Orders   int64
			}
			ByRestaurant []struct {
				Name     string
				Currency string
				Revenue  int64 `json:"revenueCents"`
			}
		}
		srv.Do(t, http.MethodGet, "/api/v1/reports/realtime", admin, nil).JSON(t, &rt)
		if rt.Orders != 2 || len(rt.Totals) != 3 || rt.Totals[0].Currency != "EUR" || rt.Totals[0].Revenue != total || rt.Totals[1].Currency != "CHF" || rt.Totals[1].Revenue != total ||
			rt.Totals[2].Currency != "MAD" || rt.Totals[2].Revenue != 0 {
			t.Errorf("realtime totals: %+v", rt)
		}
		for _, r := range rt.ByRestaurant {
			if want := map[string]string{"Paris Bastille": "EUR", "Genève Plainpalais": "CHF"}[r.Name]; r.Currency != want || r.Revenue != total {
				t.Errorf("realtime %s: %d %s", r.Name, r.Revenue, r.Currency)
			}
		}
		// The orders list and the ticket of a Geneva order are in CHF.
		var genevaID int64
		if err := srv.DB.QueryRow(context.Background(), `SELECT id FROM restaurants WHERE nom = 'Genève Plainpalais'`).Scan(&genevaID); err != nil {
			t.Fatal(err)
		}
		var page struct {
			Items []struct{ Currency string }
		}
		srv.Do(t, http.MethodGet, "/api/v1/orders?start="+day+"&end="+day+"&restaurantId="+itoa(genevaID), admin, nil).JSON(t, &page)
		if len(page.Items) != 1 || page.Items[0].Currency != "CHF" {
			t.Errorf("Geneva's orders: %+v", page.Items)
		}
		var detail struct{ Currency string }
		srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(geneva.ID), admin, nil).JSON(t, &detail)
		if detail.Currency != "CHF" {
			t.Errorf("Geneva's order in %q", detail.Currency)
		}
		srv.Do(t, http.MethodGet, "/api/v1/orders/"+itoa(paris.ID), admin, nil).JSON(t, &detail)
		if detail.Currency != "EUR" {
			t.Errorf("Paris's order in %q", detail.Currency)
		}
	})
}

// postNDJSON posts an import body and reads the whole answer.
func postNDJSON(t *testing.T, srv *testutil.Server, key string, body io.Reader, length int64) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/kiosk/v1/orders/import", body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = length
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, raw
}

// TestImportJunkIsBounded posts 8 MiB of junk lines with valid orders among
// them: the answer describes the first 100 refused lines and counts them
// all, the valid orders are stored, and the server's heap stays flat (the
// whole body and one error per line once took 1.2 GB).
func TestImportJunkIsBounded(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		key := deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "caisse")
		at := time.Date(2026, 10, 2, 12, 15, 0, 0, time.UTC)
		var body bytes.Buffer
		var valid []string // the valid lines
		var badLines []int // the refused lines' numbers
		longLine := 0
		for i := 1; body.Len() < 8<<20; i++ {
			switch {
			case i%1000 == 0:
				b, err := json.Marshal(sampleOrder(fmt.Sprintf("J-%d", i), at.Add(time.Duration(i)*time.Second)))
				if err != nil {
					t.Fatal(err)
				}
				valid = append(valid, string(b))
				body.Write(b)
			case i == 50:
				// One line past the cap: one error, not the end of the import.
				longLine = i
				badLines = append(badLines, i)
				body.WriteString(`{"order_id": "` + strings.Repeat("x", orders.MaxImportLineBytes) + `"}`)
			default:
				badLines = append(badLines, i)
				fmt.Fprintf(&body, `{"order_id": "J-%d", pas du json}`, i)
			}
			body.WriteByte('\n')
		}
		size := body.Len()

		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		status, raw := postNDJSON(t, srv, key, bytes.NewReader(body.Bytes()), int64(size))
		runtime.ReadMemStats(&after)
		grown := int64(after.HeapSys) - int64(before.HeapSys)
		t.Logf("%d MiB, %d lines (%d valid): answer %d bytes, heap taken from the system +%d MiB, allocated %d MiB",
			size>>20, len(valid)+len(badLines), len(valid), len(raw), grown>>20, (after.TotalAlloc-before.TotalAlloc)>>20)

		var out struct {
			Imported, Duplicates, Rejected int
			Errors                         []struct {
				Line    int
				Field   string
				Message string
			}
		}
		if err := json.Unmarshal(raw, &out); status != http.StatusOK || err != nil {
			t.Fatalf("%d %v %.300s", status, err, raw)
		}
		if len(raw) > 16<<10 {
			t.Errorf("answer of %d bytes: want a few KB", len(raw))
		}
		if grown > 64<<20 {
			t.Errorf("the heap grew by %d MiB for a %d MiB import", grown>>20, size>>20)
		}
		if out.Imported != len(valid) || out.Duplicates != 0 || out.Rejected != len(badLines) || len(out.Errors) != 100 {
			t.Fatalf("imported %d/%d, duplicates %d, rejected %d/%d, %d errors", out.Imported, len(valid), out.Duplicates, out.Rejected, len(badLines), len(out.Errors))
		}
		for k, e := range out.Errors {
			want := "JSON invalide : caractère inattendu"
			if e.Line == longLine {
				want = "Ligne trop longue"
			}
			if e.Line != badLines[k] || !strings.Contains(e.Message, want) {
				t.Fatalf("error %d: %+v, want line %d %q", k, e, badLines[k], want)
			}
		}
		var n int
		if err := srv.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM orders WHERE till_order_id LIKE 'J-%'`).Scan(&n); err != nil || n != len(valid) {
			t.Fatalf("%d orders stored, want %d (%v)", n, len(valid), err)
		}
		// A retried import stores nothing twice.
		again := strings.Join(valid, "\n")
		status, raw = postNDJSON(t, srv, key, strings.NewReader(again), int64(len(again)))
		if err := json.Unmarshal(raw, &out); status != http.StatusOK || err != nil || out.Imported != 0 || out.Duplicates != len(valid) || out.Rejected != 0 {
			t.Fatalf("retry: %d %v %.300s", status, err, raw)
		}
	})
}

// TestImportRefusesABodyPastTheCap: a body announced larger than the cap is
// refused before it is read, in French.
func TestImportRefusesABodyPastTheCap(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	key := deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "caisse")
	junk := io.LimitReader(zeroLines{}, orders.MaxImportBytes+1)
	status, raw := postNDJSON(t, srv, key, junk, orders.MaxImportBytes+1)
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(string(raw), "L'import dépasse 256 Mio") {
		t.Fatalf("%d %.300s", status, raw)
	}
}

// zeroLines is an endless body of empty lines.
type zeroLines struct{}

func (zeroLines) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	return len(p), nil
}
