package settings_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/settings"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// env: admin is the owner of the second demo franchise, whose settings
// are still the defaults; demoAdmin and mod belong to the demo franchise,
// whose settings the demo filled in.
type env struct {
	svc                   *settings.Service
	ten                   *tenancy.Service
	db                    *store.DB
	admin, demoAdmin, mod tenancy.Principal
	bus                   *events.Local
}

func setup(t *testing.T, engine store.Engine) env {
	t.Helper()
	ctx := context.Background()
	db := testutil.NewDB(t, engine)
	bus := events.NewLocal()
	ten := tenancy.NewService(db, bus)
	if err := demo.Load(ctx, db, ten); err != nil {
		t.Fatal(err)
	}
	principal := func(login string) tenancy.Principal {
		u, err := ten.UserByLogin(ctx, login)
		if err != nil {
			t.Fatal(err)
		}
		return tenancy.PrincipalFor(u)
	}
	return env{svc: settings.NewService(db, ten, bus), ten: ten, db: db, admin: principal("autre-admin"), demoAdmin: principal("demo-admin"), mod: principal("demo-moderateur"), bus: bus}
}

func TestDefaultsAreTheSpecs(t *testing.T) {
	sizes := settings.DefaultSizes()
	if len(sizes.Sizes) != 10 || sizes.Sizes[0].NameSize != "junior" || sizes.Sizes[2].NameSize != "mega" || sizes.Sizes[3].NameSize != "size1" ||
		sizes.Sizes[9].NameSize != "size7" || sizes.Sizes[9].IDSize != 10 || sizes.Sizes[4].LabelSize != "Taille 5" || sizes.Labels[6] != "taille 7" {
		t.Fatalf("sizes: %+v", sizes)
	}
	pr := settings.DefaultPrinters().Printers
	if len(pr) != 12 || pr[0].IDPrinter != 2 || pr[0].Name != "Prepa 1" || pr[7].IDPrinter != 9 || pr[7].Name != "Prepa 8" ||
		pr[8].IDPrinter != 10 || pr[8].Name != "Etiquette 1" || pr[11].IDPrinter != 13 || pr[11].TypePrinter != "label" ||
		pr[3].WidthTicket != 48 || pr[3].NumberTicket != 1 || pr[3].Type != "Reseau" {
		t.Fatalf("printers: %+v", pr)
	}
	sc := settings.DefaultScreens().Screens
	if len(sc) != 8 || sc[0].NameScreen != "Ecran 1" || sc[7].NameScreen != "Ecran 8" || sc[7].IDScreen != 8 {
		t.Fatalf("screens: %+v", sc)
	}
	for in, want := range map[string]string{"imprimante preparation 3": "Prepa 3", "Imprimante Etiquette 2": "Etiquette 2", "IMPRIMANTE PREPARATION": "Prepa 4", "Grill": "Grill"} {
		if got := settings.RenameOldPrinter(in, 4); got != want {
			t.Errorf("RenameOldPrinter(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSettingsAreVersionedLoggedAndAdminOnly(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		e := setup(t, engine)
		v, err := e.svc.Printers(ctx, e.admin)
		if err != nil || v.Version != 0 || len(v.Value.Printers) != 12 {
			t.Fatalf("defaults: %+v %v", v, err)
		}
		next := v.Value
		next.Printers = append([]settings.Printer(nil), next.Printers...)
		next.Printers[0].IPAddress = "192.168.1.300"
		if _, err := e.svc.SavePrinters(ctx, e.admin, 0, next); err == nil || !strings.Contains(err.Error(), "L'adresse IP « 192.168.1.300 » de l'imprimante « Prepa 1 » n'est pas valide") {
			t.Fatalf("bad IP: %v", err)
		}
		next.Printers[0].IPAddress = "192.168.1.50"
		next.Printers[1].Name = "imprimante preparation 2"
		saved, err := e.svc.SavePrinters(ctx, e.admin, 0, next)
		if err != nil || saved.Version != 1 || saved.Value.Printers[1].Name != "Prepa 2" {
			t.Fatalf("save: %+v %v", saved, err)
		}
		// A stale save is refused; a moderator cannot save at all.
		if _, err := e.svc.SavePrinters(ctx, e.admin, 0, next); !errors.Is(err, settings.ErrStale) {
			t.Fatalf("stale: %v", err)
		}
		demo, err := e.svc.Printers(ctx, e.demoAdmin)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.SavePrinters(ctx, e.mod, demo.Version, demo.Value); !errors.Is(err, settings.ErrReadOnly) {
			t.Fatalf("moderator: %v", err)
		}
		// The moderator reads its franchise's list, which the other franchise's save did not touch.
		if got, err := e.svc.Printers(ctx, e.mod); err != nil || got.Value.Printers[0].IPAddress != "192.168.10.22" || got.Value.Printers[0].Name != "Grill" {
			t.Fatalf("moderator read: %+v %v", got, err)
		}
		// The history has one Modification with the field that changed.
		list, _, err := history.List(ctx, e.db, history.Scope{FranchiseID: e.admin.FranchiseID, All: true}, history.Filter{Module: settings.ModuleParametres, PageSize: -1})
		if err != nil || len(list) != 1 || list[0].Target != "Imprimantes" {
			t.Fatalf("history: %+v %v", list, err)
		}
		found := false
		for _, c := range list[0].Changes {
			if c.Field == "imprimante 2 adresse IP" && c.After == "192.168.1.50" {
				found = true
			}
		}
		if !found {
			t.Fatalf("changes: %+v", list[0].Changes)
		}
		// Saving the same list again changes nothing and logs nothing.
		if again, err := e.svc.SavePrinters(ctx, e.admin, 1, saved.Value); err != nil || again.Version != 1 {
			t.Fatalf("no-op save: %+v %v", again, err)
		}
	})
}

func TestSizesKeepTheirCodes(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		e := setup(t, engine)
		v, _ := e.svc.Sizes(ctx, e.admin)
		next := v.Value
		next.Sizes = append([]settings.Size(nil), next.Sizes...)
		next.Sizes[0].NameSize, next.Sizes[0].LabelSize = "géant", "Petit"
		next.Sizes[1].LabelSize = "   "
		next.Labels = []string{"", "Moyen"}
		saved, err := e.svc.SaveSizes(ctx, e.admin, 0, next)
		if err != nil {
			t.Fatal(err)
		}
		s := saved.Value
		if s.Sizes[0].NameSize != "junior" || s.Sizes[0].LabelSize != "Petit" || s.Sizes[1].LabelSize != "Taille 2" || len(s.Labels) != 10 || s.Labels[0] != "taille 1" || s.Labels[1] != "Moyen" {
			t.Fatalf("sizes: %+v", s)
		}
		next.Sizes[2].IDSize = 11
		if _, err := e.svc.SaveSizes(ctx, e.admin, 1, next); err == nil {
			t.Fatal("size 11 accepted")
		}
	})
}

func TestLanguageRules(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		e := setup(t, engine)
		v, err := e.svc.Languages(ctx, e.admin)
		if err != nil || v.Value.Country != "FR" || v.Value.Languages[0].Code != "fr" || !v.Value.Languages[0].IsDefault || !v.Value.Languages[0].IsActive {
			t.Fatalf("defaults: %+v %v", v, err)
		}
		for _, l := range v.Value.Languages[1:] {
			if l.IsDefault || l.IsActive {
				t.Fatalf("only the default starts active: %+v", l)
			}
		}
		// A new default becomes default and active; the others lose default.
		next, err := settings.SetDefaultLanguage(v.Value, "en")
		if err != nil {
			t.Fatal(err)
		}
		saved, err := e.svc.SaveLanguages(ctx, e.admin, 0, next)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range saved.Value.Languages {
			if (l.Code == "en") != l.IsDefault || (l.Code == "en" && !l.IsActive) {
				t.Fatalf("after default change: %+v", saved.Value.Languages)
			}
		}
		// Two defaults are refused; none at all means French.
		bad := saved.Value
		bad.Languages = append([]settings.Language(nil), bad.Languages...)
		bad.Languages[0].IsDefault = true
		if _, err := e.svc.SaveLanguages(ctx, e.admin, 1, bad); err == nil {
			t.Fatal("two defaults accepted")
		}
		empty, err := e.svc.SaveLanguages(ctx, e.admin, 1, settings.Languages{})
		if err != nil || len(empty.Value.Languages) != 1 || empty.Value.Languages[0] != settings.French {
			t.Fatalf("none: %+v %v", empty, err)
		}
		// The country changes: the list is replaced by the new country's.
		f, _ := e.ten.Franchise(ctx, e.admin)
		if _, err := e.ten.UpdateFranchise(ctx, e.admin, tenancy.FranchiseInput{Name: f.Name, CountryCode: "MA", Currency: "MAD"}); err != nil {
			t.Fatal(err)
		}
		after, err := e.svc.Languages(ctx, e.admin)
		if err != nil || after.Value.Country != "MA" || !hasLanguage(after.Value, "ar") || !after.Value.Languages[0].IsDefault {
			t.Fatalf("after country change: %+v %v", after, err)
		}
	})
}

func hasLanguage(v settings.Languages, code string) bool {
	for _, l := range v.Languages {
		if l.Code == code {
			return true
		}
	}
	return false
}

func TestKioskColorsAreHexColours(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		ctx := context.Background()
		e := setup(t, engine)
		v, _ := e.svc.Colors(ctx, e.admin)
		next := v.Value
		next.Primary = "rouge"
		if _, err := e.svc.SaveColors(ctx, e.admin, 0, next); err == nil || !strings.Contains(err.Error(), "« ROUGE » doit être au format #RRGGBB") {
			t.Fatalf("bad colour: %v", err)
		}
		next.Primary = " #0a7d3b "
		saved, err := e.svc.SaveColors(ctx, e.admin, 0, next)
		if err != nil || saved.Value.Primary != "#0A7D3B" || saved.Version != 1 {
			t.Fatalf("save: %+v %v", saved, err)
		}
	})
}
