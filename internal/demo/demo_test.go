package demo_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"brigade/internal/blob"
	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// snapshot renders the demo data without ids, timestamps or hashes.
func snapshot(t *testing.T, db *store.DB) string {
	t.Helper()
	ctx := context.Background()
	var b strings.Builder
	for _, q := range []string{
		`SELECT f.name || '|' || f.country_code || '|' || f.currency FROM franchises f ORDER BY f.name`,
		`SELECT r.siret || '|' || r.nom || '|' || r.ville || '|' || r.country_code || '|' || r.time_zone FROM restaurants r ORDER BY r.siret`,
		`SELECT e.user_keen_id || '|' || e.kind || '|' || e.name FROM equipments e ORDER BY e.user_keen_id`,
		`SELECT u.login || '|' || u.role || '|' || u.user_type || '|' || u.nom || '|' || u.prenom FROM users u ORDER BY u.login`,
		`SELECT c.nom || '|' || v.document FROM campaigns c JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = c.version ORDER BY c.nom`,
	} {
		rows, err := db.Query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			b.WriteString(s + "\n")
		}
		rows.Close()
	}
	return b.String()
}

func TestDemoIsDeterministicAndComplete(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		var snaps []string
		for range 2 {
			db := testutil.NewDB(t, engine)
			if err := demo.Load(ctx, db, tenancy.NewService(db, events.NewLocal())); err != nil {
				t.Fatal(err)
			}
			if ok, _ := demo.Loaded(ctx, db); !ok {
				t.Fatal("Loaded says no after Load")
			}
			snaps = append(snaps, snapshot(t, db))
		}
		if snaps[0] != snaps[1] {
			t.Fatalf("two loads differ:\n%s\n---\n%s", snaps[0], snaps[1])
		}
		s := snaps[0]
		for _, want := range []string{"Brigade Burger|FR|EUR", "Casablanca|MA|Africa/Casablanca", "Genève|CH|Europe/Zurich", "demo-invite|guest|Guest|Durand|Camille", "superadmin|superadmin", "autre-admin|admin"} {
			if !strings.Contains(s, want) {
				t.Errorf("demo lacks %q", want)
			}
		}
		if n := strings.Count(s, `"idGlobal":"main-prod-`); n < 80 {
			t.Errorf("the main carte has %d products, want about 80", n)
		}
		if n := strings.Count(s, "|borne|") + strings.Count(s, "|caisse|"); n < 30 {
			t.Errorf("only %d equipments", n)
		}
	})
}

func TestDemoSiretsHaveAValidLuhnKey(t *testing.T) {
	db := testutil.NewDB(t, store.SQLite)
	if err := demo.Load(context.Background(), db, tenancy.NewService(db, events.NewLocal())); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(context.Background(), "SELECT siret FROM restaurants")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var s string
		rows.Scan(&s)
		sum := 0
		for i := range s {
			d := int(s[len(s)-1-i] - '0')
			if i%2 == 1 {
				d *= 2
				if d > 9 {
					d -= 9
				}
			}
			sum += d
		}
		if len(s) != 14 || sum%10 != 0 {
			t.Errorf("SIRET %s fails the Luhn check", s)
		}
		n++
	}
	if n != 14 {
		t.Fatalf("%d restaurants", n)
	}
}

// Every picture a demo carte names exists in the blob store, and a second
// pass writes nothing new.
func TestDemoImagesCoverEveryPath(t *testing.T) {
	ctx := context.Background()
	db := testutil.NewDB(t, store.SQLite)
	if err := demo.Load(ctx, db, tenancy.NewService(db, events.NewLocal())); err != nil {
		t.Fatal(err)
	}
	blobs, err := blob.NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := demo.EnsureImages(ctx, db, blobs); err != nil {
		t.Fatal(err)
	}
	var fid int64
	var doc string
	if err := db.QueryRow(ctx, `SELECT c.franchise_id, v.document FROM campaigns c JOIN campaign_versions v ON v.campaign_id = c.id AND v.version = c.version WHERE c.nom = ?`, "Carte principale").Scan(&fid, &doc); err != nil {
		t.Fatal(err)
	}
	var d menu.Document
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		t.Fatal(err)
	}
	for _, p := range d.Items {
		info, err := blobs.Stat(ctx, menu.ImageKey(fid, "products", p.Path))
		if p.Path == "" || err != nil || info.Size < 500 {
			t.Fatalf("product %s: path %q: %v", p.Name, p.Path, err)
		}
	}
	for _, c := range d.Categories {
		if _, err := blobs.Stat(ctx, menu.ImageKey(fid, "categories", c.Path)); err != nil {
			t.Fatalf("category %s: %v", c.Name, err)
		}
	}
	before, _ := blobs.List(ctx, "CartesCampagnesImages/")
	if err := demo.EnsureImages(ctx, db, blobs); err != nil {
		t.Fatal(err)
	}
	if after, _ := blobs.List(ctx, "CartesCampagnesImages/"); len(after) != len(before) || after[0].ModTime != before[0].ModTime {
		t.Fatalf("second pass rewrote images: %d → %d", len(before), len(after))
	}
}
