package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

	"brigade/internal/export"
	"brigade/internal/jobs"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

type exportJob struct {
	ID          int64                 `json:"id"`
	Kind        string                `json:"kind"`
	Status      string                `json:"status"`
	Done        int                   `json:"done"`
	Total       int                   `json:"total"`
	Message     string                `json:"message"`
	Error       string                `json:"error"`
	FranchiseID int64                 `json:"franchiseId"`
	FileName    string                `json:"fileName"`
	Result      export.ProductsResult `json:"result"`
}

func scopeOf(t *testing.T, srv *testutil.Server, login string) (tenancy.Principal, []tenancy.Restaurant) {
	t.Helper()
	ctx := context.Background()
	u, err := srv.Tenancy.UserByLogin(ctx, login)
	if err != nil {
		t.Fatal(err)
	}
	p := tenancy.PrincipalFor(u)
	list, err := srv.Tenancy.Restaurants(ctx, p, tenancy.RestaurantFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return p, list
}

func TestExportProductsAPI(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		p, restaurants := scopeOf(t, srv, "demo-admin")
		chosen := restaurants[:2]

		feed, stop := srv.Bus.Subscribe(p.FranchiseID)
		defer stop()
		res := srv.Do(t, http.MethodPost, "/api/v1/exports/products", admin, map[string]any{"restaurantIds": []int64{chosen[0].ID, chosen[1].ID}})
		if res.Status != http.StatusAccepted {
			t.Fatalf("start: %d %s", res.Status, res.Body)
		}
		var started exportJob
		res.JSON(t, &started)
		if started.Kind != export.JobProducts || started.FileName != "Produits Brigade Burger.zip" || started.FranchiseID != p.FranchiseID || started.Message != "Préparation de l'exportation..." {
			t.Fatalf("started = %s", res.Body)
		}
		j := awaitJob[exportJob](t, srv, admin, started.ID)
		if j.Status != "done" || j.Message != "Exportation terminée avec succès !" || j.Done != 2 || j.Total != 2 {
			t.Fatalf("job = %+v", j)
		}
		if j.Result.Message != "Exportation terminée avec succès !" || j.Result.FileName != "Produits Brigade Burger.zip" || len(j.Result.Restaurants) != 2 || len(j.Result.Skipped) != 0 {
			t.Fatalf("result = %+v", j.Result)
		}
		// The page watching the export hears it start and finish.
		var messages []string
		for len(feed) > 0 {
			e := <-feed
			if e.Type == jobs.TypeProgress && fmt.Sprint(e.Data["jobId"]) == fmt.Sprint(started.ID) {
				messages = append(messages, fmt.Sprint(e.Data["message"]))
			}
		}
		if len(messages) < 2 || messages[0] != "Préparation de l'exportation..." || messages[len(messages)-1] != "Exportation terminée avec succès !" {
			t.Fatalf("progress events = %q", messages)
		}

		res = srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/exports/%d/download", started.ID), admin, nil)
		if res.Status != http.StatusOK {
			t.Fatalf("download: %d %s", res.Status, res.Body)
		}
		if ct, cd := res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"); ct != "application/zip" ||
			cd != `attachment; filename="Produits Brigade Burger.zip"; filename*=UTF-8''Produits%20Brigade%20Burger.zip` {
			t.Fatalf("headers: %q, %q", ct, cd)
		}
		zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
		if err != nil {
			t.Fatal(err)
		}
		if len(zr.File) != 2 {
			t.Fatalf("zip holds %d files", len(zr.File))
		}
		for i, r := range chosen {
			if want := r.Pseudo + " " + r.Siret + ".xlsx"; zr.File[i].Name != want {
				t.Fatalf("file %d = %q, want %q", i, zr.File[i].Name, want)
			}
			menuRes := srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/deploy/restaurants/%d/menu", r.ID), admin, nil)
			if menuRes.Status != http.StatusOK {
				t.Fatalf("deployed menu: %d", menuRes.Status)
			}
			d, err := menu.Parse(menuRes.Body, "deployed.json")
			if err != nil {
				t.Fatal(err)
			}
			checkExportedSheet(t, zr.File[i], d)
		}

		// Another franchise's owner neither sees nor downloads it.
		other := srv.SignIn(t, "autre-admin")
		for _, path := range []string{fmt.Sprintf("/api/v1/exports/%d/download", started.ID), fmt.Sprintf("/api/v1/jobs/%d", started.ID)} {
			if res := srv.Do(t, http.MethodGet, path, other, nil); res.Status != http.StatusNotFound {
				t.Fatalf("other franchise %s: %d %s", path, res.Status, res.Body)
			}
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/exports/products", other, map[string]any{"restaurantIds": []int64{chosen[0].ID}}); res.Status != http.StatusNotFound {
			t.Fatalf("other franchise exports ours: %d %s", res.Status, res.Body)
		}
	})
}

// checkExportedSheet compares a restaurant's spreadsheet with its deployed
// menu: sheet, widths, header, and every product's name, category and
// prices.
func checkExportedSheet(t *testing.T, zf *zip.File, d *menu.Document) {
	t.Helper()
	rd, err := zf.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	x, err := excelize.OpenReader(rd)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if got := x.GetSheetList(); !slices.Equal(got, []string{"Produits"}) {
		t.Fatalf("%s: sheets %q", zf.Name, got)
	}
	for col, px := range map[string]int{"A": 200, "B": 200, "C": 50, "D": 150, "H": 150, "O": 150} {
		w, _ := x.GetColWidth("Produits", col)
		if w != export.WidthUnits(px) {
			t.Fatalf("%s: column %s width %v, want %v (%d px)", zf.Name, col, w, export.WidthUnits(px), px)
		}
	}
	rows, err := x.GetRows("Produits")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Nom", "Catégorie", "ID", "Sur Place (€)", "A Emporter (€)", "En Livraison (€)", "Platform (€)", "Drive (€)"}; !slices.Equal(rows[0][:8], want) {
		t.Fatalf("%s: header %q", zf.Name, rows[0])
	}
	cats := map[int]string{}
	for _, c := range d.Categories {
		cats[c.IDCat] = c.Name
	}
	products := map[string]menu.Product{}
	for _, p := range d.Items {
		products[fmt.Sprint(p.ID)] = p
	}
	if len(rows)-1 != len(products) {
		t.Fatalf("%s: %d rows for %d products", zf.Name, len(rows)-1, len(products))
	}
	for i := 2; i <= len(rows); i++ {
		get := func(col string) string {
			v, _ := x.GetCellValue("Produits", fmt.Sprintf("%s%d", col, i))
			return v
		}
		p, ok := products[get("C")]
		if !ok {
			t.Fatalf("%s row %d: unknown product %q", zf.Name, i, get("C"))
		}
		want := map[string]string{"A": p.Name, "B": cats[p.IDCat], "G": fmt.Sprintf("%.2f", float64(p.PricePlatform.Cents)/100), "H": ""}
		for _, e := range p.Prices {
			if e.Tariff == 1 {
				want[string(rune('D'+e.TypeOrder-1))] = fmt.Sprintf("%.2f", float64(e.Price.Cents)/100)
			}
		}
		for col, v := range want {
			if got := get(col); got != v {
				t.Fatalf("%s row %d (%s) column %s = %q, want %q", zf.Name, i, p.Name, col, got, v)
			}
		}
	}
}

func TestExportProductsModerator(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	moderator := srv.SignIn(t, "demo-moderateur")
	p, mine := scopeOf(t, srv, "demo-moderateur")
	_, all := scopeOf(t, srv, "demo-admin")
	var other int64
	for _, r := range all {
		if r.ID != p.Restaurants[0] {
			other = r.ID
			break
		}
	}
	// Another restaurant of the franchise is not the moderator's to export.
	if res := srv.Do(t, http.MethodPost, "/api/v1/exports/products", moderator, map[string]any{"restaurantIds": []int64{other}}); res.Status != http.StatusNotFound {
		t.Fatalf("moderator exports another restaurant: %d %s", res.Status, res.Body)
	}
	// Without a choice, its own restaurant (under its SIRET).
	res := srv.Do(t, http.MethodPost, "/api/v1/exports/products", moderator, map[string]any{})
	if res.Status != http.StatusAccepted {
		t.Fatalf("moderator export: %d %s", res.Status, res.Body)
	}
	var started exportJob
	res.JSON(t, &started)
	j := awaitJob[exportJob](t, srv, moderator, started.ID)
	if j.Status != "done" || len(j.Result.Restaurants) != 1 || j.Result.Restaurants[0].Siret != mine[0].Siret {
		t.Fatalf("moderator job = %+v", j)
	}
	res = srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/exports/%d/download", started.ID), moderator, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("moderator download: %d %s", res.Status, res.Body)
	}
	// The restaurant login of another restaurant cannot take it.
	resto := srv.SignIn(t, "demo-resto")
	if res := srv.Do(t, http.MethodGet, fmt.Sprintf("/api/v1/exports/%d/download", started.ID), resto, nil); res.Status != http.StatusNotFound {
		t.Fatalf("another login downloads the moderator's export: %d", res.Status)
	}
}
