package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

// fixture holds, per franchise, the ids a route parameter can take and the
// strings that must never appear in another franchise's answers.
type fixture struct {
	franchiseID int64
	restaurants []int64
	sirets      []string
	equipments  []int64 // the first device of each restaurant
	campaigns   []int64
	images      []string // product image files
	people      []int64  // managed logins
	notice      int64    // a notice (global: visible to every franchise)
	orders      []int64  // orders posted by the franchise's devices
	jobs        []int64  // background jobs (generations) of the franchise
	summaries   []int64  // the admin's summary subscriptions
	discounts   []int64  // the franchise's discounts
	codes       []int64  // its promo codes
	brands      []int64  // its brands
	deleted     []int64  // its deleted cartes (the archive)
	loyalty     [3]int64 // its loyalty rule, tier and reward
	customers   []int64  // its customers
	marketing   []int64  // its marketing campaigns
	lists       []int64  // its marketing lists
	markers     []string
}

func loadFixture(t *testing.T, db *store.DB, franchiseName string) fixture {
	t.Helper()
	ctx := context.Background()
	var f fixture
	if err := db.QueryRow(ctx, "SELECT id FROM franchises WHERE name = ?", franchiseName).Scan(&f.franchiseID); err != nil {
		t.Fatal(err)
	}
	f.markers = []string{franchiseName}
	rows, err := db.Query(ctx, "SELECT id, siret, nom FROM restaurants WHERE franchise_id = ? ORDER BY id", f.franchiseID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var siret, nom string
		if err := rows.Scan(&id, &siret, &nom); err != nil {
			t.Fatal(err)
		}
		f.restaurants = append(f.restaurants, id)
		f.sirets = append(f.sirets, siret)
		f.markers = append(f.markers, siret, nom)
	}
	for _, rid := range f.restaurants {
		var eid int64
		var keen string
		if err := db.QueryRow(ctx, "SELECT id, user_keen_id FROM equipments WHERE restaurant_id = ? ORDER BY id LIMIT 1", rid).Scan(&eid, &keen); err != nil {
			t.Fatal(err)
		}
		f.equipments = append(f.equipments, eid)
		f.markers = append(f.markers, keen)
	}
	crows, err := db.Query(ctx, "SELECT id, nom FROM campaigns WHERE franchise_id = ? ORDER BY id", f.franchiseID)
	if err != nil {
		t.Fatal(err)
	}
	for crows.Next() {
		var id int64
		var nom string
		if err := crows.Scan(&id, &nom); err != nil {
			t.Fatal(err)
		}
		f.campaigns = append(f.campaigns, id)
		f.markers = append(f.markers, nom)
	}
	crows.Close()
	urows, err := db.Query(ctx, "SELECT login, email FROM users WHERE franchise_id = ?", f.franchiseID)
	if err != nil {
		t.Fatal(err)
	}
	defer urows.Close()
	for urows.Next() {
		var login, email string
		if err := urows.Scan(&login, &email); err != nil {
			t.Fatal(err)
		}
		f.markers = append(f.markers, login, email)
	}
	return f
}

type operation struct {
	method, path string
	body         any               // a body that passes the schema, so that the call reaches the domain
	headers      map[string]string // required headers (If-Match…)
	device       bool              // called by a till or kiosk with its key
}

type schema struct {
	Ref        string             `json:"$ref"`
	Type       json.RawMessage    `json:"type"` // a name or a list such as ["array","null"]
	Enum       []any              `json:"enum"`
	MinLength  int                `json:"minLength"`
	MaxLength  *int               `json:"maxLength"`
	Minimum    *float64           `json:"minimum"`
	Required   []string           `json:"required"`
	MinItems   int                `json:"minItems"`
	Items      *schema            `json:"items"`
	Properties map[string]*schema `json:"properties"`
	ReadOnly   bool               `json:"readOnly"`
	Format     string             `json:"format"`
}

type openAPIDoc struct {
	Paths map[string]map[string]struct {
		Parameters []struct {
			Name     string  `json:"name"`
			In       string  `json:"in"`
			Required bool    `json:"required"`
			Schema   *schema `json:"schema"`
		} `json:"parameters"`
		Security    []map[string][]string `json:"security"`
		RequestBody *struct {
			Content map[string]struct {
				Schema *schema `json:"schema"`
			} `json:"content"`
		} `json:"requestBody"`
	} `json:"paths"`
	Components struct {
		Schemas map[string]*schema `json:"schemas"`
	} `json:"components"`
}

// sample builds a value that satisfies sc: a valid request must be refused
// by the tenancy rules, not by the schema.
func (d *openAPIDoc) sample(sc *schema) any {
	if sc == nil {
		return map[string]any{}
	}
	if sc.Ref != "" {
		return d.sample(d.Components.Schemas[strings.TrimPrefix(sc.Ref, "#/components/schemas/")])
	}
	if len(sc.Enum) > 0 {
		return sc.Enum[0]
	}
	switch strings.Trim(strings.SplitN(strings.Trim(string(sc.Type), "[]"), ",", 2)[0], `"`) {
	case "string":
		if sc.Format == "date-time" {
			return time.Now().Add(-time.Minute).UTC().Format(time.RFC3339)
		}
		n := 14
		if sc.MaxLength != nil && *sc.MaxLength < n {
			n = *sc.MaxLength
		}
		return strings.Repeat("7", max(sc.MinLength, n))
	case "integer", "number":
		if sc.Minimum != nil && *sc.Minimum > 1 {
			return *sc.Minimum
		}
		return 1
	case "boolean":
		return false
	case "array":
		out := []any{}
		for range sc.MinItems {
			out = append(out, d.sample(sc.Items))
		}
		return out
	}
	out := map[string]any{}
	for name, p := range sc.Properties {
		if p.ReadOnly {
			continue // what the server writes (ids, versions, dates): clients never send it
		}
		out[name] = d.sample(p)
	}
	return out
}

// operations lists every operation of the served OpenAPI document.
func operations(t *testing.T, srv *testutil.Server) []operation {
	t.Helper()
	var doc openAPIDoc
	srv.Do(t, http.MethodGet, "/api/v1/openapi.json", "", nil).JSON(t, &doc)
	var ops []operation
	for path, item := range doc.Paths {
		for method, op := range item {
			var body any = map[string]any{}
			if op.RequestBody != nil {
				if c, ok := op.RequestBody.Content["application/json"]; ok {
					body = doc.sample(c.Schema)
				}
			}
			if path == "/kiosk/v1/orders/{orderId}/status" {
				// A change the order allows, on the order's own equipment:
				// the sample (a refund amount on a payment, an unknown
				// equipment) would be refused whoever asks.
				body = map[string]any{"event_id": "tenancy", "status": "cancelled", "at": time.Now().UTC().Format(time.RFC3339)}
			}
			headers := map[string]string{}
			query := ""
			for _, prm := range op.Parameters {
				switch {
				case prm.In == "header" && prm.Required:
					headers[prm.Name] = `"1"`
				case prm.In == "query" && prm.Required:
					v := any(1)
					if prm.Schema != nil {
						v = doc.sample(prm.Schema)
					}
					query += "&" + prm.Name + "=" + url.QueryEscape(fmt.Sprint(v))
				}
			}
			device := false
			for _, sec := range op.Security {
				if _, ok := sec["deviceKey"]; ok {
					device = true
				}
			}
			p := path
			if query != "" {
				p += "?" + query[1:]
			}
			ops = append(ops, operation{strings.ToUpper(method), p, body, headers, device})
		}
	}
	// Deletions last, so that the owners' positive control reads its own
	// resources before deleting them.
	sort.Slice(ops, func(i, j int) bool {
		di, dj := ops[i].method == http.MethodDelete, ops[j].method == http.MethodDelete
		if di != dj {
			return dj
		}
		// Among deletions, sub-resources (deeper paths) before their parent.
		if si, sj := strings.Count(ops[i].path, "/"), strings.Count(ops[j].path, "/"); di && si != sj {
			return si > sj
		}
		return ops[i].path+ops[i].method < ops[j].path+ops[j].method
	})
	if len(ops) < 15 {
		t.Fatalf("only %d operations in the document", len(ops))
	}
	return ops
}

var pathParam = regexp.MustCompile(`\{([^}]+)\}`)

// fill replaces each path parameter with the victim's id for it. A
// parameter the test does not know fails the test: a new route must teach
// the tenancy test how to aim it at another franchise's data.
func fill(t *testing.T, path string, victim fixture, i int) string {
	return pathParam.ReplaceAllStringFunc(path, func(m string) string {
		switch name := m[1 : len(m)-1]; name {
		case "restaurantId":
			return itoa(victim.restaurants[i])
		case "equipmentId":
			return itoa(victim.equipments[i])
		case "siret":
			return victim.sirets[i]
		case "campaignId":
			if strings.HasPrefix(path, "/api/v1/marketing/") {
				return itoa(victim.marketing[0])
			}
			if len(victim.campaigns) == 0 {
				t.Fatalf("no carte in the fixture for %s", path)
			}
			return itoa(victim.campaigns[i%len(victim.campaigns)])
		case "franchiseId":
			return itoa(victim.franchiseID)
		case "userId":
			if len(victim.people) == 0 {
				t.Fatalf("no managed login in the fixture for %s", path)
			}
			return itoa(victim.people[0])
		case "noticeId":
			return itoa(victim.notice)
		case "orderId":
			if len(victim.orders) == 0 {
				t.Fatalf("no order in the fixture for %s", path)
			}
			if strings.HasPrefix(path, "/kiosk/") {
				// Tills name their orders by their own id: the order the
				// restaurant's first device posted (SECRET-{restaurant id}).
				return "SECRET-" + itoa(victim.restaurants[i])
			}
			return itoa(victim.orders[i%len(victim.orders)])
		case "kind":
			return "products"
		case "jobId":
			if len(victim.jobs) == 0 {
				t.Fatalf("no job in the fixture for %s", path)
			}
			return itoa(victim.jobs[0])
		case "subscriptionId":
			if len(victim.summaries) == 0 {
				t.Fatalf("no summary subscription in the fixture for %s", path)
			}
			return itoa(victim.summaries[0])
		case "discountId":
			return itoa(victim.discounts[0])
		case "codeId":
			return itoa(victim.codes[0])
		case "brandId":
			return itoa(victim.brands[0])
		case "listId":
			return itoa(victim.lists[0])
		case "token":
			return "1.signature-inconnue"

		case "deletedId":
			return itoa(victim.deleted[0])
		case "ruleId":
			return itoa(victim.loyalty[0])
		case "tierId":
			return itoa(victim.loyalty[1])
		case "rewardId":
			return itoa(victim.loyalty[2])
		case "customerId":
			return itoa(victim.customers[0])
		case "version":
			return "1"
		case "module":
			return "uber_eats"
		case "file":
			if len(victim.images) == 0 {
				t.Fatalf("no image in the fixture for %s", path)
			}
			return victim.images[0]
		default:
			t.Fatalf("route %s: the tenancy test does not know parameter %q; add it to fill()", path, name)
			return ""
		}
	})
}

// equipmentKey returns the demo key of an equipment.
func equipmentKey(t *testing.T, srv *testutil.Server, equipmentID int64) string {
	t.Helper()
	var keen string
	if err := srv.DB.QueryRow(context.Background(), "SELECT user_keen_id FROM equipments WHERE id = ?", equipmentID).Scan(&keen); err != nil {
		t.Fatal(err)
	}
	return demo.DeviceKey(keen)
}

// TestNoRouteCrossesFranchises signs in as every role of one franchise and
// aims every operation of the OpenAPI document at the other franchise's
// data: the answer must be the 404 of a missing resource (or a refusal for
// the role), and no answer may contain the other franchise's data.
func TestNoRouteCrossesFranchises(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		// The demo attaches demo-resto to the other franchise too (it may
		// switch there): here it is an outsider, as a login of one franchise.
		var restoID, otherID int64
		if err := srv.DB.QueryRow(context.Background(), "SELECT user_id, franchise_id FROM user_franchises WHERE user_id = (SELECT id FROM users WHERE login = 'demo-resto')").Scan(&restoID, &otherID); err != nil {
			t.Fatal(err)
		}
		if res := srv.Do(t, http.MethodDelete, "/api/v1/admin/users/"+itoa(restoID)+"/franchises/"+itoa(otherID), srv.SignIn(t, "superadmin"), nil); res.Status != http.StatusNoContent {
			t.Fatalf("detach demo-resto: %d %s", res.Status, res.Body)
		}
		for login, nom := range map[string]string{"demo-admin": "Carte secrète Brigade", "autre-admin": "Carte secrète Comptoir"} {
			if res := srv.Do(t, http.MethodPost, "/api/v1/campaigns", srv.SignIn(t, login), map[string]any{"nom": nom}); res.Status != 201 {
				t.Fatalf("carte for %s: %d %s", login, res.Status, res.Body)
			}
		}
		demoF := loadFixture(t, srv.DB, "Brigade Burger")
		otherF := loadFixture(t, srv.DB, "Le Comptoir Voisin")
		for _, x := range []struct {
			login string
			f     *fixture
		}{{"demo-admin", &demoF}, {"autre-admin", &otherF}} {
			res := uploadImage(t, srv, srv.SignIn(t, x.login), map[string]string{"kind": "products", "name": "Secret " + x.login}, pngBytes(t, color.RGBA{1, 2, 3, 255}))
			var img struct{ Path string }
			res.JSON(t, &img)
			if res.Status != http.StatusCreated {
				t.Fatalf("image for %s: %d %s", x.login, res.Status, res.Body)
			}
			x.f.images = append(x.f.images, img.Path)
			res = srv.Do(t, http.MethodPost, "/api/v1/people", srv.SignIn(t, x.login), map[string]any{"login": "invite-" + x.login, "password": "motdepasse1",
				"nom": "Invité secret", "role": "guest", "restaurants": []int64{x.f.restaurants[0]}})
			var person struct{ ID int64 }
			res.JSON(t, &person)
			if res.Status != http.StatusCreated {
				t.Fatalf("person for %s: %d %s", x.login, res.Status, res.Body)
			}
			x.f.people = append(x.f.people, person.ID)
			for i, rid := range x.f.restaurants {
				var keen string
				if err := srv.DB.QueryRow(context.Background(), "SELECT user_keen_id FROM equipments WHERE id = ?", x.f.equipments[i]).Scan(&keen); err != nil {
					t.Fatal(err)
				}
				res = srv.Do(t, http.MethodPost, "/kiosk/v1/orders", demo.DeviceKey(keen), sampleOrder("SECRET-"+itoa(rid), time.Now().Add(-time.Hour)))
				var o struct{ ID int64 }
				res.JSON(t, &o)
				if res.Status != http.StatusCreated {
					t.Fatalf("order for %s: %d %s", x.login, res.Status, res.Body)
				}
				x.f.orders = append(x.f.orders, o.ID)
			}
			res = srv.Do(t, http.MethodPost, "/api/v1/deploy/generations", srv.SignIn(t, x.login), map[string]any{"restaurantIds": x.f.restaurants[:1]})
			var job struct{ ID int64 }
			res.JSON(t, &job)
			if res.Status != http.StatusAccepted {
				t.Fatalf("generation for %s: %d %s", x.login, res.Status, res.Body)
			}
			x.f.jobs = append(x.f.jobs, job.ID)
			res = srv.Do(t, http.MethodPost, "/api/v1/reports/subscriptions", srv.SignIn(t, x.login), map[string]any{"frequency": "daily", "restaurantId": x.f.restaurants[0], "email": "secret@exemple.fr"})
			var sub struct{ ID int64 }
			res.JSON(t, &sub)
			if res.Status != http.StatusCreated {
				t.Fatalf("summary subscription for %s: %d %s", x.login, res.Status, res.Body)
			}
			x.f.summaries = append(x.f.summaries, sub.ID)
			secret := "Réduction secrète " + x.login
			res = srv.Do(t, http.MethodPost, "/api/v1/discounts", srv.SignIn(t, x.login), map[string]any{"name": secret, "kind": "pourcentage", "value": 500, "active": true})
			var disc struct{ ID int64 }
			res.JSON(t, &disc)
			if res.Status != http.StatusCreated {
				t.Fatalf("discount for %s: %d %s", x.login, res.Status, res.Body)
			}
			// The code grants a discount of its own: the routes' deletion of
			// the first discount must not take the code's away before the
			// owner's positive control deletes the code.
			res = srv.Do(t, http.MethodPost, "/api/v1/discounts", srv.SignIn(t, x.login), map[string]any{"name": secret + " (code)", "kind": "montant", "value": 200, "active": true})
			var forCode struct{ ID int64 }
			res.JSON(t, &forCode)
			if res.Status != http.StatusCreated {
				t.Fatalf("code's discount for %s: %d %s", x.login, res.Status, res.Body)
			}
			code := "SECRET" + strings.ToUpper(strings.ReplaceAll(x.login, "-", ""))
			res = srv.Do(t, http.MethodPost, "/api/v1/promocodes", srv.SignIn(t, x.login), map[string]any{"code": code, "discountId": forCode.ID, "active": true})
			var pc struct{ ID int64 }
			res.JSON(t, &pc)
			if res.Status != http.StatusCreated {
				t.Fatalf("promo code for %s: %d %s", x.login, res.Status, res.Body)
			}
			x.f.discounts, x.f.codes = append(x.f.discounts, disc.ID), append(x.f.codes, pc.ID)
			x.f.markers = append(x.f.markers, secret, code)
			brand := "Marque secrète " + x.login
			res = srv.Do(t, http.MethodPost, "/api/v1/brands", srv.SignIn(t, x.login), map[string]any{"name": brand, "primaryColor": "#123456", "secondaryColor": "#654321",
				"campaignIds": []int64{}, "restaurantIds": []int64{x.f.restaurants[0]}})
			var br struct{ ID int64 }
			res.JSON(t, &br)
			if res.Status != http.StatusCreated {
				t.Fatalf("brand for %s: %d %s", x.login, res.Status, res.Body)
			}
			x.f.brands = append(x.f.brands, br.ID)
			x.f.markers = append(x.f.markers, brand)
			loyaltySecrets(t, srv, x.login, x.f)
			mkt := "Campagne secrète " + x.login
			res = srv.Do(t, http.MethodPost, "/api/v1/marketing/campaigns", srv.SignIn(t, x.login), map[string]any{"name": mkt, "channel": "sms", "segment": map[string]any{"restaurantIds": []int64{}}, "body": mkt})
			var mc struct{ ID int64 }
			res.JSON(t, &mc)
			if res.Status != http.StatusCreated {
				t.Fatalf("marketing campaign for %s: %d %s", x.login, res.Status, res.Body)
			}
			list := "Liste secrète " + x.login
			res = srv.Do(t, http.MethodPost, "/api/v1/marketing/lists", srv.SignIn(t, x.login), map[string]any{"name": list, "segment": map[string]any{"restaurantIds": []int64{}}})
			var ml struct{ ID int64 }
			res.JSON(t, &ml)
			if res.Status != http.StatusCreated {
				t.Fatalf("marketing list for %s: %d %s", x.login, res.Status, res.Body)
			}
			x.f.marketing, x.f.lists = append(x.f.marketing, mc.ID), append(x.f.lists, ml.ID)
			x.f.markers = append(x.f.markers, mkt, list)
			gone := "Carte supprimée " + x.login
			res = srv.Do(t, http.MethodPost, "/api/v1/campaigns", srv.SignIn(t, x.login), map[string]any{"nom": gone})
			var carte struct{ ID int64 }
			res.JSON(t, &carte)
			if res.Status != http.StatusCreated {
				t.Fatalf("carte to delete for %s: %d %s", x.login, res.Status, res.Body)
			}
			if res := srv.Do(t, http.MethodDelete, "/api/v1/campaigns/"+itoa(carte.ID), srv.SignIn(t, x.login), nil); res.Status != http.StatusNoContent {
				t.Fatalf("delete carte for %s: %d %s", x.login, res.Status, res.Body)
			}
			var archived int64
			if err := srv.DB.QueryRow(context.Background(), "SELECT id FROM deleted_campaigns WHERE campaign_id = ?", carte.ID).Scan(&archived); err != nil {
				t.Fatal(err)
			}
			x.f.deleted = append(x.f.deleted, archived)
			x.f.markers = append(x.f.markers, gone)
		}
		ops := operations(t, srv)
		res := srv.Do(t, http.MethodPost, "/api/v1/admin/notices", srv.SignIn(t, "superadmin"), map[string]any{"title": "Nouveauté", "date": "2026-11-01", "roles": []string{"admin", "guest", "moderator", "restaurant"}})
		var notice struct{ ID int64 }
		res.JSON(t, &notice)
		if res.Status != http.StatusCreated {
			t.Fatalf("notice: %d %s", res.Status, res.Body)
		}
		demoF.notice, otherF.notice = notice.ID, notice.ID

		type attacker struct {
			login  string
			victim fixture
			own    fixture
		}
		attackers := []attacker{
			{"demo-admin", otherF, demoF},
			{"demo-moderateur", otherF, demoF},
			{"demo-invite", otherF, demoF},
			{"demo-resto", otherF, demoF},
			{"autre-admin", demoF, otherF},
		}
		for _, a := range attackers {
			token := srv.SignIn(t, a.login)
			for _, op := range ops {
				if op.path == "/api/v1/events" {
					continue // a stream: covered by TestEventsStayInTheirFranchise
				}
				if strings.HasPrefix(op.path, "/u/") {
					continue // a signed unsubscribe link, no franchise's data: TestCampaignsSendEmail tries forged ones
				}
				if op.path == "/api/v1/notices/{noticeId}/open" {
					continue // notices belong to no franchise: TestNoticesFollowRoleAndDomain covers who reads them
				}
				caller := token
				if op.device {
					// A till or kiosk of the attacker's franchise.
					caller = equipmentKey(t, srv, a.own.equipments[0])
				}
				for i := range a.victim.restaurants {
					path := fill(t, op.path, a.victim, i)
					res := srv.DoWith(t, op.method, path, caller, op.body, op.headers)
					body := string(res.Body)
					if strings.Contains(op.path, "{") {
						if res.Status != http.StatusNotFound && res.Status != http.StatusForbidden {
							t.Errorf("%s %s %s: status %d, want 404 (or 403 for the role): %.200s", a.login, op.method, path, res.Status, body)
						}
						if res.Status == http.StatusNotFound && !strings.Contains(body, "La ressource demandée est introuvable.") {
							t.Errorf("%s %s %s: another franchise's resource must look missing: %.200s", a.login, op.method, path, body)
						}
					}
					for _, m := range a.victim.markers {
						if strings.Contains(body, m) {
							t.Errorf("%s %s %s leaks %q of the other franchise", a.login, op.method, path, m)
						}
					}
				}
			}
		}

		// Positive control: every parameterised route finds the owner's own
		// resources, so the 404s above come from the tenancy rules, not from
		// a route that never reads its parameters.
		for _, owner := range []struct {
			login string
			f     fixture
		}{{"demo-admin", demoF}, {"autre-admin", otherF}} {
			token := srv.SignIn(t, owner.login)
			for _, op := range ops {
				if !strings.Contains(op.path, "{") || strings.Contains(op.path, "franchiseId") || strings.HasPrefix(op.path, "/u/") {
					continue
				}
				last := len(owner.f.restaurants) - 1
				path := fill(t, op.path, owner.f, last)
				caller := token
				if op.device {
					caller = equipmentKey(t, srv, owner.f.equipments[last])
				}
				if res := srv.DoWith(t, op.method, path, caller, op.body, op.headers); res.Status == http.StatusNotFound {
					t.Errorf("%s on its own data %s %s: 404 %.200s", owner.login, op.method, path, res.Body)
				}
			}
		}
	})
}

// TestScopedRolesSeeOnlyTheirRestaurants checks the second boundary: inside
// one franchise, a moderator, a guest and a restaurant login see only the
// restaurants they were given.
func TestScopedRolesSeeOnlyTheirRestaurants(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		demoF := loadFixture(t, srv.DB, "Brigade Burger")
		allowed := map[string][]string{
			"demo-admin":      nil, // all twelve
			"demo-moderateur": {"Paris Bastille"},
			"demo-resto":      {"Lyon Part-Dieu"},
			"demo-invite":     {"Casablanca Maarif", "Lyon Part-Dieu", "Marseille Vieux-Port", "Paris Bastille"},
		}
		for login, want := range allowed {
			token := srv.SignIn(t, login)
			var list struct {
				Items []struct {
					ID  int64  `json:"id"`
					Nom string `json:"nom"`
				} `json:"items"`
				Total int `json:"total"`
			}
			srv.Do(t, http.MethodGet, "/api/v1/restaurants", token, nil).JSON(t, &list)
			var got []string
			seen := map[int64]bool{}
			for _, x := range list.Items {
				got = append(got, x.Nom)
				seen[x.ID] = true
			}
			if want == nil {
				if list.Total != len(demoF.restaurants) {
					t.Errorf("admin sees %d restaurants, want %d", list.Total, len(demoF.restaurants))
				}
			} else if strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s sees %v, want %v", login, got, want)
			}
			// Every restaurant outside the list is missing for this login.
			for _, rid := range demoF.restaurants {
				res := srv.Do(t, http.MethodGet, "/api/v1/restaurants/"+itoa(rid)+"/equipments", token, nil)
				if seen[rid] && res.Status != 200 {
					t.Errorf("%s: own restaurant %d: %d", login, rid, res.Status)
				}
				if !seen[rid] && res.Status != 404 {
					t.Errorf("%s: restaurant %d outside its list: %d", login, rid, res.Status)
				}
			}
		}
	})
}

func TestSuperAdminRoutesRefuseOtherRoles(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	other := loadFixture(t, srv.DB, "Le Comptoir Voisin")
	for _, login := range []string{"demo-admin", "demo-moderateur", "demo-invite", "demo-resto"} {
		token := srv.SignIn(t, login)
		for _, p := range []string{"block", "unblock", "impersonate"} {
			res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(other.franchiseID)+"/"+p, token, nil)
			if res.Status != http.StatusForbidden {
				t.Errorf("%s %s: %d", login, p, res.Status)
			}
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/admin/franchises", token, nil); res.Status != http.StatusForbidden {
			t.Errorf("%s lists franchises: %d", login, res.Status)
		}
	}
	var blocked int
	if err := srv.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM franchises WHERE is_blocked = TRUE").Scan(&blocked); err != nil || blocked != 0 {
		t.Fatalf("a refused call changed data: %d blocked (%v)", blocked, err)
	}
}
