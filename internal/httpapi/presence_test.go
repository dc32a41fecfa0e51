package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

func TestPresenceShowsWhoIsOnlineAndWhere(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin, mod := srv.SignIn(t, "demo-admin"), srv.SignIn(t, "demo-moderateur")
		if res := srv.Do(t, http.MethodPost, "/api/v1/presence", mod, map[string]any{"page": "/auth/login", "online": true}); res.Status != 422 {
			t.Fatalf("login page counted: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/presence", mod, map[string]any{"page": "/brigade/mescommandes", "online": true}); res.Status != 204 {
			t.Fatalf("report: %d %s", res.Status, res.Body)
		}
		var list struct {
			Items []struct {
				UserName, Role, Page string
				Online               bool
			}
		}
		srv.Do(t, http.MethodGet, "/api/v1/presence", admin, nil).JSON(t, &list)
		if len(list.Items) != 1 || list.Items[0].Page != "/brigade/mescommandes" || !list.Items[0].Online || list.Items[0].Role != "moderator" {
			t.Fatalf("presence: %+v", list.Items)
		}
		// Leaving keeps the last page, offline.
		srv.Do(t, http.MethodPost, "/api/v1/presence", mod, map[string]any{"page": "", "online": false})
		srv.Do(t, http.MethodGet, "/api/v1/presence", admin, nil).JSON(t, &list)
		if list.Items[0].Online || list.Items[0].Page != "/brigade/mescommandes" {
			t.Fatalf("after leaving: %+v", list.Items)
		}
		// Another franchise sees nobody; a moderator cannot list.
		res := srv.Do(t, http.MethodGet, "/api/v1/presence", srv.SignIn(t, "autre-admin"), nil)
		if strings.Contains(string(res.Body), "mescommandes") {
			t.Fatalf("leak: %s", res.Body)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/presence", mod, nil); res.Status != http.StatusForbidden {
			t.Fatalf("moderator list: %d", res.Status)
		}
	})
}

func TestNoticesFollowRoleAndDomain(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		super := srv.SignIn(t, "superadmin")
		post := func(body map[string]any) int64 {
			res := srv.Do(t, http.MethodPost, "/api/v1/admin/notices", super, body)
			var n struct{ ID int64 }
			res.JSON(t, &n)
			if res.Status != 201 {
				t.Fatalf("create: %d %s", res.Status, res.Body)
			}
			return n.ID
		}
		type feed struct {
			Items []struct {
				ID    int64
				Title string
				Read  bool
			}
			Unread      int
			TooltipSeen bool
		}
		admin := srv.SignIn(t, "demo-admin")
		var base feed
		srv.Do(t, http.MethodGet, "/api/v1/notices", admin, nil).JSON(t, &base)
		n := len(base.Items) // the demo's own notices
		all := post(map[string]any{"title": "Mes Produits en masse", "date": "2026-11-20", "shortDescription": "Modifiez les prix de toute une sélection."})
		post(map[string]any{"title": "Pour un autre domaine", "date": "2026-11-19", "domaineName": "pro.exemple.fr"})
		post(map[string]any{"title": "Pour les modérateurs", "date": "2026-11-18", "roles": []string{"moderator"}})
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/notices", srv.SignIn(t, "demo-admin"), map[string]any{"title": "x", "date": "2026-11-18"}); res.Status != http.StatusForbidden {
			t.Fatalf("an admin wrote a notice: %d", res.Status)
		}
		var f feed
		srv.Do(t, http.MethodGet, "/api/v1/notices?domain=brigade.local", admin, nil).JSON(t, &f)
		if len(f.Items) != n+1 || f.Items[0].Title != "Mes Produits en masse" || f.Unread != n+1 || f.TooltipSeen {
			t.Fatalf("admin feed: %+v", f)
		}
		srv.Do(t, http.MethodGet, "/api/v1/notices?domain=pro.exemple.fr", admin, nil).JSON(t, &f)
		if len(f.Items) != n+2 {
			t.Fatalf("domain feed: %+v", f)
		}
		// Opening marks read; the tooltip is seen once.
		if res := srv.Do(t, http.MethodPost, "/api/v1/notices/"+itoa(all)+"/open", admin, nil); res.Status != 200 {
			t.Fatalf("open: %d", res.Status)
		}
		srv.Do(t, http.MethodPost, "/api/v1/notices/tooltip-seen", admin, nil)
		srv.Do(t, http.MethodGet, "/api/v1/notices", admin, nil).JSON(t, &f)
		if f.Unread != n || !f.Items[0].Read || !f.TooltipSeen {
			t.Fatalf("after opening: %+v", f)
		}
		// The moderator sees only its notice, and cannot open the others.
		mod := srv.SignIn(t, "demo-moderateur")
		srv.Do(t, http.MethodGet, "/api/v1/notices", mod, nil).JSON(t, &f)
		if len(f.Items) != 1 || f.Items[0].Title != "Pour les modérateurs" {
			t.Fatalf("moderator feed: %+v", f)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/notices/"+itoa(all)+"/open", mod, nil); res.Status != http.StatusNotFound {
			t.Fatalf("moderator opened an admin notice: %d", res.Status)
		}
	})
}
