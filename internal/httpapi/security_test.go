package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"brigade/internal/httpapi"
)

// Every answer carries a Content-Security-Policy that lets no inline or
// foreign script run, and no page be framed; the pages we write ourselves
// (the API docs) hold nothing the policy would block.
func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	spa := fstest.MapFS{
		"index.html":        {Data: []byte(`<div id=root></div><script type="module" src="/assets/app-123.js"></script>`)},
		"assets/app-123.js": {Data: []byte("console.log(1)")},
	}
	h := httpapi.New(httpapi.Deps{SPA: spa})
	for _, path := range []string{"/", "/RealtimeDashboard", "/assets/app-123.js", "/api/docs", "/api/v1/nothing", "/api/v1/openapi.json"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		csp := directives(rec.Header().Get("Content-Security-Policy"))
		want := map[string]string{
			"default-src":     "'self'",
			"script-src":      "'self'",
			"connect-src":     "'self'",
			"object-src":      "'none'",
			"base-uri":        "'none'",
			"frame-ancestors": "'none'",
			"form-action":     "'self'",
		}
		for name, value := range want {
			if csp[name] != value {
				t.Errorf("%s: %s %q, want %q", path, name, csp[name], value)
			}
		}
		// Inline styles only (MUI writes <style> at run time), never scripts.
		if csp["style-src"] != "'self' 'unsafe-inline'" {
			t.Errorf("%s: style-src %q", path, csp["style-src"])
		}
		if img := csp["img-src"]; strings.Contains(img, "*") || strings.Contains(img, "http") {
			t.Errorf("%s: img-src %q lets images come from anywhere", path, img)
		}
		if got := rec.Header().Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("%s: X-Frame-Options %q", path, got)
		}
		if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", path, got)
		}
	}
}

func TestSecurityAPIDocsHoldNoInlineScript(t *testing.T) {
	h := httpapi.New(httpapi.Deps{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/docs", nil))
	body := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(body, "/api/v1/events/ticket") {
		t.Fatalf("docs: %d", rec.Code)
	}
	if m := regexp.MustCompile(`(?i)<script(\s[^>]*)?>`).FindAllString(body, -1); len(m) > 0 {
		for _, tag := range m {
			if !strings.Contains(tag, "src=") {
				t.Errorf("inline script in the docs: %s", tag)
			}
		}
	}
	if m := regexp.MustCompile(`(?i)<[^>]+\son[a-z]+\s*=`).FindString(body); m != "" {
		t.Errorf("inline event handler in the docs: %s", m)
	}
	if strings.Contains(body, "javascript:") {
		t.Error("javascript: link in the docs")
	}
}

// directives splits a policy into its directives' values.
func directives(policy string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(policy, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		if name != "" {
			out[name] = strings.TrimSpace(value)
		}
	}
	return out
}
