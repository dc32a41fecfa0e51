package menu_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// Two instances share the database: each diffs against the version really
// stored, never against a snapshot it cached before the other one saved.
func TestDiffIsRightAcrossInstances(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		if err := demo.Load(ctx, db, ten); err != nil {
			t.Fatal(err)
		}
		u, _ := ten.UserByLogin(ctx, "demo-admin")
		p := tenancy.PrincipalFor(u)
		a, b := menu.NewService(db, ten, events.NewLocal()), menu.NewService(db, ten, events.NewLocal())
		c, err := a.Create(ctx, p, menu.CampaignInput{Nom: "Partagée"})
		if err != nil {
			t.Fatal(err)
		}
		docs := []string{
			`{"items":[{"idGlobal":"p1","name":"Burger","price":9}]}`,
			`{"items":[{"idGlobal":"p1","name":"Burger","price":10}]}`,
			`{"items":[{"idGlobal":"p1","name":"Burger","price":11}]}`,
		}
		for i, svc := range []*menu.Service{a, b, a} {
			if c, err = svc.SaveDocument(ctx, p, c.ID, c.Version, []byte(docs[i])); err != nil {
				t.Fatal(err)
			}
		}
		list, _, err := history.List(ctx, db, history.Scope{FranchiseID: p.FranchiseID, All: true}, history.Filter{Module: menu.ModuleCartes, PageSize: -1})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range list {
			if strings.HasPrefix(e.Target, "Partagée ›") {
				for _, ch := range e.Changes {
					got = append(got, string(e.Action)+" "+ch.Field+" "+fmtAny(ch.Before)+"→"+fmtAny(ch.After))
				}
			}
		}
		if strings.Join(got, "|") != "Modification price 10→11|Modification price 9→10" {
			t.Fatalf("history across instances: %v", got)
		}
	})
}

func fmtAny(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return ""
}

// A save keeps a flag sent at false, and refuses — storing nothing — a
// document whose number fields hold something else than a number, naming
// the JSON path and the carte's file.
func TestSaveKeepsFalseAndRefusesUntypedNumbers(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		if err := demo.Load(ctx, db, ten); err != nil {
			t.Fatal(err)
		}
		u, _ := ten.UserByLogin(ctx, "demo-admin")
		p := tenancy.PrincipalFor(u)
		svc := menu.NewService(db, ten, events.NewLocal())
		c, err := svc.Create(ctx, p, menu.CampaignInput{Nom: "Été"})
		if err != nil {
			t.Fatal(err)
		}
		c, err = svc.SaveDocument(ctx, p, c.ID, c.Version, []byte(`{"items":[{"idGlobal":"p1","name":"Burger","price":9,"available_on_the_spot":false,"hidden_borne":false,"daily_stock":"12"}]}`))
		if err != nil {
			t.Fatal(err)
		}
		raw, _, err := svc.Document(ctx, p, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"available_on_the_spot":false`, `"hidden_borne":false`, `"daily_stock":12`} {
			if !strings.Contains(string(raw), want) {
				t.Errorf("stored document lost %s: %s", want, raw)
			}
		}
		for body, want := range map[string]string{
			`{"items":[{"idGlobal":"p1","name":"Burger","daily_stock":"abc"}]}`:                       `Erreur : Valeur non prise en charge dans "items[0].daily_stock" du fichier "Été.json".`,
			`{"items":[{"idGlobal":"p1","name":"Burger","price_size3":-4}]}`:                          `La valeur du prix -4 d'article Burger n'est pas valide`,
			`{"items":[{"idGlobal":"p1","name":"Burger","allSizes":[{"id_size":2,"price_emp":-1}]}]}`: `La valeur du prix -1 d'article Burger n'est pas valide`,
		} {
			_, err := svc.SaveDocument(ctx, p, c.ID, c.Version, []byte(body))
			if err == nil || err.Error() != want {
				t.Errorf("%s: got %v, want %s", body, err, want)
			}
		}
		after, err := svc.Get(ctx, p, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if after.Version != c.Version {
			t.Fatalf("a refused document was stored: version %d → %d", c.Version, after.Version)
		}
		if _, err := svc.Import(ctx, p, "Importée", "import.json", false, []byte(`{"items":[{"idGlobal":"p1","name":"B","weight":[1]}]}`)); err == nil {
			t.Fatal("an import holding a list where a number is expected was accepted")
		}
	})
}

// The element cache of an instance can never make it store a wrong
// document or log a wrong entry: instance A saves a carte, B saves another
// version, then A saves bytes whose every element A has cached (the
// document of its first save). The stored document is the one an instance
// without cache stores, the entry lists the changes from B's version, and
// a save from A's stale version is refused.
func TestElementCacheStaleAcrossInstances(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		if err := demo.Load(ctx, db, ten); err != nil {
			t.Fatal(err)
		}
		u, _ := ten.UserByLogin(ctx, "demo-admin")
		p := tenancy.PrincipalFor(u)
		a, b := menu.NewService(db, ten, events.NewLocal()), menu.NewService(db, ten, events.NewLocal())
		c, err := a.Create(ctx, p, menu.CampaignInput{Nom: "Partagée"})
		if err != nil {
			t.Fatal(err)
		}
		d1 := `{"items":[{"idGlobal":"p1","name":"Burger","price":9},{"idGlobal":"p2","name":"Frites","price":3}]}`
		d2 := `{"items":[{"idGlobal":"p1","name":"Burger","price":10},{"idGlobal":"p2","name":"Frites maison","price":3}]}`
		if c, err = a.SaveDocument(ctx, p, c.ID, c.Version, []byte(d1)); err != nil {
			t.Fatal(err)
		}
		stale := c.Version
		if c, err = b.SaveDocument(ctx, p, c.ID, c.Version, []byte(d2)); err != nil {
			t.Fatal(err)
		}
		if _, err := a.SaveDocument(ctx, p, c.ID, stale, []byte(d1)); err != menu.ErrStale {
			t.Fatalf("save from a stale version: %v, want ErrStale", err)
		}
		if c, err = a.SaveDocument(ctx, p, c.ID, c.Version, []byte(d1)); err != nil {
			t.Fatal(err)
		}
		stored, _, err := a.Document(ctx, p, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		want, err := menu.Parse([]byte(d1), "")
		if err != nil {
			t.Fatal(err)
		}
		if err := menu.Validate(want); err != nil {
			t.Fatal(err)
		}
		wantBytes, _ := want.Encode()
		if string(stored) != string(wantBytes) {
			t.Fatalf("stored with the cache:\n%s\nwant\n%s", stored, wantBytes)
		}
		list, _, err := history.List(ctx, db, history.Scope{FranchiseID: p.FranchiseID, All: true}, history.Filter{Module: menu.ModuleCartes, PageSize: -1})
		if err != nil {
			t.Fatal(err)
		}
		e := list[0]
		var got []string
		for _, ch := range e.Changes {
			got = append(got, ch.Element+" "+ch.Field+" "+fmtJSON(ch.Before)+"→"+fmtJSON(ch.After))
		}
		if e.Target != "Partagée" || strings.Join(got, "|") != `produit Burger price 10→9|produit Frites name "Frites maison"→"Frites"` {
			t.Fatalf("entry of the save: %q %v", e.Target, got)
		}
	})
}

func fmtJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
