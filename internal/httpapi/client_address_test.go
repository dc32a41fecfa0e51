package httpapi

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func prefixes(t *testing.T, s ...string) []netip.Prefix {
	t.Helper()
	var out []netip.Prefix
	for _, p := range s {
		out = append(out, netip.MustParsePrefix(p))
	}
	return out
}

// X-Forwarded-For is written by whoever sends the request: it names the
// client only when the peer is a proxy we trust, and then only its
// right-most address that is not one of ours. (Before: the peer was always
// the client, so behind a proxy every sign-in counted against the proxy.)
func TestClientAddressBelievesForwardedForOnlyFromTrustedProxies(t *testing.T) {
	proxies := prefixes(t, "10.0.0.0/8", "192.0.2.10/32", "2001:db8::/32")
	cases := []struct {
		name, peer string
		xff        []string
		trusted    []netip.Prefix
		want       string
	}{
		{"no proxy configured", "203.0.113.5:4000", []string{"198.51.100.1"}, nil, "203.0.113.5"},
		{"untrusted peer, forged header", "203.0.113.5:4000", []string{"198.51.100.1"}, proxies, "203.0.113.5"},
		{"trusted peer", "10.1.2.3:4000", []string{"198.51.100.1"}, proxies, "198.51.100.1"},
		{"caller-written entries left of ours are ignored", "10.1.2.3:4000", []string{"1.2.3.4, 198.51.100.1"}, proxies, "198.51.100.1"},
		{"two trusted hops", "10.1.2.3:4000", []string{"6.6.6.6, 198.51.100.1, 192.0.2.10"}, proxies, "198.51.100.1"},
		{"several headers read in order", "10.1.2.3:4000", []string{"6.6.6.6", "198.51.100.1", "10.9.9.9"}, proxies, "198.51.100.1"},
		{"trusted peer without the header", "10.1.2.3:4000", nil, proxies, "10.1.2.3"},
		{"garbage from our proxy: the proxy", "10.1.2.3:4000", []string{"198.51.100.1, nonsense"}, proxies, "10.1.2.3"},
		{"entries with ports and IPv6", "[2001:db8::1]:4000", []string{"[2001:db8:1::5]:1234, 198.51.100.1:5555"}, proxies, "198.51.100.1"},
		{"IPv4-mapped peer", "[::ffff:10.1.2.3]:4000", []string{"198.51.100.1"}, proxies, "198.51.100.1"},
		{"all hops trusted", "10.1.2.3:4000", []string{"10.4.4.4"}, proxies, "10.4.4.4"},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodPost, "/api/v1/auth/signin", nil)
		r.RemoteAddr = c.peer
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		var got string
		clientAddress(c.trusted)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			got = clientIP(r.Context())
		})).ServeHTTP(httptest.NewRecorder(), r)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// HSTS only for requests that came over TLS, here or at a trusted proxy.
func TestStrictTransportSecurityOnlyOverTLS(t *testing.T) {
	proxies := prefixes(t, "10.0.0.0/8")
	cases := []struct {
		name, peer, proto string
		tls               bool
		want              bool
	}{
		{"plain HTTP", "203.0.113.5:4000", "", false, false},
		{"TLS here", "203.0.113.5:4000", "", true, true},
		{"forged X-Forwarded-Proto", "203.0.113.5:4000", "https", false, false},
		{"trusted proxy over HTTPS", "10.1.2.3:4000", "https", false, true},
		{"trusted proxy, nearest says http", "10.1.2.3:4000", "https, http", false, false},
		{"trusted proxy over HTTP", "10.1.2.3:4000", "http", false, false},
		{"trusted proxy without the header", "10.1.2.3:4000", "", false, false},
	}
	for _, c := range cases {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.peer
		if c.proto != "" {
			r.Header.Set("X-Forwarded-Proto", c.proto)
		}
		if c.tls {
			r.TLS = &tls.ConnectionState{}
		}
		w := httptest.NewRecorder()
		strictTransport(proxies)(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).ServeHTTP(w, r)
		got := w.Header().Get("Strict-Transport-Security")
		if want := map[bool]string{true: "max-age=63072000; includeSubDomains"}[c.want]; got != want {
			t.Errorf("%s: %q, want %q", c.name, got, want)
		}
	}
}
