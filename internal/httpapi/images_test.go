package httpapi_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

func pngBytes(t testing.TB, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for x := range 8 {
		for y := range 8 {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// uploadImage posts a multipart image form as the UI does.
func uploadImage(t testing.TB, srv *testutil.Server, token string, fields map[string]string, data []byte) testutil.Response {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	if data != nil {
		fw, err := w.CreateFormFile("file", "photo.png")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(data)
	}
	_ = w.Close()
	return srv.DoWith(t, http.MethodPost, "/api/v1/images", token, body.String(), map[string]string{"Content-Type": w.FormDataContentType()})
}

func TestImagesAreStoredPerFranchiseUnderTheSpecPaths(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		admin := srv.SignIn(t, "demo-admin")
		red := pngBytes(t, color.RGBA{200, 30, 30, 255})

		res := uploadImage(t, srv, admin, map[string]string{"kind": "products", "name": "Le Classique: 100% bœuf?"}, red)
		if res.Status != http.StatusCreated {
			t.Fatalf("upload: %d %s", res.Status, res.Body)
		}
		var out struct{ Path, URL string }
		res.JSON(t, &out)
		if !strings.HasPrefix(out.Path, "Le Classique_ 100% bœuf_") || !strings.HasSuffix(out.Path, ".png") {
			t.Fatalf("file name %q: invalid characters must become _ and accents stay", out.Path)
		}
		var fid int64
		if err := srv.DB.QueryRow(t.Context(), `SELECT id FROM franchises WHERE name = ?`, "Brigade Burger").Scan(&fid); err != nil {
			t.Fatal(err)
		}
		if _, err := srv.Blobs.Stat(t.Context(), "CartesCampagnesImages/"+itoa(fid)+"/products/"+out.Path); err != nil {
			t.Fatalf("not under the spec's path: %v", err)
		}
		got := srv.Do(t, http.MethodGet, out.URL, admin, nil)
		if got.Status != 200 || !bytes.Equal(got.Body, red) || got.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("read back: %d %s", got.Status, got.Header.Get("Content-Type"))
		}
		// The moderator of the franchise reads it, but cannot upload.
		mod := srv.SignIn(t, "demo-moderateur")
		if got := srv.Do(t, http.MethodGet, out.URL, mod, nil); got.Status != 200 {
			t.Fatalf("moderator read: %d", got.Status)
		}
		if res := uploadImage(t, srv, mod, map[string]string{"kind": "products"}, red); res.Status != http.StatusForbidden {
			t.Fatalf("moderator upload: %d %s", res.Status, res.Body)
		}
		// Another franchise does not see it.
		if got := srv.Do(t, http.MethodGet, out.URL, srv.SignIn(t, "autre-admin"), nil); got.Status != http.StatusNotFound {
			t.Fatalf("other franchise: %d", got.Status)
		}
		// The moment variant, and the refusals.
		res = uploadImage(t, srv, admin, map[string]string{"kind": "categories", "name": "Burgers", "moment": "true"}, red)
		res.JSON(t, &out)
		if res.Status != http.StatusCreated || !strings.HasSuffix(out.Path, "_Moment.png") {
			t.Fatalf("moment: %d %s", res.Status, res.Body)
		}
		gif := []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")
		if res := uploadImage(t, srv, admin, map[string]string{"kind": "products"}, gif); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("gif: %d %s", res.Status, res.Body)
		}
		if res := uploadImage(t, srv, admin, map[string]string{"kind": "menus"}, red); res.Status != http.StatusUnprocessableEntity {
			t.Fatalf("unknown kind: %d %s", res.Status, res.Body)
		}
		if got := srv.Do(t, http.MethodGet, "/api/v1/images/products/..%2F..%2Fsecret.png", admin, nil); got.Status != http.StatusNotFound {
			t.Fatalf("escape: %d", got.Status)
		}
	})
}
