package blob

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestFolderRoundTrip(t *testing.T) {
	ctx := context.Background()
	f, err := NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	info, err := f.Put(ctx, "CartesCampagnesImages/3/products/burger.png", strings.NewReader("png-bytes"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Size != 9 || len(info.SHA256) != 64 {
		t.Fatalf("unexpected info %+v", info)
	}
	rc, _, err := f.Get(ctx, "CartesCampagnesImages/3/products/burger.png")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(rc)
	rc.Close()
	if string(b) != "png-bytes" {
		t.Fatalf("read back %q", b)
	}
	st, err := f.Stat(ctx, "CartesCampagnesImages/3/products/burger.png")
	if err != nil || st.SHA256 != info.SHA256 {
		t.Fatalf("stat %+v %v", st, err)
	}
	if _, err := f.Put(ctx, "CartesCampagnesImages/3/products/burger.png", strings.NewReader("v2")); err != nil {
		t.Fatal(err)
	}
	list, err := f.List(ctx, "CartesCampagnesImages/3/")
	if err != nil || len(list) != 1 || list[0].Size != 2 {
		t.Fatalf("list %+v %v", list, err)
	}
	if err := f.Delete(ctx, "CartesCampagnesImages/3/products/burger.png"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.Get(ctx, "CartesCampagnesImages/3/products/burger.png"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := f.Delete(ctx, "nothing/here"); err != nil {
		t.Fatalf("deleting a missing blob: %v", err)
	}
}

func TestFolderRefusesKeysThatEscape(t *testing.T) {
	f, err := NewFolder(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"", "/etc/passwd", "../x", "a/../../x", "a//b", "a\\b", "a/./b"} {
		if _, err := f.Put(context.Background(), key, strings.NewReader("x")); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("key %q: got %v, want ErrInvalidKey", key, err)
		}
	}
}
