package httpapi_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"brigade/internal/brands"
	"brigade/internal/demo"
	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

func campaignID(t *testing.T, db *store.DB, nom string) int64 {
	t.Helper()
	var id int64
	if err := db.QueryRow(t.Context(), `SELECT c.id FROM campaigns c JOIN franchises f ON f.id = c.franchise_id WHERE f.name = ? AND c.nom = ?`, demo.FranchiseName, nom).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func listBrands(t *testing.T, srv *testutil.Server, token string) []brands.Brand {
	t.Helper()
	res := srv.Do(t, http.MethodGet, "/api/v1/brands", token, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("list brands: %d %s", res.Status, res.Body)
	}
	var out []brands.Brand
	res.JSON(t, &out)
	return out
}

func brandNamed(t *testing.T, list []brands.Brand, name string) brands.Brand {
	t.Helper()
	for _, b := range list {
		if b.Name == name {
			return b
		}
	}
	t.Fatalf("no brand %q in %+v", name, list)
	return brands.Brand{}
}

// Brands: refused in French with the field at fault (name, colours, a
// carte another brand owns, a name taken whatever its case and accents);
// saved with If-Match (a stale version is a 409); logged; deleted.
func TestBrandsCRUD(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		f := loadFixture(t, srv.DB, demo.FranchiseName)
		main := campaignID(t, srv.DB, "Carte principale")

		demoBrands := listBrands(t, srv, admin)
		if len(demoBrands) != 2 || brandNamed(t, demoBrands, "Brigade Burger").CampaignIDs[0] != main {
			t.Fatalf("demo brands: %+v", demoBrands)
		}
		for _, c := range []struct {
			body  brands.Brand
			field string
			msg   string
		}{
			{brands.Brand{Name: "  ", PrimaryColor: "#112233", SecondaryColor: "#445566"}, "body.name", "Le nom de la marque est obligatoire."},
			{brands.Brand{Name: "Green", PrimaryColor: "vert", SecondaryColor: "#445566"}, "body.primaryColor", "La couleur principale doit être au format #RRGGBB (par exemple #1E88E5)."},
			{brands.Brand{Name: "Green", PrimaryColor: "#112233", SecondaryColor: "#44556"}, "body.secondaryColor", "La couleur secondaire doit être au format #RRGGBB (par exemple #1E88E5)."},
			{brands.Brand{Name: "Green", PrimaryColor: "#112233", SecondaryColor: "#445566", Logo: "http://x.fr/logo.png"}, "body.logo", "L'adresse du logo doit commencer par https://"},
			{brands.Brand{Name: "Green", PrimaryColor: "#112233", SecondaryColor: "#445566", CampaignIDs: []int64{main}}, "body.campaignIds", "La carte « Carte principale » appartient déjà à la marque « Brigade Burger » : une carte n'a qu'une marque."},
			{brands.Brand{Name: "Green", PrimaryColor: "#112233", SecondaryColor: "#445566", CampaignIDs: []int64{999999}}, "body.campaignIds", "Carte inconnue : 999999."},
			{brands.Brand{Name: "Green", PrimaryColor: "#112233", SecondaryColor: "#445566", RestaurantIDs: []int64{999999}}, "body.restaurantIds", "Restaurant inconnu : 999999."},
			{brands.Brand{Name: "le  chalet", PrimaryColor: "#112233", SecondaryColor: "#445566"}, "body.name", "Une marque nommée « le chalet » existe déjà dans la franchise."},
		} {
			res := srv.Do(t, http.MethodPost, "/api/v1/brands", admin, c.body)
			if res.Status != http.StatusUnprocessableEntity || !strings.Contains(string(res.Body), c.msg) || !strings.Contains(string(res.Body), c.field) {
				t.Errorf("%+v: %d %s, want %s %q", c.body, res.Status, res.Body, c.field, c.msg)
			}
		}

		res := srv.Do(t, http.MethodPost, "/api/v1/brands", admin, brands.Brand{Name: " Green   Brigade ", Logo: "https://cdn.example.fr/green.png",
			PrimaryColor: "#2e7d32", SecondaryColor: "#c5e1a5", RestaurantIDs: []int64{f.restaurants[2], f.restaurants[0], f.restaurants[2]}})
		if res.Status != http.StatusCreated || res.Header.Get("ETag") != `"1"` {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var green brands.Brand
		res.JSON(t, &green)
		if green.Name != "Green Brigade" || green.PrimaryColor != "#2E7D32" || len(green.RestaurantIDs) != 2 || green.RestaurantIDs[0] != f.restaurants[0] || len(green.CampaignIDs) != 0 {
			t.Fatalf("stored form: %+v", green)
		}
		path := "/api/v1/brands/" + itoa(green.ID)
		green.SecondaryColor = "#FFFFFF"
		if res := srv.Do(t, http.MethodPut, path, admin, green); res.Status != http.StatusUnprocessableEntity && res.Status != http.StatusBadRequest {
			t.Fatalf("a change without If-Match: %d %s", res.Status, res.Body)
		}
		res = srv.DoWith(t, http.MethodPut, path, admin, green, map[string]string{"If-Match": `"1"`})
		if res.Status != http.StatusOK || res.Header.Get("ETag") != `"2"` {
			t.Fatalf("update: %d %s", res.Status, res.Body)
		}
		res = srv.DoWith(t, http.MethodPut, path, admin, green, map[string]string{"If-Match": `"1"`})
		if res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "Cette marque a été modifiée entre-temps.") {
			t.Fatalf("stale update: %d %s", res.Status, res.Body)
		}
		var n int
		if err := srv.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM history_entries WHERE module = 'Marques' AND franchise_id = ? AND details LIKE ?`, f.franchiseID, "%Green Brigade%").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 2 {
			t.Fatalf("history: %d entries for Green Brigade, want 2 (creation, change)", n)
		}
		if res := srv.Do(t, http.MethodDelete, path, admin, nil); res.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		if res := srv.Do(t, http.MethodGet, path, admin, nil); res.Status != http.StatusNotFound {
			t.Fatalf("read after delete: %d", res.Status)
		}
	})
}

// Another franchise's admin can neither read nor change nor delete a
// brand (404, as for a missing one) and lists none of them; a restaurant
// login sees only the brands its restaurant serves, with that restaurant
// only, and changes none.
func TestBrandsStayInScope(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		f := loadFixture(t, srv.DB, demo.FranchiseName)
		all := listBrands(t, srv, admin)
		chalet := brandNamed(t, all, "Le Chalet")
		res := srv.Do(t, http.MethodPost, "/api/v1/brands", admin, brands.Brand{Name: "Marseille Snack", PrimaryColor: "#000000", SecondaryColor: "#FFFFFF",
			RestaurantIDs: []int64{f.restaurants[2]}})
		if res.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		var marseille brands.Brand
		res.JSON(t, &marseille)

		other := srv.SignIn(t, "autre-admin")
		if got := listBrands(t, srv, other); len(got) != 0 {
			t.Fatalf("another franchise lists %+v", got)
		}
		resto := srv.SignIn(t, "demo-resto") // Lyon Part-Dieu
		mine := listBrands(t, srv, resto)
		if len(mine) != 2 || brandNamed(t, mine, "Le Chalet").RestaurantIDs[0] != f.restaurants[1] || len(brandNamed(t, mine, "Brigade Burger").RestaurantIDs) != 1 {
			t.Fatalf("the restaurant login's brands: %+v", mine)
		}
		body := brands.Brand{Name: "Pris", PrimaryColor: "#000000", SecondaryColor: "#FFFFFF"}
		ifMatch := map[string]string{"If-Match": `"1"`}
		for _, c := range []struct {
			token, method, path string
			body                any
			want                int
		}{
			{other, http.MethodGet, "/api/v1/brands/" + itoa(chalet.ID), nil, 404},
			{other, http.MethodPut, "/api/v1/brands/" + itoa(chalet.ID), body, 404},
			{other, http.MethodDelete, "/api/v1/brands/" + itoa(chalet.ID), nil, 404},
			{resto, http.MethodGet, "/api/v1/brands/" + itoa(marseille.ID), nil, 404},
			{resto, http.MethodGet, "/api/v1/brands/" + itoa(chalet.ID), nil, 200},
			{resto, http.MethodPut, "/api/v1/brands/" + itoa(chalet.ID), body, 403},
			{resto, http.MethodPost, "/api/v1/brands", body, 403},
		} {
			res := srv.DoWith(t, c.method, c.path, c.token, c.body, ifMatch)
			if res.Status != c.want {
				t.Errorf("%s %s: %d %s, want %d", c.method, c.path, res.Status, res.Body, c.want)
			}
		}
		if got := brandNamed(t, listBrands(t, srv, admin), "Le Chalet"); got.Version != 1 || got.Name != "Le Chalet" {
			t.Fatalf("the brand changed: %+v", got)
		}
	})
}

// brandOrder is an order of the report test, with one VAT rate.
func brandOrder(id string, at time.Time, lines ...orders.Line) orders.Order {
	o := orders.Order{OrderID: id, Source: orders.SourceTill, Type: orders.TypeTakeAway, Status: orders.StatusPaid, PaidAt: at.UTC(), Lines: lines}
	for i := range o.Lines {
		l := &o.Lines[i]
		l.TaxRate = 1000
		l.Total = int64(l.Quantity) * l.UnitPrice
		o.Subtotal += l.Total
	}
	o.Total = o.Subtotal
	o.VAT = []orders.VATLine{{Rate: 1000, HT: orders.HT(o.Total, 1000), TTC: o.Total}}
	o.VAT[0].VAT = o.VAT[0].TTC - o.VAT[0].HT
	o.Payments = []orders.Payment{{Method: "cb", Amount: o.Total}}
	return o
}

func line(productID, name string, qty int, cents int64) orders.Line {
	return orders.Line{ProductID: productID, Name: name, Category: "Test", Quantity: qty, UnitPrice: cents}
}

// The figures by brand equal a recomputation from the orders the test
// posts: lines of the main carte go to Brigade Burger, of the winter carte
// to Le Chalet, the others (unknown product, no product id) to « Sans
// marque »; an order of two brands counts once in the total and once for
// each brand; an order refunded in full the next day counts on its day and
// is taken back on the next; a pending order counts on the day it is paid;
// the francs of Geneva never join the euros; a food court shows its split.
func TestBrandReportEqualsRawOrders(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		f := loadFixture(t, srv.DB, demo.FranchiseName)
		bastille, partDieu := f.restaurants[0], f.restaurants[1]
		paris := mustZone(t, "Europe/Paris")
		day := func(daysAgo, hour int) time.Time {
			y, m, d := time.Now().In(paris).AddDate(0, 0, -daysAgo).Date()
			return time.Date(y, m, d, hour, 0, 0, 0, paris)
		}
		date := func(daysAgo int) string { return day(daysAgo, 12).Format(time.DateOnly) }
		type posted struct {
			restaurant int64
			key        string
			o          orders.Order
		}
		tillB, tillL := deviceKeyOf(t, srv.DB, "Paris Bastille", "caisse"), deviceKeyOf(t, srv.DB, "Lyon Part-Dieu", "caisse")
		tillM, tillG := deviceKeyOf(t, srv.DB, "Marseille Vieux-Port", "caisse"), deviceKeyOf(t, srv.DB, "Genève Plainpalais", "caisse")
		sent := []posted{
			{bastille, tillB, brandOrder("B-1", day(3, 12), line("main-prod-1", "Le Classique", 2, 990), line("hiver-prod-1", "Le Raclette", 1, 1390))},
			{bastille, tillB, brandOrder("B-2", day(3, 13), line("hiver-prod-3", "Soupe à l'oignon", 1, 690), line("", "Pain", 1, 150))},
			{bastille, tillB, brandOrder("B-3", day(2, 19), line("main-prod-40", "Coca-Cola", 3, 290), line("inconnu", "Produit hors carte", 1, 500))},
			{partDieu, tillL, brandOrder("L-1", day(2, 12), line("hiver-prod-2", "Le Tartiflette", 1, 1390))},
			{partDieu, tillL, brandOrder("L-2", day(3, 20), line("main-prod-2", "Le Bacon", 1, 1150), line("main-prod-3", "Le Montagnard", 1, 1290))},
			{f.restaurants[2], tillM, brandOrder("M-1", day(2, 12), line("main-prod-1", "Le Classique", 1, 990))},
			{0, tillG, brandOrder("G-1", day(2, 12), line("main-prod-1", "Le Classique", 5, 1500))},
		}
		pending := brandOrder("L-3", day(3, 21), line("main-prod-1", "Le Classique", 1, 990))
		pending.Status = orders.StatusPending
		sent = append(sent, posted{partDieu, tillL, pending})
		for _, p := range sent {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders", p.key, p.o); res.Status != http.StatusCreated {
				t.Fatalf("post %s: %d %s", p.o.OrderID, res.Status, res.Body)
			}
		}
		// B-1 refunded in full two days later; L-3 paid the day after it was taken.
		for _, c := range []struct {
			key, id string
			body    map[string]any
		}{
			{tillB, "B-1", map[string]any{"event_id": "R-1", "status": "refunded", "at": day(1, 12), "reason": "Erreur de commande"}},
			{tillL, "L-3", map[string]any{"event_id": "P-1", "status": "paid", "at": day(2, 10)}},
		} {
			if res := srv.Do(t, http.MethodPost, "/kiosk/v1/orders/"+c.id+"/status", c.key, c.body); res.Status != http.StatusCreated {
				t.Fatalf("status of %s: %d %s", c.id, res.Status, res.Body)
			}
		}

		list := listBrands(t, srv, admin)
		burger, chalet := brandNamed(t, list, "Brigade Burger"), brandNamed(t, list, "Le Chalet")
		brandOf := func(productID string) int64 {
			switch {
			case strings.HasPrefix(productID, "main-prod-"):
				return burger.ID
			case strings.HasPrefix(productID, "hiver-prod-"):
				return chalet.ID
			}
			return 0
		}
		// When each order counts, and with which sign: its sale day, and
		// the day a refund took it back.
		type counted struct {
			p    posted
			sign int64
			day  string
		}
		var sales []counted
		for _, p := range sent {
			if p.restaurant == 0 {
				continue // francs
			}
			switch p.o.OrderID {
			case "L-3":
				sales = append(sales, counted{p, 1, date(2)})
			case "B-1":
				sales = append(sales, counted{p, 1, date(3)}, counted{p, -1, date(1)})
			default:
				sales = append(sales, counted{p, 1, p.o.PaidAt.In(paris).Format(time.DateOnly)})
			}
		}
		type fig struct{ revenue, orders, items int64 }
		recompute := func(start, end string, site int64) (map[int64]fig, fig) {
			by, total := map[int64]fig{}, fig{}
			for _, s := range sales {
				if s.day < start || s.day > end || (site != 0 && s.p.restaurant != site) {
					continue
				}
				seen := map[int64]bool{}
				for _, l := range s.p.o.Lines {
					b := brandOf(l.ProductID)
					x := by[b]
					x.revenue += s.sign * l.Total
					x.items += s.sign * int64(l.Quantity)
					if !seen[b] {
						seen[b] = true
						x.orders += s.sign
					}
					by[b] = x
					total.revenue += s.sign * l.Total
					total.items += s.sign * int64(l.Quantity)
				}
				total.orders += s.sign
			}
			return by, total
		}
		check := func(label string, got []reports.BrandFigures, total reports.BrandFigures, by map[int64]fig, want fig) {
			t.Helper()
			if total.RevenueCents != want.revenue || total.Orders != want.orders || total.Items != want.items {
				t.Errorf("%s total: %+v, want %+v", label, total, want)
			}
			for _, g := range got {
				w := by[g.BrandID]
				basket := int64(0)
				if w.orders > 0 {
					basket = (w.revenue + w.orders/2) / w.orders
				}
				share := 0.0
				if want.revenue != 0 {
					share = float64(w.revenue*10000/want.revenue) / 100
				}
				if g.RevenueCents != w.revenue || g.Orders != w.orders || g.Items != w.items || g.BasketCents != basket || g.Share != share {
					t.Errorf("%s %s: %+v, want %+v (basket %d, share %.2f)", label, g.Name, g, w, basket, share)
				}
				delete(by, g.BrandID)
			}
			for id, w := range by {
				if w != (fig{}) {
					t.Errorf("%s: brand %d missing from %+v (want %+v)", label, id, got, w)
				}
			}
		}
		for _, r := range [][2]int{{3, 0}, {3, 3}, {2, 1}, {1, 1}, {10, 4}} {
			start, end := date(r[0]), date(r[1])
			res := srv.Do(t, http.MethodGet, "/api/v1/reports/brands?start="+start+"&end="+end, admin, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("report: %d %s", res.Status, res.Body)
			}
			var rep reports.BrandReport
			res.JSON(t, &rep)
			if rep.Currency != "EUR" {
				t.Fatalf("currency %q", rep.Currency)
			}
			by, total := recompute(start, end, 0)
			check(fmt.Sprintf("%s…%s", start, end), rep.Brands, rep.Totals, by, total)
			if len(rep.Brands) < 2 || rep.Brands[len(rep.Brands)-1].Name == "" {
				t.Fatalf("rows: %+v", rep.Brands)
			}
			if by0 := by[0]; by0 != (fig{}) && rep.Brands[len(rep.Brands)-1].Name != reports.NoBrand {
				t.Errorf("« Sans marque » is not last: %+v", rep.Brands)
			}
			// The food courts: Bastille and Part-Dieu serve both brands, Marseille one.
			if len(rep.Sites) != 2 {
				t.Fatalf("sites: %+v", rep.Sites)
			}
			for _, s := range rep.Sites {
				if s.RestaurantID != bastille && s.RestaurantID != partDieu {
					t.Fatalf("a site that serves one brand: %+v", s)
				}
				by, total := recompute(start, end, s.RestaurantID)
				check(s.Name+" "+start, s.Brands, s.Totals, by, total)
			}
		}
		// A figure by hand: the 3rd day before, Bastille's B-1 and B-2 and
		// Part-Dieu's L-2: Brigade Burger 19,80 + 24,40 = 44,20 € over 2 orders.
		res := srv.Do(t, http.MethodGet, "/api/v1/reports/brands?start="+date(3)+"&end="+date(3), admin, nil)
		var rep reports.BrandReport
		res.JSON(t, &rep)
		if b := rep.Brands[0]; b.BrandID != burger.ID || b.RevenueCents != 4420 || b.Orders != 2 || b.Items != 4 || b.BasketCents != 2210 {
			t.Fatalf("Brigade Burger on day 3: %+v", b)
		}
		// A restaurant login sees its restaurant's figures only.
		resto := srv.SignIn(t, "demo-resto")
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/brands?start="+date(3)+"&end="+date(0), resto, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("resto report: %d %s", res.Status, res.Body)
		}
		rep = reports.BrandReport{}
		res.JSON(t, &rep)
		_, total := recompute(date(3), date(0), partDieu)
		if rep.Totals.RevenueCents != total.revenue || len(rep.Sites) != 1 || rep.Sites[0].RestaurantID != partDieu {
			t.Fatalf("resto report: %+v, want %+v", rep, total)
		}
		// Francs alone: Geneva's order, every line « Brigade Burger ».
		res = srv.Do(t, http.MethodGet, "/api/v1/reports/brands?start="+date(3)+"&end="+date(0)+"&currency=CHF", admin, nil)
		rep = reports.BrandReport{}
		res.JSON(t, &rep)
		if rep.Currency != "CHF" || rep.Totals.RevenueCents != 7500 || rep.Brands[0].BrandID != burger.ID || rep.Brands[0].RevenueCents != 7500 {
			t.Fatalf("francs: %+v", rep)
		}
	})
}
