package menu_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

type cartesFixture struct {
	db  *store.DB
	p   tenancy.Principal
	svc *menu.Service
}

func newCartesFixture(t *testing.T, engine store.Engine) cartesFixture {
	ctx := context.Background()
	db := testutil.NewDB(t, engine)
	ten := tenancy.NewService(db, events.NewLocal())
	if err := demo.Load(ctx, db, ten); err != nil {
		t.Fatal(err)
	}
	u, err := ten.UserByLogin(ctx, "demo-admin")
	if err != nil {
		t.Fatal(err)
	}
	return cartesFixture{db, tenancy.PrincipalFor(u), menu.NewService(db, ten, events.NewLocal())}
}

// entriesOf lists the history entries of one carte, newest first.
func (f cartesFixture) entriesOf(t *testing.T, carte string) []history.Entry {
	t.Helper()
	list, _, err := history.List(context.Background(), f.db, history.Scope{FranchiseID: f.p.FranchiseID, All: true}, history.Filter{Module: menu.ModuleCartes, PageSize: -1})
	if err != nil {
		t.Fatal(err)
	}
	var out []history.Entry
	for _, e := range list {
		if e.Target == carte || strings.HasPrefix(e.Target, carte+" › ") {
			out = append(out, e)
		}
	}
	return out
}

func productsDoc(n int, name func(i int) string, price func(i int) float64) []byte {
	items := make([]map[string]any, n)
	for i := range items {
		items[i] = map[string]any{"idGlobal": fmt.Sprintf("p%d", i), "id": i + 1, "idCat": 1, "name": name(i), "position": i, "price": price(i)}
	}
	b, _ := json.Marshal(map[string]any{"categories": []any{map[string]any{"idGlobal": "c1", "idCat": 1, "name": "Burgers", "parent_id": -1}}, "items": items})
	return b
}

// A save is one history entry listing its changes: 1,000 prices changed in
// one save are one entry of 1,000 changes (it used to be 1,000 entries),
// and a rename is one entry of one change naming the product.
func TestOneHistoryEntryPerSave(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		f := newCartesFixture(t, engine)
		c, err := f.svc.Create(ctx, f.p, menu.CampaignInput{Nom: "Grande carte"})
		if err != nil {
			t.Fatal(err)
		}
		name := func(i int) string { return fmt.Sprintf("Produit %d", i) }
		if c, err = f.svc.SaveDocument(ctx, f.p, c.ID, c.Version, productsDoc(1000, name, func(int) float64 { return 9.9 })); err != nil {
			t.Fatal(err)
		}
		before := len(f.entriesOf(t, c.Nom))

		// Every price changes: one entry, 1,000 changes.
		if c, err = f.svc.SaveDocument(ctx, f.p, c.ID, c.Version, productsDoc(1000, name, func(i int) float64 { return 10 + float64(i)/100 })); err != nil {
			t.Fatal(err)
		}
		entries := f.entriesOf(t, c.Nom)
		if len(entries) != before+1 {
			t.Fatalf("a save of 1,000 prices wrote %d entries, want 1", len(entries)-before)
		}
		e := entries[0]
		if e.Action != history.Modification || e.Target != "Grande carte" || len(e.Changes) != 1000 {
			t.Fatalf("prices entry: %s %q with %d changes", e.Action, e.Target, len(e.Changes))
		}
		seen := map[string]bool{}
		for _, ch := range e.Changes {
			if ch.Field != "price" || ch.Action != "" || fmtAny(ch.Before) != "9.9" {
				t.Fatalf("price change: %+v", ch)
			}
			seen[ch.Element] = true
		}
		if len(seen) != 1000 || !seen["produit Produit 0"] || !seen["produit Produit 999"] {
			t.Fatalf("the changes name %d products", len(seen))
		}
		if ch := e.Changes[0]; ch.Element == "produit Produit 7" && fmtAny(ch.After) != "10.07" {
			t.Fatalf("price after: %+v", ch)
		}

		// One product renamed: one entry naming it, one change.
		renamed := func(i int) string {
			if i == 500 {
				return "Produit 500 renommé"
			}
			return name(i)
		}
		if c, err = f.svc.SaveDocument(ctx, f.p, c.ID, c.Version, productsDoc(1000, renamed, func(i int) float64 { return 10 + float64(i)/100 })); err != nil {
			t.Fatal(err)
		}
		entries = f.entriesOf(t, c.Nom)
		if len(entries) != before+2 {
			t.Fatalf("a rename wrote %d entries, want 1", len(entries)-before-1)
		}
		e = entries[0]
		if e.Action != history.Modification || e.Target != "Grande carte › produit Produit 500 renommé" || len(e.Changes) != 1 {
			t.Fatalf("rename entry: %s %q %+v", e.Action, e.Target, e.Changes)
		}
		if ch := e.Changes[0]; ch.Field != "name" || ch.Before != "Produit 500" || ch.After != "Produit 500 renommé" || ch.Element != "produit Produit 500 renommé" {
			t.Fatalf("rename change: %+v", ch)
		}

		// Two products added and one renamed in one save: one entry of the
		// carte listing the three, the additions as whole elements.
		doc := strings.Replace(string(productsDoc(2, name, func(int) float64 { return 1 })), `"name":"Produit 1"`, `"name":"Produit Un"`, 1)
		c2, err := f.svc.Create(ctx, f.p, menu.CampaignInput{Nom: "Petite carte"})
		if err != nil {
			t.Fatal(err)
		}
		if c2, err = f.svc.SaveDocument(ctx, f.p, c2.ID, c2.Version, productsDoc(2, name, func(int) float64 { return 1 })); err != nil {
			t.Fatal(err)
		}
		doc = strings.Replace(doc, `]}`, `,{"idGlobal":"p9","name":"Frites"},{"idGlobal":"p10","name":"Salade"}]}`, 1)
		if _, err = f.svc.SaveDocument(ctx, f.p, c2.ID, c2.Version, []byte(doc)); err != nil {
			t.Fatal(err)
		}
		e = f.entriesOf(t, "Petite carte")[0]
		var got []string
		for _, ch := range e.Changes {
			got = append(got, fmt.Sprintf("%s|%s|%s", ch.Element, ch.Action, ch.Field))
		}
		if e.Action != history.Modification || e.Target != "Petite carte" || strings.Join(got, " ") != "produit Produit Un||name produit Frites|Ajout| produit Salade|Ajout|" {
			t.Fatalf("mixed save: %s %q %v", e.Action, e.Target, got)
		}
	})
}

// Restoring from the trash and deleting for good are still logged, one
// entry per action; a permanent delete is a Suppression even when it also
// drops references held by other elements.
func TestTrashActionsLogOneEntry(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		f := newCartesFixture(t, engine)
		c, err := f.svc.Create(ctx, f.p, menu.CampaignInput{Nom: "Corbeille"})
		if err != nil {
			t.Fatal(err)
		}
		doc := `{"categories":[{"idGlobal":"c1","idCat":1,"name":"Burgers","parent_id":-1}],
			"items":[{"idGlobal":"p1","id":1,"idCat":1,"name":"Burger","promotions":[3]},{"idGlobal":"p2","id":2,"idCat":1,"name":"Wrap","removed":true,"removed_by_admin":true}],
			"promotions":[{"idGlobal":"pr3","id":3,"name":"2 pour 1","removed":true,"removed_by_admin":true}]}`
		if c, err = f.svc.SaveDocument(ctx, f.p, c.ID, c.Version, []byte(doc)); err != nil {
			t.Fatal(err)
		}
		n := len(f.entriesOf(t, "Corbeille"))
		if c, _, err = f.svc.TrashAction(ctx, f.p, c.ID, c.Version, menu.TrashProducts, []string{"p2"}, false); err != nil {
			t.Fatal(err)
		}
		if c, _, err = f.svc.TrashAction(ctx, f.p, c.ID, c.Version, menu.TrashPromotions, []string{"pr3"}, true); err != nil {
			t.Fatal(err)
		}
		entries := f.entriesOf(t, "Corbeille")
		if len(entries) != n+2 {
			t.Fatalf("two trash actions wrote %d entries", len(entries)-n)
		}
		restore, erase := entries[1], entries[0]
		if restore.Action != history.Modification || restore.Target != "Corbeille › produit Wrap" || len(restore.Changes) != 2 ||
			restore.Changes[0].Field != "removed" || restore.Changes[1].Field != "removed_by_admin" {
			t.Fatalf("restore: %s %q %+v", restore.Action, restore.Target, restore.Changes)
		}
		var got []string
		for _, ch := range erase.Changes {
			got = append(got, fmt.Sprintf("%s|%s|%s", ch.Element, ch.Action, ch.Field))
		}
		if erase.Action != history.Suppression || erase.Target != "Corbeille" || strings.Join(got, " ") != "produit Burger||promotions promotion 2 pour 1|Suppression|" {
			t.Fatalf("permanent delete: %s %q %v", erase.Action, erase.Target, got)
		}
	})
}

// Two editors saving from the same version: one wins, the other is told
// the carte changed (409 over HTTP) and writes neither a version nor a
// history entry.
func TestConcurrentSavesOneWins(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		f := newCartesFixture(t, engine)
		c, err := f.svc.Create(ctx, f.p, menu.CampaignInput{Nom: "Disputée"})
		if err != nil {
			t.Fatal(err)
		}
		n := len(f.entriesOf(t, "Disputée"))
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.svc.SaveDocument(ctx, f.p, c.ID, c.Version, fmt.Appendf(nil, `{"items":[{"idGlobal":"p1","name":"Burger %d"}]}`, i))
			}()
		}
		wg.Wait()
		stale := 0
		for _, err := range errs {
			switch {
			case errors.Is(err, menu.ErrStale):
				stale++
			case err != nil:
				t.Fatal(err)
			}
		}
		after, err := f.svc.Get(ctx, f.p, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if stale != 1 || after.Version != c.Version+1 || len(f.entriesOf(t, "Disputée")) != n+1 {
			t.Fatalf("concurrent saves: %v, version %d → %d, %d entries", errs, c.Version, after.Version, len(f.entriesOf(t, "Disputée"))-n)
		}
	})
}
