package httpapi_test

import (
	"archive/zip"
	"bytes"
	"image/color"
	"net/http"
	"sort"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

func TestTagsAreValidatedAndTheirImagesZipped(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		var c campaignJSON
		srv.Do(t, http.MethodPost, "/api/v1/campaigns", admin, map[string]any{"nom": "Carte des tags"}).JSON(t, &c)
		upload := func(name string) string {
			res := uploadImage(t, srv, admin, map[string]string{"kind": "tags", "name": name}, pngBytes(t, color.RGBA{9, 9, 9, 255}))
			var img struct{ Path string }
			res.JSON(t, &img)
			if res.Status != 201 {
				t.Fatalf("upload: %d %s", res.Status, res.Body)
			}
			return img.Path
		}
		logo, fond, gone := upload("Midi logo"), upload("Midi fond"), upload("Ancien")
		doc := func(tags string) string {
			return `{"categories":[],"items":[],"options":[],"tags":[` + tags + `]}`
		}
		docPath := "/api/v1/campaigns/" + itoa(c.ID) + "/document"
		bad := doc(`{"idGlobal":"t1","idTag":1,"name_tag":"Midi","orderTypes":[1,9],"schedule":[{"day_of_week":1,"time_periods":[{"start":"14:30","end":"11:30"}]}]},
			{"idGlobal":"t2","idTag":2,"name_tag":"midi"}`)
		res := srv.DoWith(t, http.MethodPut, docPath, admin, bad, map[string]string{"If-Match": `"1"`})
		for _, want := range []string{"Le type de commande 9 du tag Midi n'existe pas", "La fin (11:30) doit être après le début (14:30) pour le tag Midi.", "Le nom « midi » est déjà utilisé par le tag « Midi »."} {
			if res.Status != 422 || !strings.Contains(string(res.Body), want) {
				t.Errorf("missing %q: %d %s", want, res.Status, res.Body)
			}
		}
		good := doc(`{"idGlobal":"t1","idTag":1,"name_tag":"Midi","logo_tag":"` + logo + `","background_catalog":"` + fond + `","orderTypes":[1,2],"disabledOrderTypes":[3,4,5],
			"schedule":[{"day_of_week":1,"time_periods":[{"start":"11:30","end":"14:30","id":1}]}]},
			{"idGlobal":"t2","idTag":2,"name_tag":"Ancien","logo_tag":"` + gone + `","deleted":true},
			{"idGlobal":"t3","idTag":3,"name_tag":"Sans image","logo_tag":"absent.png"}`)
		if res := srv.DoWith(t, http.MethodPut, docPath, admin, good, map[string]string{"If-Match": `"1"`}); res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		res = srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(c.ID)+"/tags/images.zip", admin, nil)
		if res.Status != 200 || res.Header.Get("Content-Type") != "application/zip" || !strings.Contains(res.Header.Get("Content-Disposition"), "tags_images.zip") {
			t.Fatalf("zip: %d %s", res.Status, res.Header)
		}
		zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range zr.File {
			names = append(names, f.Name)
		}
		sort.Strings(names)
		if strings.Join(names, ",") != "Midi_fond.png,Midi_logo.png" {
			t.Fatalf("zip holds %v: the deleted tag and the missing image stay out", names)
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/campaigns/"+itoa(c.ID)+"/tags/images.zip", srv.SignIn(t, "autre-admin"), nil); res.Status != http.StatusNotFound {
			t.Fatalf("other franchise: %d", res.Status)
		}
	})
}
