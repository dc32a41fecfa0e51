package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"brigade/internal/httpapi"
)

func TestSPAFallbackServesIndexForClientRoutes(t *testing.T) {
	spa := fstest.MapFS{
		"index.html":        {Data: []byte("<div id=root></div>")},
		"assets/app-123.js": {Data: []byte("console.log(1)")},
	}
	h := httpapi.New(httpapi.Deps{SPA: spa})
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}
	for _, p := range []string{"/", "/RealtimeDashboard", "/auth/resetPassword/1&abc", "/brigade/configborne"} {
		if rec := get(p); rec.Code != 200 || !strings.Contains(rec.Body.String(), "id=root") {
			t.Errorf("%s: %d %q", p, rec.Code, rec.Body.String())
		}
	}
	if rec := get("/assets/app-123.js"); rec.Code != 200 || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %v", rec.Code, rec.Header())
	}
	if rec := get("/assets/missing.js"); rec.Code != 404 {
		t.Errorf("a missing asset must 404, not serve index.html: %d", rec.Code)
	}
	if rec := get("/api/v1/nothing"); rec.Code != 404 || rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Errorf("unknown API path: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}
