// Command sse measures how many kiosk event streams (GET /kiosk/v1/events)
// one Brigade instance holds and how fast a new menu reaches all of them:
// it starts `brigade serve` on a temporary data folder (demo loaded, few
// demo orders) on a free port, opens N streams with the demo kiosk's key,
// reads the server's resident memory before and after, then changes a
// price of the kiosk's restaurant and deploys it, and times from the
// generation's request to each stream's `menu` event (median, 99th
// percentile, last). Rounds repeat the change; figures are per round.
//
//	go run ./bench/sse [-streams 2000] [-rounds 3]
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"brigade/internal/demo"
)

func main() {
	n := flag.Int("streams", 2000, "kiosk event streams held open")
	rounds := flag.Int("rounds", 3, "menu changes pushed to every stream")
	flag.Parse()

	// Each stream is one descriptor here and one in the server.
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < uint64(2**n+512) {
		lim.Cur = min(lim.Max, uint64(2**n+512))
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	dir, err := os.MkdirTemp("", "brigade-sse-")
	check(err)
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "brigade")
	build := exec.Command("go", "build", "-o", bin, "./cmd/brigade")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	check(build.Run())

	addr := freeAddr()
	logf, err := os.Create(filepath.Join(dir, "brigade.log"))
	check(err)
	srv := exec.Command(bin, "serve", "--data", filepath.Join(dir, "data"), "--listen", addr, "--demo-orders", "0")
	srv.Stdout, srv.Stderr = logf, logf
	check(srv.Start())
	defer func() { _ = srv.Process.Signal(syscall.SIGTERM); _ = srv.Wait() }()
	base := "http://" + addr
	t0 := time.Now()
	for {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Since(t0) > 3*time.Minute {
			log.Fatalf("brigade ne répond pas ; journal : %s", logf.Name())
		}
		time.Sleep(100 * time.Millisecond)
	}
	rssBefore := rss(srv.Process.Pid)

	// The streams, each on its own connection.
	type event struct {
		stream int
		at     time.Time
	}
	menus := make(chan event, *n)
	ready := make(chan int, *n)
	tr := &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: -1, DisableCompression: true}
	for i := range *n {
		req, _ := http.NewRequest(http.MethodGet, base+"/kiosk/v1/events", nil)
		req.Header.Set("X-Device-Key", demo.KioskKey)
		res, err := tr.RoundTrip(req)
		if err != nil || res.StatusCode != http.StatusOK {
			log.Fatalf("flux %d : %v %v", i, err, res)
		}
		go func() {
			defer res.Body.Close()
			sc := bufio.NewScanner(res.Body)
			var name string
			for sc.Scan() {
				line := sc.Text()
				switch {
				case strings.HasPrefix(line, "event: "):
					name = strings.TrimPrefix(line, "event: ")
				case strings.HasPrefix(line, "data: ") && name == "ready":
					ready <- i
				case strings.HasPrefix(line, "data: ") && name == "menu":
					menus <- event{i, time.Now()}
				}
			}
		}()
	}
	for range *n {
		<-ready
	}
	time.Sleep(time.Second) // let the server's heap settle before reading its size
	rssAfter := rss(srv.Process.Pid)
	fmt.Printf("Brigade — flux SSE des bornes : %d flux ouverts sur une instance (SQLite)\n", *n)
	fmt.Printf("mémoire résidente du serveur : %d Mo → %d Mo, %.1f Ko par flux\n\n",
		rssBefore>>20, rssAfter>>20, float64(rssAfter-rssBefore)/float64(*n)/1024)

	token := signIn(base)
	var who struct {
		Restaurant struct{ ID int64 } `json:"restaurant"`
	}
	getJSON(base+"/kiosk/v1/whoami", map[string]string{"X-Device-Key": demo.KioskKey}, &who)
	rid := strconv.FormatInt(who.Restaurant.ID, 10)
	var prices []struct {
		Kind     string `json:"kind"`
		IDGlobal string `json:"idGlobal"`
		Prices   []struct {
			Tariff, TypeOrder, Size int
			CarteCents              int64
		} `json:"prices"`
	}
	getJSON(base+"/api/v1/deploy/restaurants/"+rid+"/prices", map[string]string{"Authorization": "Bearer " + token}, &prices)
	p, line := prices[0], prices[0].Prices[0]
	fmt.Println("| tour | médiane | 99e centile | dernier flux |")
	fmt.Println("| --- | --- | --- | --- |")
	for r := range *rounds {
		send(http.MethodPut, base+"/api/v1/deploy/restaurants/"+rid+"/prices", token, map[string]any{
			"kind": p.Kind, "idGlobal": p.IDGlobal, "tariff": line.Tariff, "typeOrder": line.TypeOrder, "size": line.Size,
			"priceCents": line.CarteCents + int64(10*(r+1))}, http.StatusNoContent)
		start := time.Now()
		send(http.MethodPost, base+"/api/v1/deploy/generations", token, map[string]any{"restaurantIds": []int64{who.Restaurant.ID}}, http.StatusAccepted)
		lat := make([]time.Duration, 0, *n)
		timeout := time.After(2 * time.Minute)
		for len(lat) < *n {
			select {
			case e := <-menus:
				lat = append(lat, e.at.Sub(start))
			case <-timeout:
				log.Fatalf("tour %d : %d flux sur %d ont reçu le menu en 2 minutes", r+1, len(lat), *n)
			}
		}
		slices.Sort(lat)
		fmt.Printf("| %d | %v | %v | %v |\n", r+1, lat[len(lat)/2].Round(time.Millisecond), lat[len(lat)*99/100].Round(time.Millisecond), lat[len(lat)-1].Round(time.Millisecond))
	}
}

func rss(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	check(err)
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

func signIn(base string) string {
	raw, _ := json.Marshal(map[string]string{"login": "demo-admin", "password": demo.Password})
	res, err := http.Post(base+"/api/v1/auth/signin", "application/json", bytes.NewReader(raw))
	check(err)
	defer res.Body.Close()
	var out struct{ AccessToken string }
	check(json.NewDecoder(res.Body).Decode(&out))
	return out.AccessToken
}

func getJSON(url string, headers map[string]string, v any) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for k, h := range headers {
		req.Header.Set(k, h)
	}
	res, err := http.DefaultClient.Do(req)
	check(err)
	defer res.Body.Close()
	check(json.NewDecoder(res.Body).Decode(v))
}

func send(method, url, token string, body any, want int) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, url, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	check(err)
	defer res.Body.Close()
	if res.StatusCode != want {
		b, _ := io.ReadAll(res.Body)
		log.Fatalf("%s %s : %d %s", method, url, res.StatusCode, b)
	}
}

func freeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	check(err)
	defer l.Close()
	return l.Addr().String()
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
