package menu_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// What deploy reads of the cartes stays within the franchise it names, and
// the links it writes say whether they changed anything.
func TestWhatDeployAsksOfTheCartes(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		db := testutil.NewDB(t, engine)
		ten := tenancy.NewService(db, events.NewLocal())
		cartes := menu.NewService(db, ten, events.NewLocal())
		owner := func(name, siret string) (tenancy.Principal, int64) {
			f, err := ten.NewFranchise(ctx, db, tenancy.Franchise{Name: name, CountryCode: "MA"})
			if err != nil {
				t.Fatal(err)
			}
			u, err := ten.NewUser(ctx, db, tenancy.User{Login: siret, Role: tenancy.RoleAdmin, FranchiseID: f.ID})
			if err != nil {
				t.Fatal(err)
			}
			p := tenancy.PrincipalFor(u)
			x, err := ten.CreateRestaurant(ctx, p, tenancy.RestaurantInput{Nom: name + " centre", Siret: siret, CountryCode: "MA"})
			if err != nil {
				t.Fatal(err)
			}
			return p, x.ID
		}
		p, resto := owner("Brigade", "RC10001")
		other, otherResto := owner("Autre", "RC20002")
		create := func(p tenancy.Principal, in menu.CampaignInput) menu.Campaign {
			c, err := cartes.Create(ctx, p, in)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		principal := create(p, menu.CampaignInput{Nom: "Principale", IsPrincipal: true})
		summer := create(p, menu.CampaignInput{Nom: "Été", IsPeriodic: true, DateDebut: "2026-06-01", DateFin: "2026-08-31"})
		unlinked := create(p, menu.CampaignInput{Nom: "En préparation"})
		foreign := create(other, menu.CampaignInput{Nom: "Ailleurs", IsPeriodic: true})

		link := func(c menu.Campaign, restaurantID int64, linked, wantChanged bool) {
			t.Helper()
			changed, err := menu.SetLinked(ctx, db, c.ID, restaurantID, linked)
			if err != nil || changed != wantChanged {
				t.Fatalf("SetLinked(%s, %v) = %v, %v; want changed %v", c.Nom, linked, changed, err, wantChanged)
			}
		}
		link(principal, resto, true, true)
		link(summer, resto, true, true)
		link(summer, resto, true, false) // already linked
		link(unlinked, resto, true, true)
		link(unlinked, resto, false, true)
		link(unlinked, resto, false, false) // already gone
		link(foreign, otherResto, true, true)

		names := func(list []menu.Campaign) []string {
			out := []string{}
			for _, c := range list {
				out = append(out, c.Nom)
			}
			return out
		}
		all, err := menu.CartesFor(ctx, db, p.FranchiseID, true, nil)
		if err != nil || !slices.Equal(names(all), []string{"Principale", "Été", "En préparation"}) {
			t.Fatalf("every carte of the franchise: %v %v", names(all), err)
		}
		served, err := menu.CartesFor(ctx, db, p.FranchiseID, false, []int64{resto, otherResto})
		if err != nil || !slices.Equal(names(served), []string{"Principale", "Été"}) {
			t.Fatalf("cartes served by the restaurants: %v %v", names(served), err)
		}
		links, err := menu.LinksOf(ctx, db, p.FranchiseID, []int64{resto, otherResto})
		want := []menu.RestaurantLink{{principal.ID, resto}, {summer.ID, resto}}
		if err != nil || !slices.Equal(links, want) {
			t.Fatalf("links: %v %v, want %v", links, err, want)
		}
		linked, err := menu.LinkedTo(ctx, db, p.FranchiseID, resto)
		if err != nil || !slices.Equal(names(linked), []string{"Principale", "Été"}) {
			t.Fatalf("linked to the restaurant: %v %v", names(linked), err)
		}
		if got, err := menu.LinkedTo(ctx, db, p.FranchiseID, otherResto); err != nil || len(got) != 0 {
			t.Fatalf("another franchise's restaurant: %v %v", names(got), err)
		}

		if c, err := menu.CarteOf(ctx, db, p.FranchiseID, summer.ID); err != nil || c.Nom != "Été" || !c.IsPeriodic {
			t.Fatalf("CarteOf: %+v %v", c, err)
		}
		if _, err := menu.CarteOf(ctx, db, p.FranchiseID, foreign.ID); !errors.Is(err, tenancy.ErrNotFound) {
			t.Fatalf("another franchise's carte must not be found: %v", err)
		}

		doc, err := menu.VersionDocument(ctx, db, summer.ID, summer.Version)
		if err != nil || len(doc) == 0 {
			t.Fatalf("document: %q %v", doc, err)
		}
		if _, err := menu.Parse(doc, summer.Nom); err != nil {
			t.Fatalf("the stored document does not parse: %v", err)
		}
		if _, err := menu.VersionDocument(ctx, db, summer.ID, summer.Version+7); err == nil {
			t.Fatal("a version that does not exist must be an error")
		}

		periodic, err := menu.RestaurantsWithPeriodicCartes(ctx, db)
		if err != nil || len(periodic) != 2 || !periodic[resto] || !periodic[otherResto] {
			t.Fatalf("restaurants with a periodic carte: %v %v", periodic, err)
		}
		// A deactivated periodic carte no longer changes the menu with the month.
		in := menu.CampaignInput{Nom: summer.Nom, IsPeriodic: true, DateDebut: summer.DateDebut, DateFin: summer.DateFin, Removed: true}
		if _, err := cartes.Update(ctx, p, summer.ID, summer.Version, in); err != nil {
			t.Fatal(err)
		}
		periodic, err = menu.RestaurantsWithPeriodicCartes(ctx, db)
		if err != nil || periodic[resto] || !periodic[otherResto] {
			t.Fatalf("after deactivating Été: %v %v", periodic, err)
		}
	})
}
