package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"brigade/internal/auth"
	"brigade/internal/httpapi"
	"brigade/internal/store"
	"brigade/internal/testutil"
)

type currentUser struct {
	ID              int64  `json:"id"`
	Roles           string `json:"roles"`
	UserName        string `json:"user_name"`
	FranchiseName   string `json:"franchise_name"`
	FranchiseID     int64  `json:"fk_franchise"`
	IDGuest         int64  `json:"id_guest"`
	AccessToken     string `json:"accessToken"`
	Siret           string `json:"siret"`
	SuperAdminLogin bool   `json:"superAdminLogin"`
}

func TestSignInThroughTheThreeDoors(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		cases := []struct {
			door, login, role, display string
			guest, siret               bool
		}{
			{"signin", "demo-admin", "admin", "Brigade Burger", false, false},
			{"signin", "superadmin", "superadmin", "Super-admin", false, false},
			{"signinResto", "demo-moderateur", "moderator", "Paris Bastille", false, true},
			{"signinResto", "demo-resto", "restaurant", "Lyon Part-Dieu", false, true},
			{"signinGuest", "demo-invite", "guest", "Camille Durand", true, false},
			{"signin", "  DEMO-ADMIN ", "admin", "Brigade Burger", false, false}, // logins are trimmed, case-insensitive
		}
		for _, c := range cases {
			res := srv.Do(t, http.MethodPost, "/api/v1/auth/"+c.door, "", map[string]string{"login": c.login, "password": "demo1234"})
			if res.Status != http.StatusOK {
				t.Fatalf("%s %s: %d %s", c.door, c.login, res.Status, res.Body)
			}
			var cu currentUser
			res.JSON(t, &cu)
			if cu.Roles != c.role || cu.UserName != c.display || cu.AccessToken == "" {
				t.Errorf("%s: got role %q name %q", c.login, cu.Roles, cu.UserName)
			}
			if (cu.IDGuest != 0) != c.guest {
				t.Errorf("%s: id_guest %d", c.login, cu.IDGuest)
			}
			if (cu.Siret != "") != c.siret {
				t.Errorf("%s: siret %q", c.login, cu.Siret)
			}
			me := srv.Do(t, http.MethodGet, "/api/v1/auth/me", cu.AccessToken, nil)
			if me.Status != http.StatusOK || !strings.Contains(string(me.Body), `"displayName":"`+c.display+`"`) {
				t.Errorf("%s me: %d %s", c.login, me.Status, me.Body)
			}
		}

		// A login only opens its own door.
		wrongDoor := []struct{ door, login string }{
			{"signinResto", "demo-admin"}, {"signinGuest", "demo-moderateur"}, {"signin", "demo-invite"}, {"signin", "demo-resto"},
		}
		for _, c := range wrongDoor {
			res := srv.Do(t, http.MethodPost, "/api/v1/auth/"+c.door, "", map[string]string{"login": c.login, "password": "demo1234"})
			if res.Status != http.StatusUnauthorized {
				t.Errorf("%s through %s: %d", c.login, c.door, res.Status)
			}
		}
	})
}

func TestSignInErrorsAreFrenchProblems(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	res := srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": "demo-admin", "password": "mauvais"})
	var p testutil.Problem
	res.JSON(t, &p)
	if res.Status != 401 || p.Detail != "Identifiant ou mot de passe incorrect." || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("bad password: %d %s %s", res.Status, res.Header.Get("Content-Type"), res.Body)
	}

	res = srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": "demo-admin"})
	res.JSON(t, &p)
	if res.Status != 422 || len(p.Errors) == 0 || !strings.Contains(p.Errors[0].Message, "password") || !strings.Contains(p.Detail, "invalides") {
		t.Fatalf("missing password: %d %s", res.Status, res.Body)
	}

	res = srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", "{not json")
	res.JSON(t, &p)
	if res.Status/100 != 4 || regexp.MustCompile(`(?i)unexpected|invalid character|unable`).MatchString(p.Detail) {
		t.Fatalf("malformed JSON must get a French detail: %d %s", res.Status, res.Body)
	}

	res = srv.Do(t, http.MethodGet, "/api/v1/restaurants", "", nil)
	if res.Status != 401 {
		t.Fatalf("no token: %d", res.Status)
	}
	res = srv.Do(t, http.MethodGet, "/api/v1/restaurants", "not-a-token", nil)
	res.JSON(t, &p)
	if res.Status != 401 || !strings.Contains(p.Detail, "session") {
		t.Fatalf("forged token: %d %s", res.Status, res.Body)
	}
}

// Forty wrong passwords sent at once for one login: at most five are
// checked, the others get 429 with Retry-After and a French detail, the
// right password too during the delay; the address is not locked for
// another login. (Before: failures were counted after the check, so all
// forty were checked, and their forty failures locked the address out.)
func TestSignInRaceIsThrottledPerLogin(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		before := srv.Auth.PasswordChecks()
		statuses := make([]testutil.Response, 40)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				statuses[i] = srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": "demo-admin", "password": "faux"})
			}()
		}
		close(start)
		wg.Wait()
		checked := srv.Auth.PasswordChecks() - before
		var unauthorized, throttled int
		for _, res := range statuses {
			switch res.Status {
			case http.StatusUnauthorized:
				unauthorized++
			case http.StatusTooManyRequests:
				throttled++
				wantTooManyRequests(t, res)
			default:
				t.Errorf("%d %s", res.Status, res.Body)
			}
		}
		t.Logf("%s: 40 concurrent wrong passwords: %d checked, %d got 429", engine, checked, throttled)
		if checked > 5 || int64(unauthorized) != checked || throttled != 40-unauthorized {
			t.Fatalf("%d checked, %d answered 401, %d answered 429", checked, unauthorized, throttled)
		}

		// The right password during the delay: 429, unchecked.
		checked = srv.Auth.PasswordChecks()
		res := srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": "demo-admin", "password": "demo1234"})
		wantTooManyRequests(t, res)
		if srv.Auth.PasswordChecks() != checked {
			t.Fatal("a password was checked during the delay")
		}
		// Another login from the same address is not refused.
		for _, login := range []string{"autre-admin", "demo-resto", "demo-invite"} {
			if tok := srv.SignIn(t, login); tok == "" {
				t.Fatalf("%s refused", login)
			}
		}
	})
}

func wantTooManyRequests(t *testing.T, res testutil.Response) {
	t.Helper()
	var p testutil.Problem
	res.JSON(t, &p)
	retry, err := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.Status != http.StatusTooManyRequests || err != nil || retry < 1 || retry > 300 ||
		!strings.HasPrefix(p.Detail, "Trop de tentatives de connexion. Veuillez réessayer dans ") ||
		res.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("want 429 with Retry-After and a French detail: %d %q %s", res.Status, res.Header.Get("Retry-After"), res.Body)
	}
}

// signinClock is a settable clock for the sign-in delays.
type signinClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *signinClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *signinClock) Advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// signinInstance is another server on srv's database, as a second instance behind
// a load balancer, with its own sign-in service on signinClock c.
func signinInstance(t *testing.T, srv *testutil.Server, c *signinClock, trusted ...netip.Prefix) *httptest.Server {
	t.Helper()
	au, err := auth.NewService(context.Background(), srv.DB, srv.Tenancy, auth.Config{TokenTTL: time.Hour, Mailer: srv.Mails, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	services := *srv.Services // the same database, this instance's sign-in clock
	services.Auth = au
	h := httpapi.New(httpapi.Deps{Services: &services, TrustedProxies: trusted})
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts
}

func postTo(t *testing.T, ts *httptest.Server, path string, body any, headers map[string]string) testutil.Response {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, ts.URL+path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return testutil.Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// After five failures on one instance, another instance on the same
// database makes the login wait 30 s; once they have passed the right
// password is accepted. (Before: 15 minutes during which even the right
// password was refused.)
func TestSignInDelayHoldsAcrossInstancesAndEnds(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		c := &signinClock{now: time.Now().Truncate(time.Second)}
		a, b := signinInstance(t, srv, c), signinInstance(t, srv, c)
		for i := range 5 {
			if res := postTo(t, a, "/api/v1/auth/signinGuest", map[string]string{"login": "demo-invite", "password": "faux"}, nil); res.Status != http.StatusUnauthorized {
				t.Fatalf("failure %d: %d %s", i+1, res.Status, res.Body)
			}
		}
		right := map[string]string{"login": "demo-invite", "password": "demo1234"}
		res := postTo(t, b, "/api/v1/auth/signinGuest", right, nil)
		wantTooManyRequests(t, res)
		if res.Header.Get("Retry-After") != "30" || !strings.Contains(string(res.Body), "Veuillez réessayer dans 30 secondes.") {
			t.Fatalf("first delay: %s %s", res.Header.Get("Retry-After"), res.Body)
		}
		c.Advance(29 * time.Second)
		wantTooManyRequests(t, postTo(t, a, "/api/v1/auth/signinGuest", right, nil))
		c.Advance(time.Second)
		if res := postTo(t, b, "/api/v1/auth/signinGuest", right, nil); res.Status != http.StatusOK {
			t.Fatalf("right password after the delay: %d %s", res.Status, res.Body)
		}
	})
}

// Behind a trusted proxy the sign-in limit per address counts the client
// named by X-Forwarded-For; from any other peer the header is ignored.
func TestSignInLimitPerAddressBehindATrustedProxy(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	c := &signinClock{now: time.Now().Truncate(time.Second)}
	behindProxy := signinInstance(t, srv, c, netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"))
	direct := signinInstance(t, srv, c)
	wrong := func(ts *httptest.Server, i int, client string) testutil.Response {
		return postTo(t, ts, "/api/v1/auth/signin", map[string]string{"login": fmt.Sprintf("inconnu-%d", i%10), "password": "faux"},
			map[string]string{"X-Forwarded-For": client})
	}
	// Thirty failures from one client, announced by the proxy.
	for i := range 30 {
		if res := wrong(behindProxy, i, "198.51.100.7"); res.Status != http.StatusUnauthorized {
			t.Fatalf("failure %d: %d %s", i+1, res.Status, res.Body)
		}
	}
	admin := map[string]string{"login": "demo-admin", "password": "demo1234"}
	wantTooManyRequests(t, postTo(t, behindProxy, "/api/v1/auth/signin", admin, map[string]string{"X-Forwarded-For": "198.51.100.7"}))
	// Another client behind the same proxy is not that client.
	if res := postTo(t, behindProxy, "/api/v1/auth/signin", admin, map[string]string{"X-Forwarded-For": "198.51.100.8"}); res.Status != http.StatusOK {
		t.Fatalf("another client behind the proxy: %d %s", res.Status, res.Body)
	}
	// Without a trusted proxy, the header is the caller's word: ignored,
	// so naming the throttled client does not throttle the caller.
	if res := postTo(t, direct, "/api/v1/auth/signin", admin, map[string]string{"X-Forwarded-For": "198.51.100.7"}); res.Status != http.StatusOK {
		t.Fatalf("forged X-Forwarded-For from an untrusted peer: %d %s", res.Status, res.Body)
	}
}

// HSTS is sent over TLS and, through a trusted proxy, for
// X-Forwarded-Proto: https; never on plain HTTP.
func TestStrictTransportSecurity(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	const hsts = "max-age=63072000; includeSubDomains"
	https := map[string]string{"X-Forwarded-Proto": "https"}
	if got := srv.DoWith(t, http.MethodGet, "/api/v1/health", "", nil, https).Header.Get("Strict-Transport-Security"); got != "" {
		t.Fatalf("plain HTTP with a forged X-Forwarded-Proto: %q", got)
	}
	c := &signinClock{now: time.Now()}
	behindProxy := signinInstance(t, srv, c, netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128"))
	res, err := behindProxy.Client().Do(getRequest(t, behindProxy.URL+"/api/v1/health", https))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("Strict-Transport-Security"); got != hsts {
		t.Fatalf("through a trusted proxy over HTTPS: %q", got)
	}
	h := httpapi.New(httpapi.Deps{Services: srv.Services})
	tlsSrv := httptest.NewTLSServer(h)
	defer tlsSrv.Close()
	res, err = tlsSrv.Client().Do(getRequest(t, tlsSrv.URL+"/api/v1/health", nil))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("Strict-Transport-Security"); got != hsts {
		t.Fatalf("over TLS: %q", got)
	}
}

func getRequest(t *testing.T, url string, headers map[string]string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return req
}

func TestDisabledUserLosesAccessAtOnce(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		tok := srv.SignIn(t, "demo-moderateur")
		if res := srv.Do(t, http.MethodPost, "/api/v1/auth/check-suspension", tok, map[string]any{"role": "moderator", "id": 2}); res.Status != 200 {
			t.Fatalf("check: %d %s", res.Status, res.Body)
		}
		if _, err := srv.DB.Exec(t.Context(), "UPDATE users SET disabled = TRUE WHERE login = ?", "demo-moderateur"); err != nil {
			t.Fatal(err)
		}
		res := srv.Do(t, http.MethodPost, "/api/v1/auth/check-suspension", tok, map[string]any{"role": "moderator", "id": 2})
		if res.Status != http.StatusForbidden {
			t.Fatalf("the suspension check must answer 403 for a disabled login (the client signs out): %d %s", res.Status, res.Body)
		}
	})
}

func TestSignupCreatesANewFranchise(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	res := srv.Do(t, http.MethodPost, "/api/v1/auth/signup", "", map[string]string{"login": "nouveau", "email": "nouveau@example.fr", "password": "motdepasse1", "franchiseName": "Chez Nouveau"})
	if res.Status != http.StatusCreated {
		t.Fatalf("signup: %d %s", res.Status, res.Body)
	}
	var cu currentUser
	res.JSON(t, &cu)
	if cu.Roles != "admin" || cu.FranchiseName != "Chez Nouveau" {
		t.Fatalf("signup user %+v", cu)
	}
	// The new owner sees an empty franchise, none of the demo's restaurants.
	list := srv.Do(t, http.MethodGet, "/api/v1/restaurants", cu.AccessToken, nil)
	if list.Status != 200 || !strings.Contains(string(list.Body), `"total":0`) {
		t.Fatalf("new franchise restaurants: %s", list.Body)
	}
	dup := srv.Do(t, http.MethodPost, "/api/v1/auth/signup", "", map[string]string{"login": "demo-admin", "email": "x@example.fr", "password": "motdepasse1"})
	if dup.Status != 422 || !strings.Contains(string(dup.Body), "déjà utilisé") {
		t.Fatalf("duplicate login: %d %s", dup.Status, dup.Body)
	}
	short := srv.Do(t, http.MethodPost, "/api/v1/auth/signup", "", map[string]string{"login": "court", "email": "c@example.fr", "password": "abc"})
	if short.Status != 422 || !strings.Contains(string(short.Body), "au moins 8 caractères") {
		t.Fatalf("short password: %d %s", short.Status, short.Body)
	}
}

func TestForgotAndResetPassword(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		if res := srv.Do(t, http.MethodPost, "/api/v1/auth/forgotPassword", "", map[string]string{"login": "inconnu"}); res.Status != 204 {
			t.Fatalf("unknown login must look the same: %d", res.Status)
		}
		if len(srv.Mails.Sent) != 0 {
			t.Fatal("a mail was sent for an unknown login")
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/auth/forgotPassword", "", map[string]string{"login": "demo-admin"}); res.Status != 204 {
			t.Fatalf("forgot: %d %s", res.Status, res.Body)
		}
		if len(srv.Mails.Sent) != 1 {
			t.Fatalf("mails: %+v", srv.Mails.Sent)
		}
		m := regexp.MustCompile(`/auth/resetPassword/(\d+)&([0-9a-f]+)`).FindStringSubmatch(srv.Mails.Sent[0].Body)
		if m == nil {
			t.Fatalf("no reset link in %q", srv.Mails.Sent[0].Body)
		}
		fid, token := m[1], m[2]
		wrongFranchise := srv.Do(t, http.MethodPost, "/api/v1/auth/resetPassword", "", `{"franchiseId": 999, "token": "`+token+`", "password": "nouveau-mdp"}`)
		if wrongFranchise.Status != 400 {
			t.Fatalf("token used with another franchise id: %d", wrongFranchise.Status)
		}
		ok := srv.Do(t, http.MethodPost, "/api/v1/auth/resetPassword", "", `{"franchiseId": `+fid+`, "token": "`+token+`", "password": "nouveau-mdp"}`)
		if ok.Status != 204 {
			t.Fatalf("reset: %d %s", ok.Status, ok.Body)
		}
		again := srv.Do(t, http.MethodPost, "/api/v1/auth/resetPassword", "", `{"franchiseId": `+fid+`, "token": "`+token+`", "password": "encore-un-mdp"}`)
		if again.Status != 400 || !strings.Contains(string(again.Body), "invalide ou a expiré") {
			t.Fatalf("a reset link works once: %d %s", again.Status, again.Body)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": "demo-admin", "password": "nouveau-mdp"}); res.Status != 200 {
			t.Fatalf("sign in with the new password: %d", res.Status)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": "demo-admin", "password": "demo1234"}); res.Status != 401 {
			t.Fatalf("the old password still works: %d", res.Status)
		}
	})
}

func TestBlockedFranchiseIsLockedOutButSuperAdminSessionsAreNot(t *testing.T) {
	testutil.EachEngine(t, func(t *testing.T, engine store.Engine) {
		srv := testutil.NewServer(t, engine)
		sa := srv.SignIn(t, "superadmin")
		admin := srv.SignIn(t, "autre-admin")
		var list struct {
			Items []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"items"`
		}
		srv.Do(t, http.MethodGet, "/api/v1/admin/franchises", sa, nil).JSON(t, &list)
		var other int64
		for _, f := range list.Items {
			if f.Name == "Le Comptoir Voisin" {
				other = f.ID
			}
		}
		if other == 0 {
			t.Fatalf("franchise list: %+v", list)
		}
		if res := srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(other)+"/block", sa, nil); res.Status != 200 || !strings.Contains(string(res.Body), `"isBlocked":true`) {
			t.Fatalf("block: %d %s", res.Status, res.Body)
		}
		var st struct {
			IsBlocked bool `json:"isBlocked"`
		}
		srv.Do(t, http.MethodPost, "/api/v1/auth/check-suspension", admin, map[string]any{"role": "admin", "id": other}).JSON(t, &st)
		if !st.IsBlocked {
			t.Fatal("the check must say blocked")
		}
		res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", admin, nil)
		if res.Status != 403 || !strings.Contains(string(res.Body), "factures de maintenance") {
			t.Fatalf("a blocked franchise must be refused its data: %d %s", res.Status, res.Body)
		}
		// Sign-in still works (the browser then shows /accessDenied).
		srv.SignIn(t, "autre-admin")

		// The super-admin opens the franchise as its admin: exempt.
		var imp currentUser
		srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(other)+"/impersonate", sa, nil).JSON(t, &imp)
		if !imp.SuperAdminLogin || imp.Roles != "admin" || imp.FranchiseName != "Le Comptoir Voisin" {
			t.Fatalf("impersonation: %+v", imp)
		}
		srv.Do(t, http.MethodPost, "/api/v1/auth/check-suspension", imp.AccessToken, map[string]any{}).JSON(t, &st)
		if st.IsBlocked {
			t.Fatal("super-admin sessions skip the suspension check")
		}
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", imp.AccessToken, nil); res.Status != 200 {
			t.Fatalf("super-admin session refused: %d", res.Status)
		}

		// Other franchises are unaffected; unblocking restores access.
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", srv.SignIn(t, "demo-admin"), nil); res.Status != 200 {
			t.Fatalf("demo franchise affected: %d", res.Status)
		}
		srv.Do(t, http.MethodPost, "/api/v1/admin/franchises/"+itoa(other)+"/unblock", sa, nil)
		if res := srv.Do(t, http.MethodGet, "/api/v1/restaurants", admin, nil); res.Status != 200 {
			t.Fatalf("after unblock: %d", res.Status)
		}
	})
}

func TestRefreshIssuesANewTokenForTheSameSession(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	tok := srv.SignIn(t, "demo-invite")
	var cu currentUser
	res := srv.Do(t, http.MethodPost, "/api/v1/auth/refresh", tok, nil)
	res.JSON(t, &cu)
	if res.Status != 200 || cu.Roles != "guest" || cu.AccessToken == "" || cu.UserName != "Camille Durand" {
		t.Fatalf("refresh: %d %s", res.Status, res.Body)
	}
}

func TestDocsAndOpenAPIAreServed(t *testing.T) {
	srv := testutil.NewServer(t, store.SQLite)
	doc := srv.Do(t, http.MethodGet, "/api/v1/openapi.json", "", nil)
	if doc.Status != 200 || !strings.Contains(string(doc.Body), `"openapi":"3.1.0"`) {
		t.Fatalf("openapi: %d %.200s", doc.Status, doc.Body)
	}
	page := srv.Do(t, http.MethodGet, "/api/docs", "", nil)
	body := string(page.Body)
	if page.Status != 200 || !strings.Contains(body, "/api/v1/auth/signinResto") || !strings.Contains(body, "check-suspension") {
		t.Fatalf("docs page: %d", page.Status)
	}
	if strings.Contains(body, "<script src=\"http") {
		t.Fatal("the docs page must not load scripts from the Internet")
	}
}
