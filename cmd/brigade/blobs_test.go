package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"brigade/internal/blob"
	"brigade/internal/config"
)

// copyTarget is where `brigade blobs copy` writes in the test: the S3 test
// bucket under a prefix of this run's own when BRIGADE_TEST_S3_URL is set
// (mandatory in CI), else a folder.
func copyTarget(t *testing.T) string {
	raw := os.Getenv("BRIGADE_TEST_S3_URL")
	if raw == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("BRIGADE_TEST_S3_URL est obligatoire en CI (scripts/s3-start.sh)")
		}
		t.Log("BRIGADE_TEST_S3_URL unset: folder to folder")
		return t.TempDir()
	}
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	u.Path = path.Join("/", u.Path, "test-copy-"+hex.EncodeToString(b))
	target := u.String()
	t.Cleanup(func() {
		ctx := context.Background()
		s, err := blob.Open(ctx, target, "")
		if err != nil {
			t.Error(err)
			return
		}
		list, _ := s.List(ctx, "")
		for _, b := range list {
			s.Delete(ctx, b.Key)
		}
	})
	return target
}

func TestBlobsCopy(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	from, err := blob.NewFolder(src)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"CartesCampagnesImages/3/products/burger.png": "\x89PNG\r\n\x1a\nburger",
		"CartesCampagnesImages/3/tags/vegan.png":      "\x89PNG\r\n\x1a\nvegan",
		"exports/3/restaurants.zip":                   strings.Repeat("PK", 100_000),
	}
	for k, v := range files {
		if _, err := from.Put(ctx, k, strings.NewReader(v)); err != nil {
			t.Fatal(err)
		}
	}
	target := copyTarget(t)
	run := func() string {
		t.Helper()
		var out bytes.Buffer
		if err := blobsCommand(ctx, []string{"copy", "--from", src, "--to", target}, &out); err != nil {
			t.Fatalf("copy: %v\n%s", err, out.String())
		}
		return out.String()
	}
	out := run()
	if !strings.Contains(out, "Terminé : 3 fichier(s) copié(s) (200 027 octets), 0 déjà présent(s) à l'identique, sur 3.") ||
		!strings.Contains(out, "[1/3] copié CartesCampagnesImages/3/products/burger.png (14 octets)") {
		t.Fatalf("first copy said:\n%s", out)
	}
	to, err := openStore(ctx, target, false)
	if err != nil {
		t.Fatal(err)
	}
	check := func() {
		t.Helper()
		for k, v := range files {
			rc, _, err := to.Get(ctx, k)
			if err != nil {
				t.Fatalf("%s: %v", k, err)
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			if string(b) != v {
				t.Errorf("%s: %d bytes copied, want %d", k, len(b), len(v))
			}
		}
	}
	check()

	// Again: nothing to copy. One blob changed at the same size: only it.
	if out := run(); !strings.Contains(out, "Terminé : 0 fichier(s) copié(s) (0 octets), 3 déjà présent(s) à l'identique, sur 3.") {
		t.Fatalf("second copy said:\n%s", out)
	}
	files["CartesCampagnesImages/3/tags/vegan.png"] = "\x89PNG\r\n\x1a\nVEGAN"
	if _, err := from.Put(ctx, "CartesCampagnesImages/3/tags/vegan.png", strings.NewReader(files["CartesCampagnesImages/3/tags/vegan.png"])); err != nil {
		t.Fatal(err)
	}
	if out := run(); !strings.Contains(out, "Terminé : 1 fichier(s) copié(s) (13 octets), 2 déjà présent(s) à l'identique, sur 3.") ||
		!strings.Contains(out, "copié CartesCampagnesImages/3/tags/vegan.png") {
		t.Fatalf("third copy said:\n%s", out)
	}
	check()
}

func TestBlobsCopyRefusesBadArguments(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "sous-commande attendue : copy"},
		{[]string{"move"}, "sous-commande attendue : copy"},
		{[]string{"copy", "--from", dir}, "--from et --to sont obligatoires"},
		{[]string{"copy", "--from", filepath.Join(dir, "absent"), "--to", dir}, "le dossier"},
		{[]string{"copy", "--from", "file://" + filepath.Join(dir, "absent"), "--to", dir}, "le dossier"},
		{[]string{"copy", "--from", dir, "--to", "ftp://ailleurs/x"}, "seuls file:// et s3:// sont acceptés"},
		{[]string{"copy", "--from", dir, "--to", dir, "en-trop"}, "argument inattendu"},
	} {
		err := blobsCommand(ctx, c.args, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "absent")); !os.IsNotExist(err) {
		t.Error("a missing source folder was created")
	}
}

// TestOpenUsesTheBlobURL: the program's blob store is the one --blob-url
// names; a bucket that does not exist stops the start with a clear error.
func TestOpenUsesTheBlobURL(t *testing.T) {
	ctx := context.Background()
	target := copyTarget(t)
	dir := t.TempDir()
	if !strings.Contains(target, "://") {
		target = "file://" + target
	}
	c, err := config.Parse("serve", []string{"--data", dir, "--blob-url", target})
	if err != nil {
		t.Fatal(err)
	}
	a, err := open(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.Blobs.Put(ctx, "essai/ok.txt", strings.NewReader("ok")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "blobs", "essai", "ok.txt")); !os.IsNotExist(err) {
		t.Fatalf("the blob went to the data folder, not to %s", target)
	}
	if strings.HasPrefix(target, "s3://") {
		u, _ := url.Parse(target)
		u.Host = "compartiment-absent"
		c.BlobURL = u.String()
		if _, err := open(ctx, c); err == nil || !strings.Contains(err.Error(), `le compartiment "compartiment-absent" n'existe pas`) {
			t.Fatalf("missing bucket: %v", err)
		}
	}
}
