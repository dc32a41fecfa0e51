package httpapi_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

// A deleted carte waits in the archive and comes back as a new carte with
// the same document; only its franchise's admin sees or restores it.
func TestArchiveRestoresADeletedCarte(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var list struct {
			Items []struct {
				ID  int64  `json:"id"`
				Nom string `json:"nom"`
			} `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/campaigns", admin, nil).JSON(t, &list)
		cartes := list.Items
		if len(cartes) == 0 {
			t.Fatal("the demo has no carte")
		}
		gone := cartes[len(cartes)-1]
		before := srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(gone.ID)+"/document", admin, nil)
		if res := srv.Do(t, http.MethodDelete, "/api/v1/campaigns/"+itoa(gone.ID), admin, nil); res.Status != 204 {
			t.Fatalf("delete: %d %s", res.Status, res.Body)
		}
		var archived []struct {
			ID         int64  `json:"id"`
			CampaignID int64  `json:"campaignId"`
			Nom        string `json:"nom"`
			DeletedBy  string `json:"deletedBy"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/archive/campaigns", admin, nil).JSON(t, &archived)
		if len(archived) != 1 || archived[0].CampaignID != gone.ID || archived[0].Nom != gone.Nom || archived[0].DeletedBy == "" {
			t.Fatalf("archive: %+v", archived)
		}
		// Another franchise and the moderator see none of it.
		other := srv.SignIn(t, "autre-admin")
		var none []any
		srv.Do(t, http.MethodGet, "/api/v1/archive/campaigns", other, nil).JSON(t, &none)
		if len(none) != 0 {
			t.Fatalf("another franchise sees %d deleted cartes", len(none))
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/archive/campaigns/"+itoa(archived[0].ID)+"/restore", other, nil); res.Status != 404 {
			t.Fatalf("another franchise restores: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/archive/campaigns", srv.SignIn(t, "demo-moderateur"), nil); res.Status != 403 {
			t.Fatalf("a moderator reads the archive: %d", res.Status)
		}
		res := srv.Do(t, http.MethodPost, "/api/v1/archive/campaigns/"+itoa(archived[0].ID)+"/restore", admin, nil)
		if res.Status != 201 {
			t.Fatalf("restore: %d %s", res.Status, res.Body)
		}
		var back struct {
			ID  int64  `json:"id"`
			Nom string `json:"nom"`
		}
		res.JSON(t, &back)
		if back.Nom != gone.Nom || back.ID == gone.ID {
			t.Fatalf("restored: %+v", back)
		}
		after := srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(back.ID)+"/document", admin, nil)
		var a, b map[string]any
		if err := json.Unmarshal(before.Body, &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(after.Body, &b); err != nil {
			t.Fatal(err)
		}
		ja, _ := json.Marshal(a["categories"])
		jb, _ := json.Marshal(b["categories"])
		if len(ja) < 10 || !bytes.Equal(ja, jb) {
			t.Fatalf("the restored carte's categories differ (%d and %d bytes)", len(ja), len(jb))
		}
		srv.Do(t, http.MethodGet, "/api/v1/archive/campaigns", admin, nil).JSON(t, &archived)
		if len(archived) != 0 {
			t.Fatalf("still in the archive after restoring: %+v", archived)
		}
	})
}

// Past exports are listed for the archive: every one of the franchise for
// its admin, none of another franchise's.
func TestArchiveListsPastExports(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		_, restaurants := scopeOf(t, srv, "demo-admin")
		res := srv.Do(t, http.MethodPost, "/api/v1/exports/products", admin, map[string]any{"restaurantIds": []int64{restaurants[0].ID}})
		if res.Status != http.StatusAccepted {
			t.Fatalf("start: %d %s", res.Status, res.Body)
		}
		var started exportJob
		res.JSON(t, &started)
		awaitJob[exportJob](t, srv, admin, started.ID)
		var past []struct {
			ID       int64  `json:"id"`
			Status   string `json:"status"`
			FileName string `json:"fileName"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/exports", admin, nil).JSON(t, &past)
		if len(past) != 1 || past[0].ID != started.ID || past[0].Status != "done" || past[0].FileName != "Produits Brigade Burger.zip" {
			t.Fatalf("past exports: %+v", past)
		}
		var none []any
		srv.Do(t, http.MethodGet, "/api/v1/exports", srv.SignIn(t, "autre-admin"), nil).JSON(t, &none)
		if len(none) != 0 {
			t.Fatalf("another franchise sees %d exports", len(none))
		}
	})
}
