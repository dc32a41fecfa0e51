package httpapi_test

import (
	"net/http"
	"regexp"
	"testing"

	"brigade/internal/store"
	"brigade/internal/testutil"
)

// TestRequestErrorsAreFrench: what huma and the JSON decoder answer on their
// own — an unreadable body, a parameter that does not parse, a missing
// header, a date in the wrong form — reaches the screens in French, in the
// detail and in every errors[].message.
func TestRequestErrorsAreFrench(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	token := srv.SignIn(t, "demo-admin")
	english := regexp.MustCompile(`(?i)\b(expected|invalid|required|missing|cannot|unexpected|unable|looking for|character|input)\b`)
	for _, c := range []struct {
		name, method, path, token string
		body                      any
		status                    int
		want                      string // the French message of the first error
	}{
		{"unreadable JSON", http.MethodPost, "/api/v1/auth/signin", "", "{not json", 400, "le corps de la requête n'est pas un JSON valide : caractère inattendu"},
		{"truncated JSON", http.MethodPost, "/api/v1/auth/signin", "", `{"login": "a"`, 400, "le corps de la requête n'est pas un JSON valide : il s'arrête avant la fin"},
		{"integer parameter", http.MethodGet, "/api/v1/restaurants/abc", token, nil, 422, "doit être un nombre entier"},
		{"date parameter", http.MethodGet, "/api/v1/reports/z?start=abc&end=2026-01-01", token, nil, 422, "doit être une date (AAAA-MM-JJ)"},
		{"missing If-Match", http.MethodPut, "/api/v1/campaigns/1/document", token, "{bad", 422, "en-tête obligatoire manquant"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := srv.Do(t, c.method, c.path, c.token, c.body)
			var p testutil.Problem
			res.JSON(t, &p)
			if res.Status != c.status || len(p.Errors) == 0 || p.Errors[0].Message != c.want {
				t.Fatalf("%d %s, want %d with %q", res.Status, res.Body, c.status, c.want)
			}
			if english.MatchString(p.Detail) {
				t.Fatalf("English detail: %s", res.Body)
			}
			for _, e := range p.Errors {
				if english.MatchString(e.Message) {
					t.Fatalf("English message %q in %s", e.Message, res.Body)
				}
			}
		})
	}
}
