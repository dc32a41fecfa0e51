// Package blob stores files (images, deployed menus, exports) under
// slash-separated keys such as CartesCampagnesImages/3/products/burger.png.
// Folder keeps them on local disk, for one instance; S3 keeps them in an
// S3-compatible bucket that several instances share. Open picks one from
// the configured URL.
//
// Downloads are proxied: Brigade streams a blob through its own handler
// (Get returns the body as it arrives) and never hands out presigned URLs.
// Kiosks and browsers keep one origin, one authentication and one place
// where access is checked, and the bucket needs no public endpoint.
//
// Both stores stream: Folder writes through a temporary file, S3 holds at
// most one part (PartSize) of a body in memory.
package blob

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// ErrNotFound is returned for a key that holds nothing.
var ErrNotFound = errors.New("blob not found")

// ErrInvalidKey is returned for keys that would escape the store.
var ErrInvalidKey = errors.New("invalid blob key")

// Info describes a stored blob.
//
// SHA256 is set by Put and Stat (and Get on S3 when the object carries it);
// List leaves it empty. ContentType comes from the key's extension, else
// from a sniff of the first 512 bytes. ETag is the store's version tag: the
// S3 ETag, or for Folder the SHA-256 itself where it is known (Put, Stat),
// empty elsewhere.
type Info struct {
	Key         string
	Size        int64
	SHA256      string
	ModTime     time.Time
	ContentType string
	ETag        string
}

// Store is where blobs live.
type Store interface {
	Put(ctx context.Context, key string, r io.Reader) (Info, error)
	Get(ctx context.Context, key string) (io.ReadCloser, Info, error)
	Stat(ctx context.Context, key string) (Info, error)
	Delete(ctx context.Context, key string) error
	// List returns the blobs whose key starts with prefix, sorted by key.
	List(ctx context.Context, prefix string) ([]Info, error)
}

// Open returns the store a URL names: empty, the folder folderDefault;
// file:///path, that folder; s3://bucket/prefix?endpoint=…&region=…, that
// bucket (see OpenS3).
func Open(ctx context.Context, rawURL, folderDefault string) (Store, error) {
	switch {
	case rawURL == "":
		return NewFolder(folderDefault)
	case strings.HasPrefix(rawURL, "file://"):
		u, err := url.Parse(rawURL)
		if err != nil || u.Path == "" || (u.Host != "" && u.Host != "localhost") {
			return nil, fmt.Errorf("adresse %q invalide (attendu file:///chemin/absolu)", rawURL)
		}
		return NewFolder(u.Path)
	case strings.HasPrefix(rawURL, "s3://"):
		return OpenS3(ctx, rawURL)
	}
	return nil, fmt.Errorf("adresse du stockage des fichiers %q : seuls file:// et s3:// sont acceptés (vide : le dossier des données)", rawURL)
}

// Folder stores blobs as files under a root directory.
type Folder struct{ root string }

// NewFolder returns a store rooted at dir, creating it when needed.
func NewFolder(dir string) (*Folder, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	return &Folder{root: abs}, nil
}

// cleanKey refuses empty keys, absolute keys, backslashes and any `..`.
func cleanKey(key string) (string, error) {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") || strings.ContainsRune(key, 0) {
		return "", fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	for _, part := range strings.Split(key, "/") {
		if part == "" || part == "." || part == ".." {
			return "", fmt.Errorf("%w: %q", ErrInvalidKey, key)
		}
	}
	return path.Clean(key), nil
}

func (f *Folder) file(key string) (string, error) {
	k, err := cleanKey(key)
	if err != nil {
		return "", err
	}
	return filepath.Join(f.root, filepath.FromSlash(k)), nil
}

// Put writes r under key atomically: readers see the old or the new blob,
// never half of one.
func (f *Folder) Put(ctx context.Context, key string, r io.Reader) (Info, error) {
	name, err := f.file(key)
	if err != nil {
		return Info{}, err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return Info{}, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".upload-*")
	if err != nil {
		return Info{}, err
	}
	defer os.Remove(tmp.Name())
	h := sha256.New()
	head := &headWriter{max: 512}
	n, err := io.Copy(io.MultiWriter(tmp, h, head), readerWithContext{ctx, r})
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Info{}, err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		return Info{}, err
	}
	st, err := os.Stat(name)
	if err != nil {
		return Info{}, err
	}
	sum := hex.EncodeToString(h.Sum(nil))
	return Info{Key: key, Size: n, SHA256: sum, ModTime: st.ModTime().UTC(), ContentType: contentType(key, head.b), ETag: sum}, nil
}

// headWriter keeps the first max bytes written to it.
type headWriter struct {
	b   []byte
	max int
}

func (w *headWriter) Write(p []byte) (int, error) {
	if room := w.max - len(w.b); room > 0 {
		w.b = append(w.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

type readerWithContext struct {
	ctx context.Context
	r   io.Reader
}

func (r readerWithContext) Read(p []byte) (int, error) {
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	return r.r.Read(p)
}

// Get opens the blob under key.
func (f *Folder) Get(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	name, err := f.file(key)
	if err != nil {
		return nil, Info{}, err
	}
	if err := ctx.Err(); err != nil {
		return nil, Info{}, err
	}
	file, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, err
	}
	st, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, Info{}, err
	}
	info := Info{Key: key, Size: st.Size(), ModTime: st.ModTime().UTC(), ContentType: typeByExtension(key)}
	if info.ContentType == "" {
		head := make([]byte, 512)
		n, err := io.ReadFull(file, head)
		if err == nil || err == io.EOF || err == io.ErrUnexpectedEOF {
			_, err = file.Seek(0, io.SeekStart)
		}
		if err != nil {
			file.Close()
			return nil, Info{}, err
		}
		info.ContentType = http.DetectContentType(head[:n])
	}
	return file, info, nil
}

// Stat describes the blob under key, with its SHA-256.
func (f *Folder) Stat(ctx context.Context, key string) (Info, error) {
	rc, info, err := f.Get(ctx, key)
	if err != nil {
		return Info{}, err
	}
	defer rc.Close()
	h := sha256.New()
	if _, err := io.Copy(h, readerWithContext{ctx, rc}); err != nil {
		return Info{}, err
	}
	info.SHA256 = hex.EncodeToString(h.Sum(nil))
	info.ETag = info.SHA256
	return info, nil
}

// Delete removes the blob under key; deleting nothing is not an error.
func (f *Folder) Delete(_ context.Context, key string) error {
	name, err := f.file(key)
	if err != nil {
		return err
	}
	if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// List walks the folder for keys under prefix.
func (f *Folder) List(ctx context.Context, prefix string) ([]Info, error) {
	var out []Info
	err := filepath.WalkDir(f.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || strings.HasPrefix(d.Name(), ".upload-") {
			return nil
		}
		rel, err := filepath.Rel(f.root, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !strings.HasPrefix(key, prefix) {
			return nil
		}
		st, err := d.Info()
		if err != nil {
			return err
		}
		out = append(out, Info{Key: key, Size: st.Size(), ModTime: st.ModTime().UTC(), ContentType: typeByExtension(key)})
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	// The walk's order is by name per folder, not by key ("a.b" < "a/c").
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, ctx.Err()
}

// ReadSmall reads a small blob whole (at most max bytes plus one, so that a
// caller can tell an oversized one) with the content type sniffed from its
// first bytes: for images and logos, which are bounded at upload.
func ReadSmall(ctx context.Context, s Store, key string, max int64) ([]byte, string, error) {
	rc, _, err := s.Get(ctx, key)
	if err != nil {
		return nil, "", err
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, max+1))
	if err != nil {
		return nil, "", err
	}
	return data, http.DetectContentType(data), nil
}
