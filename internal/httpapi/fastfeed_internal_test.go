package httpapi

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

// The fast feed may only answer what net/http would read as the same
// request: for any bytes it accepts, http.ReadRequest must read a GET of
// the feed path, without a body, over HTTP/1.1, with the same header values
// and the same Connection decision, ending exactly where the fast feed
// thinks the request ends. Seeds run in `make test`; `go test -fuzz
// FuzzParseFeedRequest ./internal/httpapi` explores further.
func FuzzParseFeedRequest(f *testing.F) {
	for _, seed := range []string{
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Bearer demo-kiosk-key\r\nIf-None-Match: \"abc\"\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nX-Device-Key:  k1234567 \r\nAccept-Encoding: gzip, deflate\r\nConnection: close\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nhost: h\r\nauthorization:Bearer x\r\nconnection: Keep-Alive\r\nUser-Agent: borne/1.0\r\n\r\nGET /kiosk/v1/menu HTTP/1.1\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\n X-Folded: yes\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nAuthorization: a\r\nAuthorization: b\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\nX: y\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n",
		"GET /kiosk/v1/menu?x=1 HTTP/1.1\r\nHost: h\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.0\r\nHost: h\r\n\r\n",
		"get /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: \r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nIf-None-Match: \"\x01\"\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nX\x00Y: 1\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHOST: [::1]:80\r\nx-device-key:\tk\t\r\nIF-NONE-MATCH: W/\"a\", \"b\"\r\nAccept-Encoding:\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nConnection: close, keep-alive\r\nConnection: close\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nConnection: ,close,\r\nAuthorization: Bearer  a b \r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h:8080\r\nX-Forwarded-For: 1.2.3.4\r\nCookie: a=b\r\nTE: trailers\r\n\r\n",
		"GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer \xc3\xa9\r\n\r\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		end := bytes.Index(data, crlfcrlf)
		if end < 0 {
			return
		}
		head := data[:end+4]
		got, ok := parseFeedRequest(head)
		if !ok {
			return
		}
		br := bufio.NewReader(bytes.NewReader(data))
		req, err := http.ReadRequest(br)
		if err != nil {
			t.Fatalf("accepted %q, net/http refuses it: %v", head, err)
		}
		if req.Method != http.MethodGet || req.URL.Path != feedPath || req.URL.RawQuery != "" || req.Proto != "HTTP/1.1" ||
			req.ContentLength != 0 || len(req.TransferEncoding) != 0 || req.Host == "" {
			t.Fatalf("accepted %q, net/http reads %s %s %s (length %d, %v, host %q)", head, req.Method, req.URL, req.Proto, req.ContentLength, req.TransferEncoding, req.Host)
		}
		if n, _ := io.Copy(io.Discard, req.Body); n != 0 {
			t.Fatalf("accepted %q, net/http reads a body of %d bytes", head, n)
		}
		rest, _ := io.ReadAll(br)
		if !bytes.Equal(rest, data[len(head):]) {
			t.Fatalf("accepted %q, net/http stops elsewhere: rest %q", head, rest)
		}
		for name, v := range map[string][]byte{"Authorization": got.authorization, "X-Device-Key": got.deviceKey,
			"If-None-Match": got.ifNoneMatch, "Accept-Encoding": got.acceptEncoding} {
			if vs := req.Header.Values(name); len(vs) > 1 || req.Header.Get(name) != string(v) {
				t.Fatalf("accepted %q: %s is %q here, %q for net/http", head, name, v, vs)
			}
		}
		if req.Close != got.close {
			t.Fatalf("accepted %q: close %v here, %v for net/http", head, got.close, req.Close)
		}
		if req.Header.Get("Upgrade") != "" || req.Header.Get("Expect") != "" {
			t.Fatalf("accepted %q with Upgrade or Expect", head)
		}
	})
}

// Each seed above that must be refused is refused (the fuzz target only
// checks what is accepted).
func TestParseFeedRequestRefuses(t *testing.T) {
	ok := "GET /kiosk/v1/menu HTTP/1.1\r\nHost: h\r\nAuthorization: Bearer k\r\n\r\n"
	if r, accepted := parseFeedRequest([]byte(ok)); !accepted || string(r.authorization) != "Bearer k" || r.close {
		t.Fatalf("plain request: %v %+v", accepted, r)
	}
	for _, bad := range []string{
		strings.Replace(ok, "Host: h\r\n", "", 1),                       // no Host
		strings.Replace(ok, "Host: h\r\n", "Host: h\r\nHost: i\r\n", 1), // two
		strings.Replace(ok, "Host: h", "Host: h/x", 1),                  // not a host
		strings.Replace(ok, "\r\n\r\n", "\r\nContent-Length: 0\r\n\r\n", 1),
		strings.Replace(ok, "\r\n\r\n", "\r\nTransfer-Encoding: chunked\r\n\r\n", 1),
		strings.Replace(ok, "\r\n\r\n", "\r\nExpect: 100-continue\r\n\r\n", 1),
		strings.Replace(ok, "\r\n\r\n", "\r\nConnection: Upgrade\r\n\r\n", 1),
		strings.Replace(ok, "\r\n\r\n", "\r\n folded\r\n\r\n", 1),
		strings.Replace(ok, "\r\n\r\n", "\r\nAuthorization: Bearer j\r\n\r\n", 1),
		strings.Replace(ok, "Host: h\r\n", "Host: h\nX: y\r\n", 1),
		strings.Replace(ok, "Bearer k", "Bearer \x7fk", 1),
		strings.Replace(ok, "HTTP/1.1", "HTTP/1.0", 1),
		strings.Replace(ok, "/menu", "/menu?x=1", 1),
		strings.Replace(ok, "/menu", "/manifest", 1),
		strings.Replace(ok, "GET", "HEAD", 1),
	} {
		if _, accepted := parseFeedRequest([]byte(bad)); accepted {
			t.Errorf("accepted %q", bad)
		}
	}
	if r, _ := parseFeedRequest([]byte(strings.Replace(ok, "\r\n\r\n", "\r\nConnection: keep-alive, close\r\n\r\n", 1))); !r.close {
		t.Error("Connection: close not read")
	}
}
