package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

func TestSettingsOverHTTP(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var screens struct {
			Version int
			Value   struct {
				Screens []map[string]any `json:"screens"`
			}
		}
		res := srv.Do(t, http.MethodGet, "/api/v1/settings/screens", admin, nil)
		res.JSON(t, &screens)
		if res.Status != 200 || res.Header.Get("ETag") != `"0"` || len(screens.Value.Screens) != 8 || screens.Value.Screens[0]["name_screen"] != "Ecran 1" {
			t.Fatalf("defaults: %d %s", res.Status, res.Body)
		}
		screens.Value.Screens[0]["name_screen"] = "Grill"
		res = srv.DoWith(t, http.MethodPut, "/api/v1/settings/screens", admin, screens.Value, map[string]string{"If-Match": `"0"`})
		if res.Status != 200 || res.Header.Get("ETag") != `"1"` || !strings.Contains(string(res.Body), `"Grill"`) {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if res = srv.DoWith(t, http.MethodPut, "/api/v1/settings/screens", admin, screens.Value, map[string]string{"If-Match": `"0"`}); res.Status != http.StatusConflict || !strings.Contains(string(res.Body), "modifiés entre-temps") {
			t.Fatalf("stale: %d %s", res.Status, res.Body)
		}
		screens.Value.Screens[1]["name_screen"] = "grill"
		if res = srv.DoWith(t, http.MethodPut, "/api/v1/settings/screens", admin, screens.Value, map[string]string{"If-Match": `"1"`}); res.Status != 422 || !strings.Contains(string(res.Body), "Le nom « grill » est déjà utilisé par l'écran « Grill ».") {
			t.Fatalf("duplicate: %d %s", res.Status, res.Body)
		}
		mod := srv.SignIn(t, "demo-moderateur")
		if res = srv.Do(t, http.MethodGet, "/api/v1/settings/screens", mod, nil); res.Status != 200 || !strings.Contains(string(res.Body), "Grill") {
			t.Fatalf("moderator read: %d", res.Status)
		}
		if res = srv.DoWith(t, http.MethodPut, "/api/v1/settings/kiosk", mod, map[string]bool{"hide_name_products": true}, map[string]string{"If-Match": `"0"`}); res.Status != http.StatusForbidden {
			t.Fatalf("moderator write: %d %s", res.Status, res.Body)
		}
		if res = srv.Do(t, http.MethodGet, "/api/v1/settings/screens", srv.SignIn(t, "autre-admin"), nil); strings.Contains(string(res.Body), "Grill") {
			t.Fatalf("another franchise sees the change: %s", res.Body)
		}
	})
}
