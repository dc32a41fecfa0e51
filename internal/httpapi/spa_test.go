package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"brigade/internal/httpapi"
)

func TestSPAFallbackServesIndexForClientRoutes(t *testing.T) {
	spa := fstest.MapFS{
		"index.html":          {Data: []byte("<div id=root></div>")},
		"assets/app-123.js":   {Data: []byte("console.log(1)")},
		".vite/manifest.json": {Data: []byte(`{"index.html":{}}`)},
	}
	h := httpapi.New(httpapi.Deps{SPA: spa})
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}
	for _, p := range []string{"/", "/index.html", "/RealtimeDashboard", "/auth/resetPassword/1&abc", "/brigade/configborne"} {
		rec := get(p)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "id=root") {
			t.Errorf("%s: %d %q", p, rec.Code, rec.Body.String())
		}
		// A new release must reach the browser at once: index.html is never kept unchecked.
		if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", p, cc)
		}
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("%s: Content-Type %q", p, ct)
		}
	}
	if rec := get("/assets/app-123.js"); rec.Code != 200 || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %v", rec.Code, rec.Header())
	}
	for _, p := range []string{"/assets/missing.js", "/assets/missing", "/assets/sub/app-123.js", "/.vite/manifest.json"} {
		if rec := get(p); rec.Code != 404 || strings.Contains(rec.Body.String(), "id=root") {
			t.Errorf("%s: a missing asset must 404, not serve index.html: %d %q", p, rec.Code, rec.Body.String())
		}
	}
	if rec := get("/api/v1/nothing"); rec.Code != 404 || rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Errorf("unknown API path: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// precompressedSPA holds a hashed asset with the .br and .gz siblings that
// web/scripts/precompress.mjs writes at build time. The sibling bodies are
// markers, so each test sees which file was sent.
func precompressedSPA(t *testing.T) fstest.MapFS {
	t.Helper()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write([]byte("console.log('brigade')"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{
		"index.html":                 {Data: []byte("<div id=root></div>")},
		"assets/index-Ab12Cd.js":     {Data: []byte("console.log('brigade')")},
		"assets/index-Ab12Cd.js.br":  {Data: []byte("BROTLI-BYTES")},
		"assets/index-Ab12Cd.js.gz":  {Data: gz.Bytes()},
		"assets/style-Ef34Gh.css":    {Data: []byte("body{margin:0}")},
		"assets/style-Ef34Gh.css.gz": {Data: []byte("GZIP-CSS")},
	}
}

func TestAssetEncodingNegotiation(t *testing.T) {
	h := httpapi.New(httpapi.Deps{SPA: precompressedSPA(t)})
	cases := []struct {
		name, path, acceptEncoding string
		wantEncoding, wantBody     string
		wantVary                   bool
		wantType                   string
	}{
		{name: "brotli preferred", path: "/assets/index-Ab12Cd.js", acceptEncoding: "gzip, deflate, br, zstd", wantEncoding: "br", wantBody: "BROTLI-BYTES", wantVary: true, wantType: "javascript"},
		{name: "gzip when brotli is not accepted", path: "/assets/index-Ab12Cd.js", acceptEncoding: "gzip, deflate", wantEncoding: "gzip", wantVary: true, wantType: "javascript"},
		{name: "br refused with q=0", path: "/assets/index-Ab12Cd.js", acceptEncoding: "br;q=0, gzip;q=0.5", wantEncoding: "gzip", wantVary: true, wantType: "javascript"},
		{name: "star admits brotli", path: "/assets/index-Ab12Cd.js", acceptEncoding: "*", wantEncoding: "br", wantBody: "BROTLI-BYTES", wantVary: true, wantType: "javascript"},
		{name: "identity without Accept-Encoding", path: "/assets/index-Ab12Cd.js", wantBody: "console.log('brigade')", wantVary: true, wantType: "javascript"},
		{name: "identity when all refused", path: "/assets/index-Ab12Cd.js", acceptEncoding: "identity, *;q=0", wantBody: "console.log('brigade')", wantVary: true, wantType: "javascript"},
		{name: "gzip only sibling", path: "/assets/style-Ef34Gh.css", acceptEncoding: "br, gzip", wantEncoding: "gzip", wantBody: "GZIP-CSS", wantVary: true, wantType: "text/css"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, c.path, nil)
			if c.acceptEncoding != "" {
				req.Header.Set("Accept-Encoding", c.acceptEncoding)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := res.Header.Get("Content-Encoding"); got != c.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, c.wantEncoding)
			}
			if ct := res.Header.Get("Content-Type"); !strings.Contains(ct, c.wantType) {
				t.Errorf("Content-Type %q is not the original file's (%s)", ct, c.wantType)
			}
			if vary := strings.Join(res.Header.Values("Vary"), ","); strings.Contains(vary, "Accept-Encoding") != c.wantVary {
				t.Errorf("Vary %q", vary)
			}
			if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
				t.Errorf("Cache-Control %q", cc)
			}
			if res.Header.Get("ETag") == "" {
				t.Error("no ETag")
			}
			body, _ := io.ReadAll(res.Body)
			switch {
			case c.wantEncoding == "gzip" && c.wantBody == "":
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatalf("gzip body: %v", err)
				}
				plain, _ := io.ReadAll(zr)
				if string(plain) != "console.log('brigade')" {
					t.Errorf("gunzipped body %q", plain)
				}
			case string(body) != c.wantBody:
				t.Errorf("body %q, want %q", body, c.wantBody)
			}
			if res.Header.Get("Content-Length") != "" && res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
				t.Errorf("Content-Length %s for %d bytes", res.Header.Get("Content-Length"), len(body))
			}
		})
	}
}

func TestAssetConditionalAndHead(t *testing.T) {
	h := httpapi.New(httpapi.Deps{SPA: precompressedSPA(t)})
	do := func(method, path, acceptEncoding, ifNoneMatch string) *http.Response {
		req := httptest.NewRequest(method, path, nil)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	const asset = "/assets/index-Ab12Cd.js"
	br := do(http.MethodGet, asset, "br", "")
	gz := do(http.MethodGet, asset, "gzip", "")
	plain := do(http.MethodGet, asset, "", "")
	etagBr, etagGz, etagPlain := br.Header.Get("ETag"), gz.Header.Get("ETag"), plain.Header.Get("ETag")
	if etagBr == "" || etagBr == etagGz || etagGz == etagPlain || etagBr == etagPlain {
		t.Fatalf("each representation needs its own ETag: br %q gzip %q identity %q", etagBr, etagGz, etagPlain)
	}

	if res := do(http.MethodGet, asset, "br", etagBr); res.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match of the brotli answer: %d, want 304", res.StatusCode)
	} else {
		if body, _ := io.ReadAll(res.Body); len(body) != 0 {
			t.Errorf("304 with a body: %q", body)
		}
		if !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Accept-Encoding") || res.Header.Get("ETag") != etagBr {
			t.Errorf("304 headers: %v", res.Header)
		}
	}
	// A cache that holds the gzip answer must not get a 304 for brotli.
	if res := do(http.MethodGet, asset, "br", etagGz); res.StatusCode != http.StatusOK || res.Header.Get("Content-Encoding") != "br" {
		t.Errorf("gzip ETag on a brotli request: %d %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}

	head := do(http.MethodHead, asset, "br", "")
	body, _ := io.ReadAll(head.Body)
	if head.StatusCode != 200 || len(body) != 0 || head.Header.Get("Content-Encoding") != "br" ||
		head.Header.Get("ETag") != etagBr || head.Header.Get("Content-Length") != strconv.Itoa(len("BROTLI-BYTES")) {
		t.Errorf("HEAD: %d body %q headers %v", head.StatusCode, body, head.Header)
	}

	index := do(http.MethodGet, "/carte/unknown/route", "br, gzip", "")
	if index.StatusCode != 200 || index.Header.Get("Cache-Control") != "no-cache" || index.Header.Get("ETag") == "" {
		t.Fatalf("client route: %d %v", index.StatusCode, index.Header)
	}
	if res := do(http.MethodGet, "/another/route", "", index.Header.Get("ETag")); res.StatusCode != http.StatusNotModified {
		t.Errorf("index.html revalidation: %d, want 304", res.StatusCode)
	}
	if res := do(http.MethodHead, "/", "", ""); res.StatusCode != 200 || res.Header.Get("Content-Type") == "" {
		t.Errorf("HEAD /: %d %v", res.StatusCode, res.Header)
	}
	if res := do(http.MethodPost, "/", "", ""); res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", res.StatusCode)
	}
	if res := do(http.MethodGet, "/assets/index-Zz99.js", "br", ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("asset of an older release: %d, want 404", res.StatusCode)
	}
}
