// Package demo loads Brigade's deterministic demo franchise: the data a
// newcomer meets on first start, the e2e tests run on and the benchmarks
// measure. The same call always produces the same data.
package demo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"brigade/internal/auth"
	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Password is the password of every demo login (demo data only).
const Password = "demo1234"

// Login is a demo login as printed at start.
type Login struct {
	Login  string
	Role   tenancy.Role
	Door   auth.Kind
	Detail string
}

// Logins are the fixed demo credentials, one per role, plus the owner of a
// second franchise so that tenancy can be tried by hand.
var Logins = []Login{
	{"demo-admin", tenancy.RoleAdmin, auth.KindOwner, "propriétaire de la franchise Brigade Burger"},
	{"demo-moderateur", tenancy.RoleModerator, auth.KindRestaurant, "modérateur du restaurant Paris Bastille"},
	{"demo-invite", tenancy.RoleGuest, auth.KindGuest, "invitée, 4 restaurants"},
	{"demo-resto", tenancy.RoleRestaurant, auth.KindRestaurant, "compte restaurant de Lyon Part-Dieu, rattaché aussi à Comptoir Montmartre (Le Comptoir Voisin)"},
	{"superadmin", tenancy.RoleSuperAdmin, auth.KindOwner, "super-admin Brigade"},
	{"autre-admin", tenancy.RoleAdmin, auth.KindOwner, "propriétaire d'une autre franchise (Le Comptoir Voisin)"},
}

type site struct {
	nom, pseudo, adresse, ville, country string
	tills, kiosks                        int
}

// FranchiseName is the demo franchise's name.
const FranchiseName = "Brigade Burger"

// OtherFranchiseName is the second, small franchise.
const OtherFranchiseName = "Le Comptoir Voisin"

var sites = []site{
	{"Paris Bastille", "bastille", "12 rue de la Roquette", "Paris", "FR", 2, 3},
	{"Lyon Part-Dieu", "partdieu", "17 rue du Docteur Bouchut", "Lyon", "FR", 2, 2},
	{"Marseille Vieux-Port", "vieuxport", "4 quai du Port", "Marseille", "FR", 1, 2},
	{"Bordeaux Chartrons", "chartrons", "55 quai des Chartrons", "Bordeaux", "FR", 1, 2},
	{"Lille Grand Place", "grandplace", "8 place du Général de Gaulle", "Lille", "FR", 1, 2},
	{"Nantes Commerce", "commerce", "3 place du Commerce", "Nantes", "FR", 1, 2},
	{"Toulouse Capitole", "capitole", "21 place du Capitole", "Toulouse", "FR", 1, 2},
	{"Nice Masséna", "massena", "9 place Masséna", "Nice", "FR", 1, 1},
	{"Strasbourg Kléber", "kleber", "2 place Kléber", "Strasbourg", "FR", 1, 2},
	{"Rennes République", "republique", "6 place de la République", "Rennes", "FR", 1, 1},
	{"Casablanca Maarif", "maarif", "140 boulevard Zerktouni", "Casablanca", "MA", 1, 2},
	{"Genève Plainpalais", "plainpalais", "11 rue de Carouge", "Genève", "CH", 1, 2},
}

var otherSites = []site{
	{"Comptoir Montmartre", "montmartre", "30 rue des Abbesses", "Paris", "FR", 1, 1},
	{"Comptoir Croix-Rousse", "croixrousse", "5 place de la Croix-Rousse", "Lyon", "FR", 1, 1},
}

// siret builds a deterministic 14-digit SIRET with a valid Luhn key.
func siret(prefix, n int) string {
	body := fmt.Sprintf("%09d%04d", prefix, n)
	sum := 0
	for i := len(body) - 1; i >= 0; i-- {
		d := int(body[i] - '0')
		if (len(body)-1-i)%2 == 0 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return body + fmt.Sprint((10-sum%10)%10)
}

// Loaded reports whether the demo franchise is already in the database.
func Loaded(ctx context.Context, db *store.DB) (bool, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT COUNT(*) FROM users WHERE login = ?`, "demo-admin").Scan(&n)
	return n > 0, err
}

// Empty reports whether the database holds no franchise at all.
func Empty(ctx context.Context, db *store.DB) (bool, error) {
	var n int
	err := db.QueryRow(ctx, `SELECT COUNT(*) FROM franchises`).Scan(&n)
	return n == 0, err
}

// Load writes the demo franchises in one transaction. It refuses to run
// twice (the logins are unique): call Loaded first.
func Load(ctx context.Context, db *store.DB, ten *tenancy.Service) error {
	hash, err := auth.HashPassword(Password)
	if err != nil {
		return err
	}
	if err := loadTenancy(ctx, db, ten, hash); err != nil {
		return err
	}
	if err := loadCartes(ctx, db, ten, menu.NewService(db, ten, events.NewLocal())); err != nil {
		return err
	}
	if err := loadSettings(ctx, db, ten); err != nil {
		return err
	}
	if err := loadDiscounts(ctx, db, ten); err != nil {
		return err
	}
	if err := loadBrands(ctx, db, ten); err != nil {
		return err
	}
	return loadNotices(ctx, db, ten)
}

func loadTenancy(ctx context.Context, db *store.DB, ten *tenancy.Service, hash string) error {
	return db.WithTx(ctx, func(tx *store.Tx) error {
		f, err := ten.NewFranchise(ctx, tx, tenancy.Franchise{Name: FranchiseName, CountryCode: "FR", Currency: "EUR",
			Settings: tenancy.FranchiseSettings{PublishAvailableProducts: true}})
		if err != nil {
			return err
		}
		restos, err := loadSites(ctx, tx, ten, f.ID, sites, demoSiretPrefix)
		if err != nil {
			return err
		}
		users := []tenancy.User{
			{Login: "demo-admin", Email: "proprietaire@brigade-burger.fr", Role: tenancy.RoleAdmin, Nom: "Martin", Prenom: "Julien"},
			{Login: "demo-moderateur", Email: "bastille@brigade-burger.fr", Role: tenancy.RoleModerator, Nom: restos[0].Nom, RestaurantID: restos[0].ID},
			{Login: "demo-invite", Email: "camille.durand@example.fr", Role: tenancy.RoleGuest, Nom: "Durand", Prenom: "Camille",
				Restaurants: []int64{restos[0].ID, restos[1].ID, restos[2].ID, restos[10].ID}},
			{Login: "demo-resto", Email: "partdieu@brigade-burger.fr", Role: tenancy.RoleRestaurant, Nom: restos[1].Nom, Restaurants: []int64{restos[1].ID}},
		}
		created := map[string]tenancy.User{}
		for _, u := range users {
			u.FranchiseID = f.ID
			u.PasswordHash = hash
			nu, err := ten.NewUser(ctx, tx, u)
			if err != nil {
				return fmt.Errorf("demo user %s: %w", u.Login, err)
			}
			created[nu.Login] = nu
		}
		sa, err := ten.NewUser(ctx, tx, tenancy.User{Login: "superadmin", Email: "support@brigade.fr", Role: tenancy.RoleSuperAdmin, PasswordHash: hash})
		if err != nil {
			return err
		}

		other, err := ten.NewFranchise(ctx, tx, tenancy.Franchise{Name: OtherFranchiseName, CountryCode: "FR", Currency: "EUR"})
		if err != nil {
			return err
		}
		others, err := loadSites(ctx, tx, ten, other.ID, otherSites, 923456780)
		if err != nil {
			return err
		}
		// demo-resto also works for the other franchise's Montmartre
		// restaurant: its account menu offers to switch franchise.
		if err := ten.AttachToFranchiseIn(ctx, tx, tenancy.PrincipalFor(sa), created["demo-resto"].ID, other.ID, []int64{others[0].ID}); err != nil {
			return fmt.Errorf("demo-resto in %s: %w", OtherFranchiseName, err)
		}
		_, err = ten.NewUser(ctx, tx, tenancy.User{FranchiseID: other.ID, Login: "autre-admin", Email: "contact@comptoir-voisin.fr",
			Role: tenancy.RoleAdmin, Nom: "Leroy", Prenom: "Inès", PasswordHash: hash})
		return err
	})
}

// KioskKey is the key of the first demo restaurant's first kiosk, for
// trying the kiosk feed by hand (demo data only).
const KioskKey = "demo-kiosk-key"

const demoSiretPrefix = 812345670

// DeviceKey is the known key of a demo device (demo data only).
func DeviceKey(userKeenID string) string {
	if userKeenID == siret(demoSiretPrefix, 1)+"-"+tenancy.EquipmentKiosk+"-1" {
		return KioskKey
	}
	return tenancy.DeviceKeyPrefix + "demo_" + strings.ToLower(strings.ReplaceAll(userKeenID, "-", "_"))
}

func loadSites(ctx context.Context, tx *store.Tx, ten *tenancy.Service, franchiseID int64, list []site, prefix int) ([]tenancy.Restaurant, error) {
	var out []tenancy.Restaurant
	now := time.Now().UTC().Truncate(time.Minute)
	for i, s := range list {
		x, err := ten.NewRestaurant(ctx, tx, tenancy.Restaurant{
			FranchiseID: franchiseID, Siret: siret(prefix, i+1), Nom: s.nom, Pseudo: s.pseudo,
			Adresse: s.adresse, Ville: s.ville, CountryCode: s.country,
			CurrentLicence: fmt.Sprintf("LIC-%d-%03d", franchiseID, i+1),
		})
		if err != nil {
			return nil, fmt.Errorf("demo restaurant %s: %w", s.nom, err)
		}
		add := func(kind, label string, n int) error {
			for k := 1; k <= n; k++ {
				e, err := ten.NewEquipment(ctx, tx, tenancy.Equipment{FranchiseID: franchiseID, RestaurantID: x.ID, Kind: kind,
					Name: fmt.Sprintf("%s %d", label, k), UserKeenID: fmt.Sprintf("%s-%s-%d", x.Siret, kind, k)})
				if err != nil {
					return err
				}
				// Demo devices have known keys (for simulated tills and
				// kiosks) and were last seen a few minutes ago; the last
				// device of the biggest restaurants has been silent for days.
				seen := now.Add(-time.Duration(i*3+k) * time.Minute)
				if k == n && n > 1 && i%4 == 0 {
					seen = now.Add(-time.Duration(50+i) * time.Hour)
				}
				if err := tenancy.InstallDeviceKey(ctx, tx, e.ID, DeviceKey(e.UserKeenID), seen); err != nil {
					return err
				}
			}
			return nil
		}
		if err := add(tenancy.EquipmentTill, "Caisse", s.tills); err != nil {
			return nil, err
		}
		if err := add(tenancy.EquipmentKiosk, "Borne", s.kiosks); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}
