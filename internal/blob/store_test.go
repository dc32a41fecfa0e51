package blob

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/url"
	"os"
	"path"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/minio/minio-go/v7"
)

// eachStore runs test against a Folder and, when BRIGADE_TEST_S3_URL names
// a bucket, against S3 under a prefix of this run's own (two clones can
// test on one server). In CI a missing S3 fails instead of skipping.
func eachStore(t *testing.T, test func(t *testing.T, s Store)) {
	t.Run("folder", func(t *testing.T) {
		f, err := NewFolder(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		test(t, f)
	})
	t.Run("s3", func(t *testing.T) {
		test(t, testS3(t))
	})
}

// testS3 opens the test bucket under a fresh random prefix, emptied at the end.
func testS3(t *testing.T) *S3 {
	t.Helper()
	raw := os.Getenv("BRIGADE_TEST_S3_URL")
	if raw == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("BRIGADE_TEST_S3_URL est obligatoire en CI (scripts/s3-start.sh)")
		}
		t.Skip("BRIGADE_TEST_S3_URL unset (scripts/s3-start.sh starts a server)")
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = path.Join("/", u.Path, "test-"+randomHex(t))
	s, err := OpenS3(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx := context.Background()
		list, err := s.List(ctx, "")
		if err != nil {
			t.Errorf("cleanup: %v", err)
			return
		}
		for _, b := range list {
			if err := s.Delete(ctx, b.Key); err != nil {
				t.Errorf("cleanup: %v", err)
			}
		}
	})
	return s
}

func randomHex(t *testing.T) string {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func put(t *testing.T, s Store, key, body string) Info {
	t.Helper()
	info, err := s.Put(context.Background(), key, strings.NewReader(body))
	if err != nil {
		t.Fatalf("put %s: %v", key, err)
	}
	return info
}

func read(t *testing.T, s Store, key string) (string, Info) {
	t.Helper()
	rc, info, err := s.Get(context.Background(), key)
	if err != nil {
		t.Fatalf("get %s: %v", key, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	return string(b), info
}

var pngHeader = "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"

func TestStoreRoundTrip(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		for _, c := range []struct{ key, body, ctype string }{
			{"CartesCampagnesImages/3/products/burger.png", pngHeader + "pixels", "image/png"},
			{"CartesCampagnesImages/3/products/sans-extension", pngHeader + "pixels", "image/png"},
			{"exports/7/restaurants.json", `{"nom":"Burger"}`, "application/json"},
			{"exports/7/restaurants.zip", "PK\x03\x04zip", "application/zip"},
			{"exports/7/commandes.xlsx", "PK\x03\x04xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
			{"exports/7/commandes.csv", "a;b\n1;2\n", "text/csv; charset=utf-8"},
			{"notes/texte", "bonjour", "text/plain; charset=utf-8"},
			{"vide/rien", "", "text/plain; charset=utf-8"},
		} {
			info := put(t, s, c.key, c.body)
			if info.Key != c.key || info.Size != int64(len(c.body)) || info.SHA256 != sum([]byte(c.body)) || info.ETag == "" || info.ModTime.IsZero() {
				t.Errorf("put %s: %+v", c.key, info)
			}
			if info.ContentType != c.ctype {
				t.Errorf("put %s: content type %q, want %q", c.key, info.ContentType, c.ctype)
			}
			body, got := read(t, s, c.key)
			if body != c.body || got.Size != info.Size || got.ContentType != c.ctype || got.Key != c.key {
				t.Errorf("get %s: %q %+v", c.key, body, got)
			}
			st, err := s.Stat(ctx, c.key)
			if err != nil {
				t.Fatal(err)
			}
			if st.SHA256 != info.SHA256 || st.Size != info.Size || st.ETag != info.ETag || st.ContentType != c.ctype || st.ModTime.IsZero() {
				t.Errorf("stat %s: %+v, put said %+v", c.key, st, info)
			}
		}
	})
}

func TestStoreNotFoundAndDelete(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		if _, _, err := s.Get(ctx, "rien/ici.png"); !errors.Is(err, ErrNotFound) {
			t.Errorf("get: %v", err)
		}
		if _, err := s.Stat(ctx, "rien/ici.png"); !errors.Is(err, ErrNotFound) {
			t.Errorf("stat: %v", err)
		}
		put(t, s, "a/b.txt", "x")
		for i := 0; i < 2; i++ { // deleting twice is not an error
			if err := s.Delete(ctx, "a/b.txt"); err != nil {
				t.Fatalf("delete %d: %v", i, err)
			}
		}
		if _, err := s.Stat(ctx, "a/b.txt"); !errors.Is(err, ErrNotFound) {
			t.Errorf("stat after delete: %v", err)
		}
		if list, err := s.List(ctx, "a/"); err != nil || len(list) != 0 {
			t.Errorf("list after delete: %+v %v", list, err)
		}
	})
}

func TestStoreRefusesInvalidKeys(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		for _, key := range []string{"", "/etc/passwd", "../x", "a/../../x", "a//b", "a\\b", "a/./b", "a/", "a/\x00"} {
			if _, err := s.Put(ctx, key, strings.NewReader("x")); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("put %q: %v", key, err)
			}
			if _, _, err := s.Get(ctx, key); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("get %q: %v", key, err)
			}
			if _, err := s.Stat(ctx, key); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("stat %q: %v", key, err)
			}
			if err := s.Delete(ctx, key); !errors.Is(err, ErrInvalidKey) {
				t.Errorf("delete %q: %v", key, err)
			}
		}
	})
}

func TestStoreListIsSortedUnderPrefix(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		for _, k := range []string{"a/c/x", "a/b/2.txt", "b/y", "a/b.txt", "a/b/1.txt", "ab/z"} {
			put(t, s, k, k)
		}
		list, err := s.List(context.Background(), "a/")
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, b := range list {
			keys = append(keys, b.Key)
			if b.Size != int64(len(b.Key)) || b.ModTime.IsZero() {
				t.Errorf("list entry %+v", b)
			}
		}
		if got, want := strings.Join(keys, " "), "a/b.txt a/b/1.txt a/b/2.txt a/c/x"; got != want {
			t.Errorf("list a/: %s, want %s", got, want)
		}
		all, err := s.List(context.Background(), "")
		if err != nil || len(all) != 6 {
			t.Errorf("list all: %d %v", len(all), err)
		}
	})
}

// TestStoreOverwriteIsWhole: a reader during overwrites sees one version
// or the other, never a mix nor nothing.
func TestStoreOverwriteIsWhole(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		v1, v2 := strings.Repeat("1", 300_000), strings.Repeat("2", 200_000)
		put(t, s, "carte/menu.json", v1)
		var wg sync.WaitGroup
		done := make(chan struct{})
		reads := 0
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				rc, _, err := s.Get(context.Background(), "carte/menu.json")
				if err != nil {
					t.Errorf("get during overwrite: %v", err)
					return
				}
				b, err := io.ReadAll(rc)
				rc.Close()
				if err != nil {
					t.Errorf("read during overwrite: %v", err)
					return
				}
				if string(b) != v1 && string(b) != v2 {
					t.Errorf("read %d bytes that are neither version", len(b))
					return
				}
				reads++
			}
		}()
		for i := 0; i < 20; i++ {
			put(t, s, "carte/menu.json", []string{v2, v1}[i%2])
		}
		close(done)
		wg.Wait()
		if body, _ := read(t, s, "carte/menu.json"); body != v1 {
			t.Errorf("last write lost: %d bytes", len(body))
		}
		t.Logf("%d reads during 20 overwrites", reads)
	})
}

// generator is a deterministic, non-seekable stream of n bytes, which can
// sample the live heap as it is read.
type generator struct {
	left, x  uint64
	read     int64
	onMiB    func(read int64)
	nextMark int64
}

func newGenerator(n int64) *generator { return &generator{left: uint64(n), x: 88172645463325252} }

func (g *generator) Read(p []byte) (int, error) {
	if g.left == 0 {
		return 0, io.EOF
	}
	p = p[:min(uint64(len(p)), g.left)]
	for i := range p {
		g.x ^= g.x << 13
		g.x ^= g.x >> 7
		g.x ^= g.x << 17
		p[i] = byte(g.x)
	}
	g.left -= uint64(len(p))
	g.read += int64(len(p))
	if g.onMiB != nil && g.read >= g.nextMark {
		g.nextMark = g.read + 2<<20
		g.onMiB(g.read)
	}
	return len(p), nil
}

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestStorePutStreams: 40 MiB from a reader that cannot seek goes in
// without the heap holding it (S3: one 16 MiB part at a time).
func TestStorePutStreams(t *testing.T) {
	const size = 40 << 20
	want := sha256.New()
	if _, err := io.Copy(want, newGenerator(size)); err != nil {
		t.Fatal(err)
	}
	wantSum := hex.EncodeToString(want.Sum(nil))
	eachStore(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		base := liveHeap()
		var peak uint64
		g := newGenerator(size)
		g.onMiB = func(int64) { peak = max(peak, liveHeap()) }
		info, err := s.Put(ctx, "exports/7/grand.zip", io.LimitReader(g, size))
		if err != nil {
			t.Fatal(err)
		}
		peak = max(peak, liveHeap())
		grown := int64(peak) - int64(base)
		t.Logf("live heap grew by %.1f MiB at most during a 40 MiB put", float64(grown)/(1<<20))
		if grown > 28<<20 {
			t.Errorf("the heap grew by %.1f MiB during a 40 MiB put: the body is held in memory", float64(grown)/(1<<20))
		}
		if info.Size != size || info.SHA256 != wantSum || info.ContentType != "application/zip" || info.ETag == "" {
			t.Errorf("put: %+v", info)
		}
		st, err := s.Stat(ctx, "exports/7/grand.zip")
		if err != nil || st.SHA256 != wantSum || st.Size != size || st.ContentType != "application/zip" || st.ETag != info.ETag {
			t.Errorf("stat: %+v %v", st, err)
		}
		if s3, ok := s.(*S3); ok { // the SHA-256 is in the metadata, not recomputed
			oi, err := s3.client.StatObject(ctx, s3.bucket, s3.prefix+"exports/7/grand.zip", minio.StatObjectOptions{})
			if err != nil || oi.UserMetadata[sha256Meta] != wantSum {
				t.Errorf("metadata after a multipart put: %v %v", oi.UserMetadata, err)
			}
		}
		rc, _, err := s.Get(ctx, "exports/7/grand.zip")
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		h := sha256.New()
		if n, err := io.Copy(h, rc); err != nil || n != size || hex.EncodeToString(h.Sum(nil)) != wantSum {
			t.Errorf("get: %d bytes %v", n, err)
		}
	})
}

func TestStoreHonoursCancel(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		// Cancelled after 20 MiB: on S3 the first part is already sent.
		ctx, cancel := context.WithCancel(context.Background())
		g := newGenerator(40 << 20)
		g.onMiB = func(read int64) {
			if read >= 20<<20 {
				cancel()
			}
		}
		if _, err := s.Put(ctx, "exports/7/annule.zip", g); !errors.Is(err, context.Canceled) {
			t.Errorf("put: %v", err)
		}
		if _, err := s.Stat(context.Background(), "exports/7/annule.zip"); !errors.Is(err, ErrNotFound) {
			t.Errorf("a cancelled put left a blob: %v", err)
		}
		if s3, ok := s.(*S3); ok {
			for u := range s3.client.ListIncompleteUploads(context.Background(), s3.bucket, s3.prefix, true) {
				t.Errorf("a cancelled put left its multipart upload: %+v", u)
			}
		}
		put(t, s, "a/b.txt", "x")
		if _, err := s.List(ctx, ""); !errors.Is(err, context.Canceled) {
			t.Errorf("list: %v", err)
		}
		if _, err := s.Stat(ctx, "a/b.txt"); !errors.Is(err, context.Canceled) {
			t.Errorf("stat: %v", err)
		}
		rc, _, err := s.Get(ctx, "a/b.txt")
		if err == nil {
			_, err = io.ReadAll(rc)
			rc.Close()
		}
		if !errors.Is(err, context.Canceled) {
			t.Errorf("get: %v", err)
		}
	})
}

// TestS3StatComputesAMissingSHA256: an object written by another tool has
// no SHA-256 metadata; Stat streams it to compute one.
func TestS3StatComputesAMissingSHA256(t *testing.T) {
	s := testS3(t)
	ctx := context.Background()
	body := []byte(pngHeader + "posé par un autre outil")
	if _, err := s.client.PutObject(ctx, s.bucket, s.prefix+"images/autre.png", bytes.NewReader(body), int64(len(body)), minio.PutObjectOptions{}); err != nil {
		t.Fatal(err)
	}
	st, err := s.Stat(ctx, "images/autre.png")
	if err != nil || st.SHA256 != sum(body) || st.Size != int64(len(body)) {
		t.Fatalf("stat: %+v %v", st, err)
	}
}

func TestOpen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(ctx, "", dir)
	if f, ok := s.(*Folder); err != nil || !ok || f.root != dir {
		t.Fatalf("empty URL: %#v %v", s, err)
	}
	other := t.TempDir()
	s, err = Open(ctx, "file://"+other, dir)
	if f, ok := s.(*Folder); err != nil || !ok || f.root != other {
		t.Fatalf("file URL: %#v %v", s, err)
	}
	for _, bad := range []string{
		"ftp://x/y", "/var/blobs", "file://", "file://hote/chemin",
		"s3://", "s3:///prefixe", "s3://b?endpiont=http://x", "s3://b?endpoint=ftp://x", "s3://b?endpoint=http://", "s3://b/a/../c",
	} {
		if _, err := Open(ctx, bad, dir); err == nil {
			t.Errorf("%q: accepted", bad)
		} else if !strings.Contains(err.Error(), "adresse") {
			t.Errorf("%q: %v is not the French message", bad, err)
		}
	}
}
