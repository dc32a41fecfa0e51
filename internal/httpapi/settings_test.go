package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"brigade/internal/demo"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

func TestSettingsOverHTTP(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		// The second demo franchise still has the default screens.
		admin := srv.SignIn(t, "autre-admin")
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
		if res = srv.Do(t, http.MethodGet, "/api/v1/settings/screens", mod, nil); res.Status != 200 || !strings.Contains(string(res.Body), "Assemblage") {
			t.Fatalf("moderator read: %d %s", res.Status, res.Body)
		}
		kiosk := map[string]bool{"hide_name_products": true, "hide_name_categories": false, "hide_name_sub_categories": false, "hide_name_options": false}
		for _, login := range []string{"demo-moderateur", "demo-invite", "demo-resto"} {
			if res = srv.DoWith(t, http.MethodPut, "/api/v1/settings/kiosk", srv.SignIn(t, login), kiosk, map[string]string{"If-Match": `"0"`}); res.Status != http.StatusForbidden {
				t.Fatalf("%s changed the kiosk parameters: %d %s", login, res.Status, res.Body)
			}
		}
		// The demo franchise keeps its own screens (Grill, Assemblage…), untouched by this save.
		if res = srv.Do(t, http.MethodGet, "/api/v1/settings/screens", srv.SignIn(t, "demo-admin"), nil); !strings.Contains(string(res.Body), "Assemblage") || strings.Contains(string(res.Body), `"grill"`) {
			t.Fatalf("demo franchise: %s", res.Body)
		}
	})
}

func TestSuperAdminSwitchesFeatureSettings(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		var fid int64
		if err := srv.DB.QueryRow(t.Context(), `SELECT id FROM franchises WHERE name = ?`, "Brigade Burger").Scan(&fid); err != nil {
			t.Fatal(err)
		}
		path := "/api/v1/admin/franchises/" + itoa(fid) + "/features"
		body := map[string]any{"newProductDefaultPrinter": 2, "newProductCook": true, "publishAvailableProducts": false, "refreshAvailableProductsOnGeneration": false}
		if res := srv.Do(t, http.MethodPut, path, srv.SignIn(t, "demo-admin"), body); res.Status != http.StatusForbidden {
			t.Fatalf("a franchise admin switched features: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPut, path, srv.SignIn(t, "superadmin"), body); res.Status != 200 {
			t.Fatalf("superadmin: %d %s", res.Status, res.Body)
		}
		var me struct {
			Settings map[string]any `json:"settings"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/franchise", srv.SignIn(t, "demo-admin"), nil).JSON(t, &me)
		if me.Settings["newProductDefaultPrinter"] != float64(2) || me.Settings["newProductCook"] != true {
			t.Fatalf("franchise settings: %+v", me.Settings)
		}
	})
}

func TestKioskParametersWithAnEquipmentKey(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		var keen string
		if err := srv.DB.QueryRow(t.Context(), `SELECT e.user_keen_id FROM equipments e JOIN restaurants r ON r.id = e.restaurant_id JOIN franchises f ON f.id = r.franchise_id
			WHERE f.name = ? ORDER BY e.id LIMIT 1`, "Brigade Burger").Scan(&keen); err != nil {
			t.Fatal(err)
		}
		key := map[string]string{"Authorization": "Bearer " + demo.DeviceKey(keen), "If-Match": `"0"`}
		if res := srv.DoWith(t, http.MethodGet, "/kiosk/v1/parameters", "", nil, map[string]string{"Authorization": "Bearer brg_dev_nope"}); res.Status != http.StatusUnauthorized {
			t.Fatalf("bad key: %d", res.Status)
		}
		res := srv.DoWith(t, http.MethodPut, "/kiosk/v1/parameters", "", map[string]bool{"hide_name_products": true, "hide_name_categories": false, "hide_name_sub_categories": false, "hide_name_options": false}, key)
		if res.Status != 200 || !strings.Contains(string(res.Body), `"version":1`) {
			t.Fatalf("device save: %d %s", res.Status, res.Body)
		}
		// The back-office sees it, with the device as author; the other franchise does not.
		res = srv.Do(t, http.MethodGet, "/api/v1/settings/kiosk", srv.SignIn(t, "demo-admin"), nil)
		if !strings.Contains(string(res.Body), `"hide_name_products":true`) || !strings.Contains(string(res.Body), `"version":1`) {
			t.Fatalf("admin read: %s", res.Body)
		}
		if res = srv.Do(t, http.MethodGet, "/api/v1/settings/kiosk", srv.SignIn(t, "autre-admin"), nil); strings.Contains(string(res.Body), `"hide_name_products":true`) {
			t.Fatalf("leak: %s", res.Body)
		}
	})
}
