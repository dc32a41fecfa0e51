// Package scaleout runs Brigade as a fleet does: two `brigade serve` on one
// PostgreSQL database and one S3 bucket, behind nginx at one address
// (deploy/nginx.conf.template, the file compose.yaml uses). It needs the
// servers `make test` starts: PostgreSQL (BRIGADE_TEST_POSTGRES_URL), an S3
// server (BRIGADE_TEST_S3_URL and the AWS_* keys) and nginx.
package scaleout

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"maps"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"brigade/internal/demo"
	"brigade/internal/events"
	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
	"brigade/internal/testutil"
)

// S3URLEnv names the test bucket (s3://bucket?endpoint=…), set by make test.
const S3URLEnv = "BRIGADE_TEST_S3_URL"

// jobLease is the lease the instances run with: a job whose instance was
// killed is taken over once it runs out.
const jobLease = 6 * time.Second

// extraRestaurants makes the takeover generation long enough to be killed
// in the middle (about a second and a half of work per thousand).
const extraRestaurants = 3000

func TestTwoInstancesBehindOneAddress(t *testing.T) {
	s3, nginx := requirements(t)
	dir := t.TempDir()
	bin := build(t, dir)
	dsn := testutil.DSN(t, store.Postgres)
	blobURL := bucketPrefix(t, s3)

	// The first instance migrates the empty database and loads the demo
	// (without its year of orders); the second starts on what it finds.
	env := []string{
		"BRIGADE_DATABASE_URL=" + dsn,
		"BRIGADE_BLOB_URL=" + blobURL,
		"BRIGADE_DEMO=true",
		"BRIGADE_DEMO_ORDERS=0",
		"BRIGADE_JOB_LEASE=" + jobLease.String(),
		"BRIGADE_TRUSTED_PROXIES=127.0.0.1/32",
		"BRIGADE_LOG_FORMAT=json",
	}
	a := start(t, bin, dir, "a", env)
	b := start(t, bin, dir, "b", env)
	byAddr := map[string]*instance{a.addr: a, b.addr: b}
	proxy := startNginx(t, nginx, dir, a.addr, b.addr)

	// One address, both instances behind it.
	seen := map[string]bool{}
	for range 6 {
		res := proxy.do(t, http.MethodGet, "/healthz", "", nil, nil)
		seen[res.upstream] = true
	}
	if !seen[a.addr] || !seen[b.addr] {
		t.Fatalf("round-robin: requests reached %v, want both %s and %s", seen, a.addr, b.addr)
	}

	// The public address does not give the metrics away; each request
	// carries nginx's request id to the instance's log and answer.
	if res := proxy.do(t, http.MethodGet, "/metrics", "", nil, nil); res.status != http.StatusNotFound {
		t.Fatalf("/metrics through the proxy: %d", res.status)
	}
	if id := proxy.do(t, http.MethodGet, "/healthz", "", nil, nil).header.Get("X-Request-Id"); len(id) != 32 {
		t.Fatalf("request id through the proxy: %q, want nginx's $request_id", id)
	}

	token := proxy.signIn(t, "demo-admin")
	kiosk := map[string]string{"X-Device-Key": demo.KioskKey}

	// Images: uploaded through one instance, downloaded by a kiosk through
	// the other.
	var imageTimes []time.Duration
	for i := range 12 {
		data := pngBytes(t, color.RGBA{uint8(20 * i), 90, 200, 255})
		t0 := time.Now()
		up := proxy.upload(t, token, fmt.Sprintf("Scale %02d", i), data)
		if up.status != http.StatusCreated {
			t.Fatalf("upload %d: %d %s", i, up.status, up.body)
		}
		var out struct{ Path string }
		up.json(t, &out)
		got := proxy.other(t, up.upstream, http.MethodGet, "/kiosk/v1/images/products/"+url.PathEscape(out.Path), "", nil, kiosk)
		imageTimes = append(imageTimes, time.Since(t0))
		if got.status != http.StatusOK || !bytes.Equal(got.body, data) || got.header.Get("Content-Type") != "image/png" {
			t.Fatalf("image %d uploaded through %s, read through %s: %d %q, %d bytes (want %d)", i, up.upstream, got.upstream,
				got.status, got.header.Get("Content-Type"), len(got.body), len(data))
		}
	}

	// A kiosk stream on each instance.
	var who struct {
		Restaurant struct{ ID int64 } `json:"restaurant"`
	}
	proxy.do(t, http.MethodGet, "/kiosk/v1/whoami", "", nil, kiosk).json(t, &who)
	if who.Restaurant.ID == 0 {
		t.Fatal("the demo kiosk has no restaurant")
	}
	streams := map[string]*sse{}
	for attempt := 0; len(streams) < 2; attempt++ {
		if attempt == 6 {
			t.Fatalf("kiosk streams reached only %v", slices.Collect(maps.Keys(streams)))
		}
		s := proxy.stream(t, "/kiosk/v1/events", kiosk)
		if streams[s.upstream] != nil {
			s.close()
			continue
		}
		streams[s.upstream] = s
		s.waitEvent(t, "ready", 10*time.Second)
	}

	// A generation started through one instance, followed to its end
	// through the other; the new menu is pushed to the kiosk's streams on
	// both instances (one of them through PostgreSQL's LISTEN / NOTIFY).
	var prices []struct {
		Kind     string `json:"kind"`
		IDGlobal string `json:"idGlobal"`
		Prices   []struct {
			Tariff     int   `json:"tariff"`
			TypeOrder  int   `json:"typeOrder"`
			Size       int   `json:"size"`
			CarteCents int64 `json:"carteCents"`
		} `json:"prices"`
	}
	rid := strconv.FormatInt(who.Restaurant.ID, 10)
	proxy.do(t, http.MethodGet, "/api/v1/deploy/restaurants/"+rid+"/prices", token, nil, nil).json(t, &prices)
	if len(prices) == 0 || len(prices[0].Prices) == 0 {
		t.Fatal("the kiosk's restaurant has no priced element")
	}
	p, line := prices[0], prices[0].Prices[0]
	if res := proxy.do(t, http.MethodPut, "/api/v1/deploy/restaurants/"+rid+"/prices", token, map[string]any{
		"kind": p.Kind, "idGlobal": p.IDGlobal, "tariff": line.Tariff, "typeOrder": line.TypeOrder, "size": line.Size, "priceCents": line.CarteCents + 10,
	}, nil); res.status != http.StatusNoContent {
		t.Fatalf("restaurant price: %d %s", res.status, res.body)
	}
	pushStart := time.Now()
	gen := proxy.do(t, http.MethodPost, "/api/v1/deploy/generations", token, map[string]any{"restaurantIds": []int64{who.Restaurant.ID}}, nil)
	if gen.status != http.StatusAccepted {
		t.Fatalf("generation: %d %s", gen.status, gen.body)
	}
	job := proxy.followJob(t, gen, token, 60*time.Second)
	if job.Status != "done" {
		t.Fatalf("generation followed through the other instance: %+v", job)
	}
	pushes := map[string]time.Duration{}
	var etags []string
	for addr, s := range streams {
		e := s.waitEvent(t, "menu", 15*time.Second)
		pushes[byAddr[addr].name] = e.at.Sub(pushStart)
		var m struct{ ETag string }
		if err := json.Unmarshal([]byte(e.data), &m); err != nil || m.ETag == "" {
			t.Fatalf("menu event on %s: %q", addr, e.data)
		}
		etags = append(etags, m.ETag)
		s.close()
	}
	if etags[0] != etags[1] {
		t.Fatalf("the two instances pushed different menus: %v", etags)
	}
	for _, inst := range []*instance{a, b} {
		res := do(t, inst.url(), http.MethodGet, "/kiosk/v1/menu", "", nil, kiosk)
		if res.status != http.StatusOK || res.header.Get("ETag") != etags[0] {
			t.Fatalf("menu served by %s: %d ETag %q, pushed %q", inst.name, res.status, res.header.Get("ETag"), etags[0])
		}
	}

	// An export made by one instance, downloaded through the other.
	var restaurants struct{ Items []struct{ ID int64 } }
	proxy.do(t, http.MethodGet, "/api/v1/restaurants", token, nil, nil).json(t, &restaurants)
	ids := make([]int64, len(restaurants.Items))
	for i, r := range restaurants.Items {
		ids[i] = r.ID
	}
	exp := proxy.do(t, http.MethodPost, "/api/v1/exports/products", token, map[string]any{"restaurantIds": ids}, nil)
	if exp.status != http.StatusAccepted {
		t.Fatalf("export: %d %s", exp.status, exp.body)
	}
	ej := proxy.followJob(t, exp, token, 60*time.Second)
	if ej.Status != "done" {
		t.Fatalf("export: %+v", ej)
	}
	// The instance that made the zip is the one whose metrics count a
	// finished export; the download goes through the other.
	maker := a
	if metric(t, b, `brigade_jobs_done_total{kind="export.products"}`) > 0 {
		maker = b
	}
	zipRes := proxy.other(t, maker.addr, http.MethodGet, "/api/v1/exports/"+strconv.FormatInt(ej.ID, 10)+"/download", token, nil, nil)
	if zipRes.status != http.StatusOK {
		t.Fatalf("export made by %s, downloaded through %s: %d %s", maker.name, zipRes.upstream, zipRes.status, zipRes.body)
	}
	zr, err := zip.NewReader(bytes.NewReader(zipRes.body), int64(len(zipRes.body)))
	if err != nil {
		t.Fatalf("export made by %s, downloaded through %s: no zip: %v", maker.name, zipRes.upstream, err)
	}
	if len(zr.File) != len(ids) {
		t.Fatalf("export: %d workbooks for %d restaurants", len(zr.File), len(ids))
	}
	// Both instances name the same file with the bucket's ETag.
	if first := zipRes.header.Get("ETag"); first == "" || do(t, maker.url(), http.MethodGet, "/api/v1/exports/"+strconv.FormatInt(ej.ID, 10)+"/download", token, nil, nil).header.Get("ETag") != first {
		t.Fatalf("export ETag %q differs between the instances", first)
	}

	// Takeover: a generation of thousands of restaurants; the instance
	// running it is killed in the middle and the other finishes it once
	// the lease has run out.
	all := seedRestaurants(t, dsn, who.Restaurant.ID, extraRestaurants)
	big := proxy.do(t, http.MethodPost, "/api/v1/deploy/generations", token, map[string]any{"restaurantIds": all}, nil)
	if big.status != http.StatusAccepted {
		t.Fatalf("big generation: %d %s", big.status, big.body)
	}
	var bigJob jobState
	big.json(t, &bigJob)
	runner := waitRunning(t, []*instance{a, b}, 60*time.Second)
	survivor := a
	if runner == a {
		survivor = b
	}
	// Killed once some restaurants are done, as seen from the survivor.
	var before jobState
	for before.Done == 0 {
		before = jobAt(t, survivor, token, bigJob.ID)
		if before.Status == "done" || before.Status == "failed" || before.Done >= before.Total && before.Total > 0 {
			t.Fatalf("the generation ended before its instance could be killed: %+v", before)
		}
		time.Sleep(10 * time.Millisecond)
	}
	killedAt := time.Now()
	runner.kill(t)
	var after jobState
	deadline := time.Now().Add(jobLease + 90*time.Second)
	for {
		after = jobAt(t, survivor, token, bigJob.ID)
		if after.Status == "done" || after.Status == "failed" || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	takeover := time.Since(killedAt)
	if after.Status != "done" || after.Total != len(all) || after.Done != len(all) {
		t.Fatalf("after killing %s at %d/%d, %s left the job at %+v", runner.name, before.Done, before.Total, survivor.name, after)
	}
	// Requests through the one address still succeed with one instance
	// down (nginx names every instance it tried, the one that answered last).
	for range 4 {
		if res := proxy.do(t, http.MethodGet, "/api/v1/restaurants", token, nil, nil); res.status != http.StatusOK || !strings.HasSuffix(res.upstream, survivor.addr) {
			t.Fatalf("with %s killed, the proxy answered %d from %q", runner.name, res.status, res.upstream)
		}
	}

	// A normal stop hands the job back at once: a third instance joins, a
	// new generation starts, and the instance running it is stopped
	// (SIGTERM); the other claims the job well before the lease would
	// have run out.
	c := start(t, bin, dir, "c", env)
	again := do(t, survivor.url(), http.MethodPost, "/api/v1/deploy/generations", token, map[string]any{"restaurantIds": all}, nil)
	if again.status != http.StatusAccepted {
		t.Fatalf("second big generation: %d %s", again.status, again.body)
	}
	var againJob jobState
	again.json(t, &againJob)
	stopped := waitRunning(t, []*instance{survivor, c}, 60*time.Second)
	heir := c
	if stopped == c {
		heir = survivor
	}
	for j := jobAt(t, heir, token, againJob.ID); j.Done == 0; j = jobAt(t, heir, token, againJob.ID) {
		if j.Status == "done" || j.Status == "failed" {
			t.Fatalf("the second generation ended before its instance could be stopped: %+v", j)
		}
		time.Sleep(10 * time.Millisecond)
	}
	stoppedAt := time.Now()
	if err := stopped.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-stopped.exited
	claimed := waitRunning(t, []*instance{heir}, jobLease)
	handback := time.Since(stoppedAt)
	if claimed != heir || handback >= jobLease {
		t.Fatalf("after stopping %s, %s claimed the job in %v (lease %v)", stopped.name, heir.name, handback, jobLease)
	}
	var final jobState
	for final = jobAt(t, heir, token, againJob.ID); final.Status != "done" && final.Status != "failed"; final = jobAt(t, heir, token, againJob.ID) {
		time.Sleep(50 * time.Millisecond)
	}
	if final.Status != "done" || final.Done != len(all) {
		t.Fatalf("handed-back generation: %+v", final)
	}
	if n := metric(t, heir, `brigade_jobs_done_total{kind="deploy.generate"}`); n < 1 {
		t.Fatalf("%s's metrics count %v finished generations", heir.name, n)
	}

	slices.Sort(imageTimes)
	t.Logf("images: %d uploaded through one instance and read through the other, median %v, max %v",
		len(imageTimes), imageTimes[len(imageTimes)/2].Round(time.Millisecond), imageTimes[len(imageTimes)-1].Round(time.Millisecond))
	t.Logf("pushes: generation started → kiosk menu event: %s %v, %s %v",
		a.name, pushes[a.name].Round(100*time.Microsecond), b.name, pushes[b.name].Round(100*time.Microsecond))
	t.Logf("takeover: %d restaurants, %s killed at %d/%d, job finished by %s %v after the kill (lease %v)",
		len(all), runner.name, before.Done, before.Total, survivor.name, takeover.Round(time.Millisecond), jobLease)
	t.Logf("handback: %s stopped (SIGTERM) mid-generation, %s running it %v later", stopped.name, heir.name, handback.Round(time.Millisecond))
}

// requirements returns the servers the test needs, or skips (fails in CI)
// when one is missing.
func requirements(t *testing.T) (s3, nginx string) {
	t.Helper()
	missing := func(what string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required in CI (make test starts it)", what)
		}
		t.Skipf("%s is not available: run make test-go, which starts it", what)
	}
	if os.Getenv(testutil.PostgresURLEnv) == "" {
		missing(testutil.PostgresURLEnv)
	}
	if s3 = os.Getenv(S3URLEnv); s3 == "" {
		missing(S3URLEnv)
	}
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		if _, serr := os.Stat("/usr/sbin/nginx"); serr != nil {
			missing("nginx")
		}
		nginx = "/usr/sbin/nginx"
	}
	return s3, nginx
}

// build compiles the brigade binary (without the web app: the fleet's API
// is what is tested here).
func build(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "brigade")
	cmd := exec.Command("go", "build", "-o", bin, "brigade/cmd/brigade")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// bucketPrefix gives this run a folder of its own in the test bucket.
func bucketPrefix(t *testing.T, s3 string) string {
	t.Helper()
	u, err := url.Parse(s3)
	if err != nil || u.Scheme != "s3" {
		t.Fatalf("%s: %q is not s3://bucket…", S3URLEnv, s3)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	u.Path = path.Join("/", u.Path, "scaleout-"+hex.EncodeToString(b))
	return u.String()
}

type instance struct {
	name, addr string
	cmd        *exec.Cmd
	log        *lockedBuffer
	exited     chan struct{}
}

func (i *instance) url() string { return "http://" + i.addr }

// start runs `brigade serve` and waits until it is ready.
func start(t *testing.T, bin, dir, name string, env []string) *instance {
	t.Helper()
	i := &instance{name: name, addr: freeAddr(t), log: &lockedBuffer{}, exited: make(chan struct{})}
	i.cmd = exec.Command(bin, "serve")
	i.cmd.Env = append(os.Environ(), append(env, "BRIGADE_LISTEN="+i.addr, "BRIGADE_DATA="+filepath.Join(dir, name))...)
	i.cmd.Stdout, i.cmd.Stderr = i.log, i.log
	if err := i.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = i.cmd.Wait(); close(i.exited) }()
	t.Cleanup(func() {
		_ = i.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-i.exited:
		case <-time.After(20 * time.Second):
			_ = i.cmd.Process.Kill()
			<-i.exited
		}
		if t.Failed() {
			t.Logf("--- log of instance %s (%s) ---\n%s", i.name, i.addr, i.log.String())
		}
	})
	deadline := time.Now().Add(3 * time.Minute)
	for {
		select {
		case <-i.exited:
			t.Fatalf("instance %s exited before it was ready:\n%s", name, i.log.String())
		default:
		}
		if res, err := http.Get(i.url() + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return i
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("instance %s not ready after 3 minutes:\n%s", name, i.log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// kill stops the instance as a crash would: no answer finished, no job
// handed back.
func (i *instance) kill(t *testing.T) {
	t.Helper()
	if err := i.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-i.exited
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type proxy struct{ base string }

// startNginx runs nginx with the project's template in front of the two
// instances. nginx names the instance that answered in X-Upstream (a
// header only this test's configuration adds).
func startNginx(t *testing.T, nginx, dir, up1, up2 string) *proxy {
	t.Helper()
	tmpl, err := os.ReadFile(filepath.Join("..", "..", "deploy", "nginx.conf.template"))
	if err != nil {
		t.Fatal(err)
	}
	listen := freeAddr(t)
	server := os.Expand(string(tmpl), func(k string) string {
		switch k {
		case "BRIGADE_UPSTREAM_1":
			return up1
		case "BRIGADE_UPSTREAM_2":
			return up2
		case "BRIGADE_PROXY_PORT":
			return listen
		}
		return "$" + k // nginx's own variables
	})
	nd := filepath.Join(dir, "nginx")
	if err := os.MkdirAll(nd, 0o755); err != nil {
		t.Fatal(err)
	}
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // workers must reach the test's private folders
	}
	conf := fmt.Sprintf(`%s
worker_processes 1;
daemon off;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log;
events { worker_connections 512; }
http {
    access_log %[2]s/access.log;
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    add_header X-Upstream $upstream_addr always;
%[3]s
}
`, user, nd, server)
	confPath := filepath.Join(nd, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nginx, "-p", nd, "-c", confPath)
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	p := &proxy{base: "http://" + listen}
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case <-exited:
			errLog, _ := os.ReadFile(filepath.Join(nd, "error.log"))
			t.Fatalf("nginx exited: %s\n%s", out.String(), errLog)
		default:
		}
		if res, err := http.Get(p.base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return p
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("nginx does not answer: %s", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

type response struct {
	status   int
	header   http.Header
	body     []byte
	upstream string
}

func (r response) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("%d %s: %v", r.status, r.body, err)
	}
}

var client = &http.Client{Timeout: 60 * time.Second}

func do(t *testing.T, base, method, p, token string, body any, headers map[string]string) response {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, base+p, r)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, p, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, p, err)
	}
	return response{status: res.StatusCode, header: res.Header, body: b, upstream: res.Header.Get("X-Upstream")}
}

func (p *proxy) do(t *testing.T, method, path, token string, body any, headers map[string]string) response {
	t.Helper()
	return do(t, p.base, method, path, token, body, headers)
}

// other repeats a read through the proxy until an instance other than
// `not` answers it (round-robin makes that the next request or the one
// after).
func (p *proxy) other(t *testing.T, not, method, path, token string, body any, headers map[string]string) response {
	t.Helper()
	for range 4 {
		res := p.do(t, method, path, token, body, headers)
		if res.upstream != not {
			return res
		}
	}
	t.Fatalf("%s %s: always answered by %s", method, path, not)
	return response{}
}

func (p *proxy) signIn(t *testing.T, login string) string {
	t.Helper()
	res := p.do(t, http.MethodPost, "/api/v1/auth/signin", "", map[string]string{"login": login, "password": demo.Password}, nil)
	var out struct{ AccessToken string }
	res.json(t, &out)
	if res.status != http.StatusOK || out.AccessToken == "" {
		t.Fatalf("sign in %s: %d %s", login, res.status, res.body)
	}
	return out.AccessToken
}

func (p *proxy) upload(t *testing.T, token, name string, data []byte) response {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("kind", "products")
	_ = w.WriteField("name", name)
	fw, err := w.CreateFormFile("file", "photo.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = w.Close()
	return p.do(t, http.MethodPost, "/api/v1/images", token, body.Bytes(), map[string]string{"Content-Type": w.FormDataContentType()})
}

type jobState struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
	Done   int    `json:"done"`
	Total  int    `json:"total"`
	Error  string `json:"error"`
}

// followJob polls the job that res started, through the instances that
// did not start it, until it ends.
func (p *proxy) followJob(t *testing.T, res response, token string, within time.Duration) jobState {
	t.Helper()
	var j jobState
	res.json(t, &j)
	deadline := time.Now().Add(within)
	for {
		got := p.other(t, res.upstream, http.MethodGet, "/api/v1/jobs/"+strconv.FormatInt(j.ID, 10), token, nil, nil)
		got.json(t, &j)
		if j.Status == "done" || j.Status == "failed" {
			return j
		}
		if time.Now().After(deadline) {
			t.Fatalf("job %d still %s after %v", j.ID, j.Status, within)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func jobAt(t *testing.T, i *instance, token string, id int64) jobState {
	t.Helper()
	var j jobState
	res := do(t, i.url(), http.MethodGet, "/api/v1/jobs/"+strconv.FormatInt(id, 10), token, nil, nil)
	if res.status != http.StatusOK {
		t.Fatalf("job %d on %s: %d %s", id, i.name, res.status, res.body)
	}
	res.json(t, &j)
	return j
}

// metric reads one sample from an instance's /metrics (0 when absent).
func metric(t *testing.T, i *instance, series string) float64 {
	t.Helper()
	res := do(t, i.url(), http.MethodGet, "/metrics", "", nil, nil)
	for _, line := range strings.Split(string(res.body), "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s on %s: %q", series, i.name, line)
			}
			return f
		}
	}
	return 0
}

// waitRunning returns the instance whose metrics show a generation
// running.
func waitRunning(t *testing.T, all []*instance, within time.Duration) *instance {
	t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		for _, i := range all {
			if metric(t, i, `brigade_jobs_running{kind="deploy.generate"}`) > 0 {
				return i
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no instance reports a running generation after %v", within)
	return nil
}

type sse struct {
	upstream string
	cancel   context.CancelFunc
	events   chan sseEvent
}

type sseEvent struct {
	name, data string
	at         time.Time // when it was read off the connection
}

func (s *sse) close() { s.cancel() }

// stream opens an event stream through the proxy.
func (p *proxy) stream(t *testing.T, path string, headers map[string]string) *sse {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, p.base+path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("stream %s: %d", path, res.StatusCode)
	}
	s := &sse{upstream: res.Header.Get("X-Upstream"), cancel: cancel, events: make(chan sseEvent, 16)}
	go func() {
		defer res.Body.Close()
		defer close(s.events)
		sc := bufio.NewScanner(res.Body)
		var name string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				s.events <- sseEvent{name, strings.TrimPrefix(line, "data: "), time.Now()}
			}
		}
	}()
	return s
}

// waitEvent returns the next event of that name.
func (s *sse) waitEvent(t *testing.T, name string, within time.Duration) sseEvent {
	t.Helper()
	timeout := time.After(within)
	for {
		select {
		case e, ok := <-s.events:
			if !ok {
				t.Fatalf("stream on %s closed before a %q event", s.upstream, name)
			}
			if e.name == name {
				return e
			}
		case <-timeout:
			t.Fatalf("no %q event on %s within %v", name, s.upstream, within)
		}
	}
}

// seedRestaurants adds n restaurants to the kiosk restaurant's franchise,
// each serving the same cartes, and returns the ids of all its restaurants.
func seedRestaurants(t *testing.T, dsn string, like int64, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ten := tenancy.NewService(db, events.NewLocal())
	var fid int64
	if err := db.QueryRow(ctx, `SELECT franchise_id FROM restaurants WHERE id = ?`, like).Scan(&fid); err != nil {
		t.Fatal(err)
	}
	cartes, err := store.Collect(ctx, db, `SELECT campaign_id FROM campaign_restaurants WHERE restaurant_id = ?`, []any{like}, store.ScanValue[int64])
	if err != nil || len(cartes) == 0 {
		t.Fatalf("cartes of restaurant %d: %v %v", like, cartes, err)
	}
	if err := db.WithTx(ctx, func(tx *store.Tx) error {
		for i := range n {
			r, err := ten.NewRestaurant(ctx, tx, tenancy.Restaurant{FranchiseID: fid, Siret: fmt.Sprintf("7%08d%05d", 12345678, i+1),
				Nom: fmt.Sprintf("Flotte %04d", i+1), Ville: "Lyon", CountryCode: "FR"})
			if err != nil {
				return err
			}
			for _, c := range cartes {
				if err := menu.Link(ctx, tx, c, r.ID); err != nil {
					return err
				}
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	ids, err := store.Collect(ctx, db, `SELECT id FROM restaurants WHERE franchise_id = ? AND archived_at IS NULL ORDER BY id`, []any{fid}, store.ScanValue[int64])
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func pngBytes(t *testing.T, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for x := range 16 {
		for y := range 16 {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
