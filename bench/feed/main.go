// Command feed measures Brigade's kiosk feed (GET /kiosk/v1/menu, the
// ordinary route: router, device-key middleware, access log) against nginx
// serving the same file statically, in the same run and with the same load
// generator (wrk, same threads, connections and duration):
//   - conditional GETs answered 304 (If-None-Match of the current ETag;
//     nginx also gets If-Modified-Since), on kept-alive connections;
//   - the same with a new connection per request (Connection: close), as a
//     kiosk whose connection was dropped between polls;
//   - full gzip answers (Accept-Encoding: gzip), nginx with gzip_static on
//     the same pre-compressed file.
//
// A bare net/http handler writing the same bytes (no routing, no
// authentication, no log) is a second reference. The ratios are printed as
// measured, with the machine's load; the need of a fleet is printed beside
// them (1,000 restaurants × 3 kiosks polling every 5 s: 600 polls/s).
//
// It builds and starts `brigade serve` on a temporary data folder (demo
// loaded, few demo orders) on a free port, exports the demo kiosk's
// deployed menu (JSON and gzip as Brigade serves them) for nginx, writes a
// minimal nginx.conf, runs the rounds in turn and prints the median rates
// and ratios. Without nginx or wrk it says so and stops (`make bench-feed`
// installs them with apt-get).
//
//	go run ./bench/feed [-rounds 3] [-duration 5s] [-connections 32] [-threads 2]
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"brigade/internal/demo"
)

func main() {
	rounds := flag.Int("rounds", 3, "rounds (each measures every case in turn); medians are reported")
	duration := flag.Duration("duration", 5*time.Second, "duration of each wrk run")
	conns := flag.Int("connections", 32, "wrk connections")
	threads := flag.Int("threads", runtime.NumCPU(), "wrk threads")
	bin := flag.String("brigade", "", "brigade binary (default: built from ./cmd/brigade)")
	orders := flag.Int("demo-orders", 1000, "demo orders loaded at start (few: starts fast)")
	keep := flag.Bool("keep", false, "keep the temporary folder (logs, nginx.conf)")
	flag.Parse()

	nginx, errN := findTool("nginx", "/usr/sbin/nginx")
	wrk, errW := findTool("wrk", "/usr/bin/wrk")
	if errN != nil || errW != nil {
		fmt.Println("Benchmark du flux des bornes ignoré : nginx et wrk sont nécessaires (Debian : apt-get install -y nginx wrk ; `make bench-feed` les installe).")
		return
	}
	dir, err := os.MkdirTemp("", "brigade-feed-")
	check(err)
	if *keep {
		fmt.Println("dossier gardé :", dir)
	} else {
		defer os.RemoveAll(dir)
		cleanups = append(cleanups, func() { os.RemoveAll(dir) })
	}
	check(os.Chmod(dir, 0o755)) // nginx's workers read www/ below

	if *bin == "" {
		*bin = filepath.Join(dir, "brigade")
		cmd := exec.Command("go", "build", "-o", *bin, "./cmd/brigade")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		check(cmd.Run())
	}

	// Brigade.
	bport, nport := freePort(), freePort()
	blog, err := os.Create(filepath.Join(dir, "brigade.log"))
	check(err)
	srv := exec.Command(*bin, "serve", "--data", filepath.Join(dir, "data"), "--listen", fmt.Sprintf("127.0.0.1:%d", bport),
		"--demo-orders", strconv.Itoa(*orders))
	srv.Stdout, srv.Stderr = blog, blog
	srv.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	check(srv.Start())
	cleanups = append(cleanups, func() { stop(srv) })
	defer stop(srv)
	base := fmt.Sprintf("http://127.0.0.1:%d", bport)
	menuURL := base + "/kiosk/v1/menu"
	auth := "Bearer " + demo.KioskKey
	t0 := time.Now()
	var raw, gz []byte
	var etag string
	for {
		var h http.Header
		var code int
		code, h, raw, err = get(menuURL, map[string]string{"Authorization": auth, "Accept-Encoding": "identity"})
		if err == nil && code == http.StatusOK {
			etag = h.Get("ETag")
			break
		}
		if time.Since(t0) > 3*time.Minute {
			fatalf("Brigade ne répond pas (%v, statut %d) ; journal : %s", err, code, blog.Name())
		}
		time.Sleep(200 * time.Millisecond)
	}
	code, h, gzBody, err := get(menuURL, map[string]string{"Authorization": auth, "Accept-Encoding": "gzip"})
	check(err)
	if code != http.StatusOK || h.Get("Content-Encoding") != "gzip" {
		fatalf("réponse gzip inattendue : %d %q", code, h.Get("Content-Encoding"))
	}
	gz = gzBody
	code, _, _, err = get(menuURL, map[string]string{"Authorization": auth, "If-None-Match": etag})
	check(err)
	if code != http.StatusNotModified {
		fatalf("GET conditionnel : %d au lieu de 304", code)
	}
	fmt.Printf("Brigade — benchmark du flux des bornes (démarrage %v ; menu de la borne de démo : %d octets, %d en gzip ; wrk -t%d -c%d -d%v ; %d cœurs)\n\n",
		time.Since(t0).Round(time.Millisecond), len(raw), len(gz), *threads, *conns, *duration, runtime.NumCPU())

	// nginx, serving the same bytes.
	www := filepath.Join(dir, "www")
	check(os.MkdirAll(www, 0o755))
	file := filepath.Join(www, "menu.json")
	check(os.WriteFile(file, raw, 0o644))
	check(os.WriteFile(file+".gz", gz, 0o644))
	mtime := time.Now().Add(-time.Hour).Truncate(time.Second)
	check(os.Chtimes(file, mtime, mtime))
	check(os.Chtimes(file+".gz", mtime, mtime))
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;"
	}
	conf := filepath.Join(dir, "nginx.conf")
	check(os.WriteFile(conf, []byte(fmt.Sprintf(`%s
worker_processes %d;
daemon off;
pid %[3]s/nginx.pid;
error_log %[3]s/nginx-error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path %[3]s/tmp-body;
    proxy_temp_path %[3]s/tmp-proxy;
    fastcgi_temp_path %[3]s/tmp-fastcgi;
    uwsgi_temp_path %[3]s/tmp-uwsgi;
    scgi_temp_path %[3]s/tmp-scgi;
    types { application/json json; }
    default_type application/json;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    etag on;
    gzip_static on;
    server {
        listen 127.0.0.1:%[4]d;
        root %[5]s;
        location / { add_header Cache-Control no-cache; }
    }
}
`, user, runtime.NumCPU(), dir, nport, www)), 0o644))
	ng := exec.Command(nginx, "-e", filepath.Join(dir, "nginx-error.log"), "-p", dir, "-c", conf)
	ng.Stdout, ng.Stderr = os.Stdout, os.Stderr
	ng.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	check(ng.Start())
	cleanups = append(cleanups, func() { stop(ng) })
	defer stop(ng)
	staticURL := fmt.Sprintf("http://127.0.0.1:%d/menu.json", nport)
	var nh http.Header
	for t := time.Now(); ; {
		code, nh, _, err = get(staticURL, map[string]string{"Accept-Encoding": "identity"})
		if err == nil && code == http.StatusOK {
			break
		}
		if time.Since(t) > 10*time.Second {
			fatalf("nginx ne répond pas (%v, statut %d) ; voir %s/nginx-error.log", err, code, dir)
		}
		time.Sleep(100 * time.Millisecond)
	}
	netag, lastMod := nh.Get("ETag"), nh.Get("Last-Modified")
	code, nh, body, err := get(staticURL, map[string]string{"Accept-Encoding": "gzip"})
	check(err)
	if code != http.StatusOK || nh.Get("Content-Encoding") != "gzip" || !bytes.Equal(body, gz) {
		fatalf("nginx gzip_static : %d %q, %d octets (attendu %d)", code, nh.Get("Content-Encoding"), len(body), len(gz))
	}
	code, _, _, err = get(staticURL, map[string]string{"If-None-Match": netag, "If-Modified-Since": lastMod})
	check(err)
	if code != http.StatusNotModified {
		fatalf("nginx GET conditionnel : %d au lieu de 304", code)
	}

	// A second reference: a bare net/http handler answering the same 304
	// and the same gzip bytes (no routing, no authentication, no log):
	// what Brigade's route costs above net/http itself.
	gport := freePort()
	bare := &http.Server{Addr: fmt.Sprintf("127.0.0.1:%d", gport), Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", "private, no-cache")
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		h.Set("Content-Type", "application/json")
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(len(gz)))
		_, _ = w.Write(gz)
	})}
	go func() { _ = bare.ListenAndServe() }()
	defer bare.Close()
	bareURL := fmt.Sprintf("http://127.0.0.1:%d/menu", gport)
	for t := time.Now(); ; {
		if code, _, _, err := get(bareURL, nil); err == nil && code == http.StatusOK {
			break
		}
		if time.Since(t) > 5*time.Second {
			fatalf("serveur net/http de référence muet")
		}
		time.Sleep(50 * time.Millisecond)
	}

	type kase struct {
		name    string
		url     string
		headers []string
	}
	closeConn := "Connection: close"
	cases := []kase{
		{"304 Brigade", menuURL, []string{"Authorization: " + auth, "If-None-Match: " + etag}},
		{"304 nginx", staticURL, []string{"Authorization: " + auth, "If-None-Match: " + netag, "If-Modified-Since: " + lastMod}},
		{"304 Brigade, cnx/req", menuURL, []string{"Authorization: " + auth, "If-None-Match: " + etag, closeConn}},
		{"304 nginx, cnx/req", staticURL, []string{"Authorization: " + auth, "If-None-Match: " + netag, "If-Modified-Since: " + lastMod, closeConn}},
		{"gzip Brigade", menuURL, []string{"Authorization: " + auth, "Accept-Encoding: gzip"}},
		{"gzip nginx", staticURL, []string{"Authorization: " + auth, "Accept-Encoding: gzip"}},
		{"304 net/http nu", bareURL, []string{"Authorization: " + auth, "If-None-Match: " + etag}},
		{"gzip net/http nu", bareURL, []string{"Authorization: " + auth, "Accept-Encoding: gzip"}},
	}
	// Pairs measured side by side: Brigade's case, then nginx's.
	pairs := []struct {
		name          string
		brigade, ngnx int
	}{{"304 (connexions gardées)", 0, 1}, {"304 (une connexion par requête)", 2, 3}, {"réponse gzip complète", 4, 5}}
	fmt.Printf("charge de la machine au départ : %s\n", loadAvg())
	rates := make([][]float64, len(cases))
	ratios := make([][]float64, len(pairs))
	var bare304, bareGz []float64
	for r := 0; r < *rounds; r++ {
		this := make([]float64, len(cases))
		for i, c := range cases {
			this[i] = runWrk(wrk, c.url, c.headers, *threads, *conns, *duration)
			rates[i] = append(rates[i], this[i])
		}
		fmt.Printf("tour %d :", r+1)
		for i, p := range pairs {
			ratios[i] = append(ratios[i], this[p.brigade]/this[p.ngnx])
			fmt.Printf(" %s %.0f / %.0f req/s (%.0f %%) ;", p.name, this[p.brigade], this[p.ngnx], 100*this[p.brigade]/this[p.ngnx])
		}
		fmt.Printf(" net/http nu : 304 %.0f, gzip %.0f\n", this[6], this[7])
		bare304 = append(bare304, this[6]/this[1])
		bareGz = append(bareGz, this[7]/this[5])
	}
	fmt.Printf("charge de la machine à la fin : %s\n", loadAvg())
	fmt.Printf("\n%-22s %12s %10s\n", "cas", "req/s (méd.)", "min.–max.")
	for i, c := range cases {
		fmt.Printf("%-22s %12.0f %10s\n", c.name, median(rates[i]), fmt.Sprintf("%.0f–%.0f", minOf(rates[i]), maxOf(rates[i])))
	}
	fmt.Println()
	for i, p := range pairs {
		fmt.Printf("%s : Brigade à %.0f %% de nginx (médiane des tours ; %.0f–%.0f %%)\n", p.name, 100*median(ratios[i]), 100*minOf(ratios[i]), 100*maxOf(ratios[i]))
	}
	const need = 1000 * 3 / 5
	fmt.Printf("référence net/http nu (mêmes octets, sans routage, authentification ni journal) : 304 à %.0f %% de nginx, gzip à %.0f %% ; Brigade à %.0f %% et %.0f %% de cette référence\n",
		100*median(bare304), 100*median(bareGz), 100*median(ratios[0])/median(bare304), 100*median(ratios[2])/median(bareGz))
	fmt.Printf("besoin d'une flotte de 1 000 restaurants × 3 bornes interrogeant toutes les 5 s : %d req/s ; Brigade en 304 : %.0f req/s (%.0f fois ce besoin, %.0f fois avec une connexion par requête)\n",
		need, median(rates[0]), median(rates[0])/need, median(rates[2])/need)
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "inconnue"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "inconnue"
	}
	return f[0] + " " + f[1] + " " + f[2] + fmt.Sprintf(" (%d cœurs)", runtime.NumCPU())
}

func minOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = min(m, x)
	}
	return m
}

func maxOf(v []float64) float64 {
	m := v[0]
	for _, x := range v {
		m = max(m, x)
	}
	return m
}

var rpsLine = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)
var sockErrs = regexp.MustCompile(`Socket errors:\s+([^\n]+)`)
var non2xx = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)

func runWrk(wrk, url string, headers []string, threads, conns int, d time.Duration) float64 {
	args := []string{fmt.Sprintf("-t%d", threads), fmt.Sprintf("-c%d", conns), fmt.Sprintf("-d%ds", int(d.Seconds()))}
	for _, h := range headers {
		args = append(args, "-H", h)
	}
	args = append(args, url)
	out, err := exec.Command(wrk, args...).CombinedOutput()
	if err != nil {
		fatalf("wrk : %v\n%s", err, out)
	}
	if m := non2xx.FindSubmatch(out); m != nil {
		fatalf("wrk : %s réponses en erreur sur %s\n%s", m[1], url, out)
	}
	if m := sockErrs.FindSubmatch(out); m != nil {
		fmt.Printf("  (wrk, %s : erreurs de socket %s)\n", url, m[1])
	}
	m := rpsLine.FindSubmatch(out)
	if m == nil {
		fatalf("wrk : sortie inattendue\n%s", out)
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	return v
}

func get(url string, headers map[string]string) (int, http.Header, []byte, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, url, nil)
	if err != nil {
		return 0, nil, nil, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableCompression: true}}
	resp, err := c.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, b, err
}

func findTool(name, fallback string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if _, err := os.Stat(fallback); err == nil {
		return fallback, nil
	}
	return "", errors.New(name + " absent")
}

func freePort() int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	check(err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// stop ends a process this program started (and its process group).
func stop(c *exec.Cmd) {
	if c.Process == nil {
		return
	}
	_ = syscall.Kill(-c.Process.Pid, syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = c.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-c.Process.Pid, syscall.SIGKILL)
	}
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

func check(err error) {
	if err != nil {
		fatalf("%v", err)
	}
}

// cleanups run on a fatal error too (the servers must not outlive the run).
var cleanups []func()

func fatalf(format string, args ...any) {
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	log.Fatalf(format, args...)
}
