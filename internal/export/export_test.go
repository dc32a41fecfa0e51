package export_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"brigade/internal/blob"
	"brigade/internal/demo"
	"brigade/internal/deploy"
	"brigade/internal/events"
	"brigade/internal/export"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

type fixture struct {
	db     *store.DB
	ten    *tenancy.Service
	bus    *events.Local
	runner *jobs.Runner
	deploy *deploy.Service
	svc    *export.Service
}

// setup loads and deploys the demo franchise. The runner is not started:
// tests run the queued jobs themselves with RunPending.
func setup(t *testing.T, engine store.Engine) fixture {
	t.Helper()
	ctx := context.Background()
	db := testutil.NewDB(t, engine)
	bus := events.NewLocal()
	ten := tenancy.NewService(db, bus)
	if err := demo.Load(ctx, db, ten); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	runner := jobs.NewRunner(db, bus)
	dep := deploy.NewService(db, ten, runner, bus, blobs)
	if _, err := demo.Deploy(ctx, db, dep); err != nil {
		t.Fatal(err)
	}
	return fixture{db: db, ten: ten, bus: bus, runner: runner, deploy: dep, svc: export.NewService(db, ten, runner, dep, blobs)}
}

func (f fixture) principal(t *testing.T, login string) tenancy.Principal {
	t.Helper()
	u, err := f.ten.UserByLogin(context.Background(), login)
	if err != nil {
		t.Fatal(err)
	}
	return tenancy.PrincipalFor(u)
}

func (f fixture) restaurants(t *testing.T, p tenancy.Principal) []tenancy.Restaurant {
	t.Helper()
	list, err := f.ten.Restaurants(context.Background(), p, tenancy.RestaurantFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// deployed reads a restaurant's deployed menu the way kiosks get it.
func (f fixture) deployed(t *testing.T, restaurantID int64) *menu.Document {
	t.Helper()
	ctx := context.Background()
	cur, err := f.deploy.CurrentFor(ctx, restaurantID)
	if err != nil {
		t.Fatal(err)
	}
	raw, _, err := f.deploy.Document(ctx, cur.Hash)
	if err != nil {
		t.Fatal(err)
	}
	d, err := menu.Parse(raw, "deployed.json")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func readZip(t *testing.T, rc io.ReadCloser) *zip.Reader {
	t.Helper()
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return zr
}

func TestExportProductsEndToEnd(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		f := setup(t, engine)
		admin := f.principal(t, "demo-admin")
		all := f.restaurants(t, admin)
		chosen := []tenancy.Restaurant{all[0], all[1]}

		feed, stop := f.bus.Subscribe(admin.FranchiseID)
		defer stop()
		started, err := f.svc.StartProductsExport(ctx, admin, []int64{chosen[1].ID, chosen[0].ID})
		if err != nil {
			t.Fatal(err)
		}
		if started.FileName != "Produits Brigade Burger.zip" || started.FranchiseID != admin.FranchiseID || started.Message != export.MsgPreparing || started.Kind != export.JobProducts {
			t.Fatalf("started = %+v", started)
		}
		if _, _, _, err := f.svc.Download(ctx, admin, started.ID); !errors.Is(err, export.ErrNotReady) {
			t.Fatalf("download before the job ran: %v, want ErrNotReady", err)
		}
		if err := f.runner.RunPending(ctx); err != nil {
			t.Fatal(err)
		}

		// Progress: announced from the start message to the end message.
		var messages []string
		var last events.Event
		for len(feed) > 0 {
			e := <-feed
			if e.Type == jobs.TypeProgress && fmt.Sprint(e.Data["jobId"]) == fmt.Sprint(started.ID) {
				messages = append(messages, fmt.Sprint(e.Data["message"]))
				last = e
			}
		}
		if len(messages) < 2 || messages[0] != export.MsgPreparing || messages[len(messages)-1] != export.MsgFinished || last.Data["status"] != jobs.Done {
			t.Fatalf("progress messages = %q (last %v)", messages, last.Data)
		}

		j, err := f.runner.Get(ctx, admin.FranchiseID, started.ID)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status != jobs.Done || j.Message != export.MsgFinished || j.Done != 2 || j.Total != 2 {
			t.Fatalf("job = %+v", j)
		}
		var res export.ProductsResult
		if err := json.Unmarshal(j.Result, &res); err != nil {
			t.Fatal(err)
		}
		if res.Message != export.MsgFinished || res.FileName != "Produits Brigade Burger.zip" || len(res.Restaurants) != 2 || len(res.Skipped) != 0 {
			t.Fatalf("result = %+v", res)
		}

		rc, info, name, err := f.svc.Download(ctx, admin, started.ID)
		if err != nil {
			t.Fatal(err)
		}
		if name != "Produits Brigade Burger.zip" || info.Size == 0 {
			t.Fatalf("download %q, %d bytes", name, info.Size)
		}
		zr := readZip(t, rc)
		if len(zr.File) != 2 {
			t.Fatalf("zip holds %d files", len(zr.File))
		}
		for i, r := range chosen { // the zip lists restaurants by name, as the scope does
			want := export.RestaurantFileName(r.Pseudo, r.Nom, r.Siret)
			if zr.File[i].Name != want || res.Restaurants[i].File != want || res.Restaurants[i].RestaurantID != r.ID {
				t.Fatalf("file %d = %q (result %+v), want %q", i, zr.File[i].Name, res.Restaurants[i], want)
			}
			if want != r.Pseudo+" "+r.Siret+".xlsx" {
				t.Fatalf("file name %q: pseudo and SIRET expected", want)
			}
			rd, err := zr.File[i].Open()
			if err != nil {
				t.Fatal(err)
			}
			n := checkWorkbook(t, rd, f.deployed(t, r.ID))
			if n != res.Restaurants[i].Products {
				t.Fatalf("%s: %d rows, result says %d", want, n, res.Restaurants[i].Products)
			}
		}
	})
}

var flagHeaders = []string{"Tailles", "Masqué", "Rupture", "Masqué borne", "Masqué caisse", "Masqué en ligne", "Identifiant global"}

// checkWorkbook reads a restaurant's spreadsheet back and compares it cell
// by cell with its deployed menu; it returns the number of product rows.
func checkWorkbook(t *testing.T, r io.ReadCloser, d *menu.Document) int {
	t.Helper()
	defer r.Close()
	x, err := excelize.OpenReader(r)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if got := x.GetSheetList(); !slices.Equal(got, []string{"Produits"}) {
		t.Fatalf("sheets = %q", got)
	}
	// Widths: 200, 200, 50, then 150 px.
	for i, px := range []int{200, 200, 50, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150, 150} {
		col, _ := excelize.ColumnNumberToName(i + 1)
		w, err := x.GetColWidth("Produits", col)
		if err != nil {
			t.Fatal(err)
		}
		if w != export.WidthUnits(px) || export.WidthPixels(w) != px {
			t.Fatalf("column %s: width %v (%d px), want %v (%d px)", col, w, export.WidthPixels(w), export.WidthUnits(px), px)
		}
	}
	rows, err := x.GetRows("Produits")
	if err != nil {
		t.Fatal(err)
	}
	wantHeader := append([]string{"Nom", "Catégorie", "ID", "Sur Place (€)", "A Emporter (€)", "En Livraison (€)", "Platform (€)", "Drive (€)"}, flagHeaders...)
	if !slices.Equal(rows[0], wantHeader) {
		t.Fatalf("header = %q", rows[0])
	}
	cats := map[int]menu.Category{}
	for _, c := range d.Categories {
		cats[c.IDCat] = c
	}
	byID := map[string]menu.Product{}
	kept := 0
	for _, p := range d.Items {
		if !p.Removed && !p.RemovedByAdmin {
			byID[fmt.Sprint(p.ID)] = p
			kept++
		}
	}
	if len(rows)-1 != kept || kept == 0 {
		t.Fatalf("%d product rows, the deployed menu has %d products", len(rows)-1, kept)
	}
	money := func(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }
	priceOf := func(p menu.Product, typeOrder int) string {
		for _, e := range p.Prices {
			if e.Tariff == 1 && e.TypeOrder == typeOrder {
				return money(e.Price.Cents)
			}
		}
		return ""
	}
	lastPos := -1
	withSizes := 0
	for i, row := range rows[1:] {
		cell := func(col string) string {
			v, err := x.GetCellValue("Produits", fmt.Sprintf("%s%d", col, i+2))
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		p, ok := byID[cell("C")]
		if !ok {
			t.Fatalf("row %d: product id %q is not in the deployed menu (%q)", i+2, cell("C"), row)
		}
		delete(byID, cell("C"))
		c := cats[p.IDCat]
		if cell("A") != p.Name || cell("B") != c.Name || cell("O") != p.IDGlobal {
			t.Fatalf("row %d = %q, want %s / %s / %s", i+2, row, p.Name, c.Name, p.IDGlobal)
		}
		if c.Position < lastPos {
			t.Fatalf("row %d: category %s out of order", i+2, c.Name)
		}
		lastPos = c.Position
		// Demo products carry prices[] for Sur Place, A Emporter and En
		// Livraison; Platform comes from price_platform; Drive has none.
		wantPrices := []string{priceOf(p, 1), priceOf(p, 2), priceOf(p, 3), money(p.PricePlatform.Cents), ""}
		for k, col := range []string{"D", "E", "F", "G", "H"} {
			if got := cell(col); got != wantPrices[k] {
				t.Fatalf("row %d (%s) column %s = %q, want %q", i+2, p.Name, col, got, wantPrices[k])
			}
		}
		if wantPrices[0] == "" || wantPrices[2] == wantPrices[0] {
			t.Fatalf("%s: demo prices expected for Sur Place and a dearer delivery, got %q", p.Name, wantPrices)
		}
		if typ, _ := x.GetCellType("Produits", fmt.Sprintf("D%d", i+2)); typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
			t.Fatalf("row %d: price stored as text", i+2)
		}
		if len(p.AllSizes) > 0 {
			withSizes++
			want := fmt.Sprintf("%s : %s", p.AllSizes[0].NameSize, strings.Replace(money(p.AllSizes[0].PriceSP.Cents), ".", ",", 1))
			if !strings.HasPrefix(cell("I"), want) || strings.Count(cell("I"), " ; ") != len(p.AllSizes)-1 {
				t.Fatalf("row %d sizes = %q, want %q first", i+2, cell("I"), want)
			}
		} else if cell("I") != "" {
			t.Fatalf("row %d sizes = %q, want none", i+2, cell("I"))
		}
		yes := func(b bool) string {
			if b {
				return "Oui"
			}
			return "Non"
		}
		flags := []string{yes(p.Hidden), yes(p.SoldOut || p.SoldOutTemporary), yes(p.HiddenBorne), yes(p.HiddenCaisse), yes(p.HiddenOnline)}
		for k, col := range []string{"J", "K", "L", "M", "N"} {
			if cell(col) != flags[k] {
				t.Fatalf("row %d column %s = %q, want %q", i+2, col, cell(col), flags[k])
			}
		}
	}
	if withSizes == 0 {
		t.Fatal("the demo menu should have products with sizes")
	}
	return len(rows) - 1
}

func TestExportProgressAndSkipped(t *testing.T) {
	ctx := context.Background()
	f := setup(t, store.SQLite)
	admin := f.principal(t, "demo-admin")
	all := f.restaurants(t, admin)
	var fresh tenancy.Restaurant
	err := f.db.WithTx(ctx, func(tx *store.Tx) error {
		var err error
		fresh, err = f.ten.NewRestaurant(ctx, tx, tenancy.Restaurant{FranchiseID: admin.FranchiseID, Nom: "Zz Nouveau: resto/test", Siret: "12345678901234"})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	type call struct {
		done, total int
		message     string
	}
	var calls []call
	res, err := f.svc.Products(ctx, admin.FranchiseID, 4242, export.ProductsParams{RestaurantIDs: []int64{all[0].ID, fresh.ID}, FileName: "Produits Brigade Burger.zip"},
		func(done, total int, message string) { calls = append(calls, call{done, total, message}) })
	if err != nil {
		t.Fatal(err)
	}
	want := []call{{0, 2, export.MsgPreparing}, {1, 2, "Exportation : 1 / 2 restaurants"}, {2, 2, "Exportation : 2 / 2 restaurants"}, {2, 2, export.MsgFinished}}
	if !slices.Equal(calls, want) {
		t.Fatalf("progress = %+v, want %+v", calls, want)
	}
	if !slices.Equal(res.Skipped, []string{"Zz Nouveau: resto/test"}) || len(res.Restaurants) != 1 || res.Restaurants[0].RestaurantID != all[0].ID {
		t.Fatalf("result = %+v", res)
	}
}

func TestExportPermissions(t *testing.T) {
	ctx := context.Background()
	f := setup(t, store.SQLite)
	admin := f.principal(t, "demo-admin")
	moderator := f.principal(t, "demo-moderateur")
	guest := f.principal(t, "demo-invite")
	resto := f.principal(t, "demo-resto")
	other := f.principal(t, "autre-admin")
	super := f.principal(t, "superadmin")
	all := f.restaurants(t, admin)
	notMine := all[0].ID
	if notMine == moderator.Restaurants[0] {
		notMine = all[1].ID
	}

	// The moderator exports its own restaurant, never another.
	if _, err := f.svc.StartProductsExport(ctx, moderator, []int64{notMine}); !errors.Is(err, tenancy.ErrNotFound) {
		t.Fatalf("moderator, other restaurant: %v", err)
	}
	mine, err := f.svc.StartProductsExport(ctx, moderator, nil)
	if err != nil {
		t.Fatal(err)
	}
	var params export.ProductsParams
	if err := json.Unmarshal(mine.Params, &params); err != nil || !slices.Equal(params.RestaurantIDs, moderator.Restaurants) {
		t.Fatalf("moderator export params = %s (%v)", mine.Params, err)
	}
	// Guests and restaurant logins: their allowed list only.
	if _, err := f.svc.StartProductsExport(ctx, guest, []int64{guest.Restaurants[0], guest.Restaurants[1]}); err != nil {
		t.Fatal(err)
	}
	for _, r := range all {
		if !slices.Contains(guest.Restaurants, r.ID) {
			if _, err := f.svc.StartProductsExport(ctx, guest, []int64{r.ID}); !errors.Is(err, tenancy.ErrNotFound) {
				t.Fatalf("guest, restaurant out of its list: %v", err)
			}
			break
		}
	}
	if _, err := f.svc.StartProductsExport(ctx, resto, []int64{resto.Restaurants[0]}); err != nil {
		t.Fatal(err)
	}
	// Another franchise's restaurants are not found; super-admins have no franchise to export.
	if _, err := f.svc.StartProductsExport(ctx, other, []int64{all[0].ID}); !errors.Is(err, tenancy.ErrNotFound) {
		t.Fatalf("other franchise: %v", err)
	}
	if _, err := f.svc.StartProductsExport(ctx, super, nil); !errors.Is(err, tenancy.ErrForbidden) {
		t.Fatalf("super-admin: %v", err)
	}

	adminJob, err := f.svc.StartProductsExport(ctx, admin, []int64{all[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.runner.RunPending(ctx); err != nil {
		t.Fatal(err)
	}
	if rc, _, _, err := f.svc.Download(ctx, admin, mine.ID); err != nil {
		t.Fatalf("admin downloads the moderator's export: %v", err)
	} else {
		rc.Close()
	}
	if rc, _, _, err := f.svc.Download(ctx, moderator, mine.ID); err != nil {
		t.Fatalf("moderator downloads its export: %v", err)
	} else if zr := readZip(t, rc); len(zr.File) != 1 {
		t.Fatalf("moderator's zip holds %d files", len(zr.File))
	}
	// A generation is a job of the franchise, but has nothing to download.
	gen, err := f.deploy.StartGeneration(ctx, admin, []int64{all[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := f.svc.Download(ctx, admin, gen.ID); !errors.Is(err, export.ErrNotExport) {
		t.Fatalf("admin downloads a generation: %v", err)
	}
	if _, _, _, err := f.svc.Download(ctx, moderator, gen.ID); !errors.Is(err, tenancy.ErrNotFound) {
		t.Fatalf("moderator downloads a generation: %v", err)
	}
	for name, p := range map[string]tenancy.Principal{"other franchise": other, "moderator": moderator, "guest": guest, "super-admin": super} {
		if _, _, _, err := f.svc.Download(ctx, p, adminJob.ID); !errors.Is(err, tenancy.ErrNotFound) {
			t.Fatalf("%s downloads the admin's export: %v", name, err)
		}
	}
}

func TestWidthUnits(t *testing.T) {
	for px, want := range map[int]float64{200: 28.5703125, 50: 7.140625, 150: 21.42578125} {
		if got := export.WidthUnits(px); got != want {
			t.Errorf("WidthUnits(%d) = %v, want %v", px, got, want)
		}
	}
	for px := 12; px <= 2000; px++ {
		if got := export.WidthPixels(export.WidthUnits(px)); got != px {
			t.Fatalf("%d px → %v → %d px", px, export.WidthUnits(px), got)
		}
	}
	cols := export.Columns("€")
	if len(cols) != 15 || cols[0].Pixels != 200 || cols[1].Pixels != 200 || cols[2].Pixels != 50 || cols[3].Pixels != 150 || cols[14].Pixels != 150 {
		t.Fatalf("columns = %+v", cols)
	}
}

func TestFileNames(t *testing.T) {
	for _, c := range []struct{ pseudo, nom, siret, want string }{
		{"bastille", "Paris Bastille", "81234567000012", "bastille 81234567000012.xlsx"},
		{"", "Paris Bastille", "81234567000012", "Paris Bastille 81234567000012.xlsx"},
		{"  ", "Lyon: Part/Dieu*", "81234567000013", "Lyon_ Part_Dieu_ 81234567000013.xlsx"},
		{`a\b?c"d<e>f|g`, "", "1", "a_b_c_d_e_f_g 1.xlsx"},
		{"tab\there\x00", "", "", "tab_here_.xlsx"},
		{"..", "", "", "Restaurant.xlsx"},
		{"", "", "", "Restaurant.xlsx"},
	} {
		if got := export.RestaurantFileName(c.pseudo, c.nom, c.siret); got != c.want {
			t.Errorf("RestaurantFileName(%q, %q, %q) = %q, want %q", c.pseudo, c.nom, c.siret, got, c.want)
		}
	}
	if got := export.ZipName("Brigade Burger"); got != "Produits Brigade Burger.zip" {
		t.Errorf("ZipName = %q", got)
	}
	if got := export.ZipName("A/B"); got != "Produits A_B.zip" {
		t.Errorf("ZipName = %q", got)
	}
	if got := export.ContentDisposition("Produits Brigade Burger.zip"); got != `attachment; filename="Produits Brigade Burger.zip"; filename*=UTF-8''Produits%20Brigade%20Burger.zip` {
		t.Errorf("ContentDisposition = %s", got)
	}
	if got := export.ContentDisposition(`Produits Crêpes "d'Été".zip`); got != `attachment; filename="Produits Cr_pes _d'_t__.zip"; filename*=UTF-8''Produits%20Cr%C3%AApes%20%22d%27%C3%89t%C3%A9%22.zip` {
		t.Errorf("ContentDisposition = %s", got)
	}
}

func FuzzRestaurantFileName(f *testing.F) {
	f.Add("bastille", "Paris Bastille", "81234567000012")
	f.Add("", `a\b/c:d*e?f"g<h>i|j`, "\x00\x1f\x7f")
	f.Add(strings.Repeat("é", 300), "", "..")
	f.Add("\xff\xfe", " . ", "")
	f.Fuzz(func(t *testing.T, pseudo, nom, siret string) {
		name := export.RestaurantFileName(pseudo, nom, siret)
		base := strings.TrimSuffix(name, ".xlsx")
		if !strings.HasSuffix(name, ".xlsx") || base == "" || !utf8.ValidString(name) {
			t.Fatalf("%q", name)
		}
		if strings.ContainsAny(base, "\\/:*?\"<>|\x7f") || strings.IndexFunc(base, func(r rune) bool { return r < 0x20 }) >= 0 {
			t.Fatalf("%q keeps a forbidden character", name)
		}
		if strings.TrimSpace(base) != base || strings.HasSuffix(base, ".") || strings.HasPrefix(base, ".") || utf8.RuneCountInString(base) > 100 {
			t.Fatalf("%q: surrounding spaces or dots, or too long", name)
		}
		if menu.SanitizeFileName(name) != name {
			t.Fatalf("%q is not stable under menu.SanitizeFileName", name)
		}
	})
}
