package blob

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// PartSize is the size of one part of a multipart upload to S3, and so the
// memory one S3 Put holds at most: a body up to this size is buffered (its
// SHA-256 known before the upload), a larger one streams part by part
// through a single buffer of this size.
const PartSize = 16 << 20

// sha256Meta is the user metadata (X-Amz-Meta-Sha256) holding an object's
// SHA-256 in hex.
const sha256Meta = "Sha256"

// S3 stores blobs in an S3-compatible bucket, under an optional key prefix.
type S3 struct {
	client   *minio.Client
	core     minio.Core
	bucket   string
	prefix   string // "" or "a/b/"
	partSize int
}

// OpenS3 opens the bucket of an s3:// URL:
//
//	s3://bucket/prefix?endpoint=http://127.0.0.1:7070&region=us-east-1
//
// Without endpoint the bucket is on AWS (s3.<region>.amazonaws.com, TLS,
// virtual-host addressing); with one, its scheme says TLS (https) or not
// (http) and buckets are addressed by path, as most S3-compatible servers
// want. Credentials come from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
// AWS_SESSION_TOKEN, else from ~/.aws/credentials. The bucket must exist:
// a wrong name or refused credentials fail here, at start.
func OpenS3(ctx context.Context, rawURL string) (*S3, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "s3" {
		return nil, fmt.Errorf("adresse S3 %q invalide (attendu s3://compartiment/préfixe?endpoint=…&region=…)", rawURL)
	}
	bucket := u.Host
	if bucket == "" || u.User != nil {
		return nil, fmt.Errorf("adresse S3 %q : le nom du compartiment manque (s3://compartiment/préfixe)", rawURL)
	}
	prefix := strings.Trim(u.Path, "/")
	if prefix != "" {
		if _, err := cleanKey(prefix); err != nil {
			return nil, fmt.Errorf("adresse S3 %q : préfixe %q invalide", rawURL, prefix)
		}
		prefix += "/"
	}
	q := u.Query()
	for k := range q {
		if k != "endpoint" && k != "region" {
			return nil, fmt.Errorf("adresse S3 %q : paramètre inconnu %q (endpoint ou region)", rawURL, k)
		}
	}
	region := q.Get("region")
	if region == "" {
		region = "us-east-1"
	}
	host, secure, lookup := "s3."+region+".amazonaws.com", true, minio.BucketLookupAuto
	if ep := q.Get("endpoint"); ep != "" {
		e, err := url.Parse(ep)
		if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" || strings.Trim(e.Path, "/") != "" {
			return nil, fmt.Errorf("adresse S3 %q : endpoint %q invalide (attendu http://hôte:port ou https://hôte)", rawURL, ep)
		}
		host, secure, lookup = e.Host, e.Scheme == "https", minio.BucketLookupPath
	}
	client, err := minio.New(host, &minio.Options{
		Creds: credentials.NewChainCredentials([]credentials.Provider{
			&credentials.EnvAWS{},
			&credentials.FileAWSCredentials{},
		}),
		Secure:       secure,
		Region:       region,
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, fmt.Errorf("adresse S3 %q : %w", rawURL, err)
	}
	// The client retries a refused connection for a while; a wrong endpoint
	// must not hold the start for long.
	check, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	ok, err := client.BucketExists(check, bucket)
	if err != nil {
		return nil, fmt.Errorf("stockage S3 %s : %w", host, err)
	}
	if !ok {
		return nil, fmt.Errorf("stockage S3 %s : le compartiment %q n'existe pas", host, bucket)
	}
	return &S3{client: client, core: minio.Core{Client: client}, bucket: bucket, prefix: prefix, partSize: PartSize}, nil
}

func (s *S3) object(key string) (string, error) {
	k, err := cleanKey(key)
	if err != nil {
		return "", err
	}
	return s.prefix + k, nil
}

// mapErr turns S3's "no such key" into ErrNotFound.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	switch minio.ToErrorResponse(err).Code {
	case minio.NoSuchKey, "NotFound":
		return ErrNotFound
	case minio.NoSuchBucket:
		return fmt.Errorf("compartiment S3 introuvable : %w", err)
	}
	return err
}

// Put streams r to the bucket. Its SHA-256 goes in the object's metadata,
// which S3 wants before the body: a body that fits in one part is buffered
// and sent in one request with it; a larger one is sent as a multipart
// upload (one part in memory at a time) while hashing, then copied onto
// itself server-side with the SHA-256 added, on condition that it is still
// the object just uploaded (a concurrent Put of the same key wins
// otherwise, with its own SHA-256). Between the two, a reader sees the new
// content without the metadata, which Stat recomputes. The server-side copy
// is a single CopyObject, so that path is limited to S3's 5 GiB.
func (s *S3) Put(ctx context.Context, key string, r io.Reader) (Info, error) {
	name, err := s.object(key)
	if err != nil {
		return Info{}, err
	}
	r = readerWithContext{ctx, r}
	buf := make([]byte, s.partSize)
	n, err := io.ReadFull(r, buf)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return Info{}, err
	}
	ctype := contentType(key, buf[:min(n, 512)])
	if err != nil { // the whole body is in buf
		sum := sha256.Sum256(buf[:n])
		hexSum := hex.EncodeToString(sum[:])
		up, err := s.client.PutObject(ctx, s.bucket, name, bytes.NewReader(buf[:n]), int64(n), minio.PutObjectOptions{
			ContentType:  ctype,
			UserMetadata: map[string]string{sha256Meta: hexSum},
			PartSize:     uint64(s.partSize),
		})
		if err != nil {
			return Info{}, mapErr(err)
		}
		return s.uploaded(ctx, Info{Key: key, Size: int64(n), SHA256: hexSum, ContentType: ctype, ETag: up.ETag}, name), nil
	}
	return s.putMultipart(ctx, key, name, ctype, buf, r)
}

// uploaded completes info with the ModTime the server gave the upload,
// which a PUT does not return: one HEAD, believed only when it describes the
// same ETag (else a concurrent Put came in between and now is as good).
func (s *S3) uploaded(ctx context.Context, info Info, name string) Info {
	info.ModTime = time.Now().UTC()
	if oi, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{}); err == nil && oi.ETag == info.ETag {
		info.ModTime = oi.LastModified.UTC()
	}
	return info
}

func (s *S3) putMultipart(ctx context.Context, key, name, ctype string, buf []byte, r io.Reader) (_ Info, err error) {
	opts := minio.PutObjectOptions{ContentType: ctype}
	id, err := s.core.NewMultipartUpload(ctx, s.bucket, name, opts)
	if err != nil {
		return Info{}, mapErr(err)
	}
	defer func() {
		if err != nil {
			// Not ctx: a cancelled upload must still be aborted.
			_ = s.core.AbortMultipartUpload(context.WithoutCancel(ctx), s.bucket, name, id)
		}
	}()
	h := sha256.New()
	var parts []minio.CompletePart
	var size int64
	n := len(buf) // buf holds the first part, full
	for n > 0 {
		h.Write(buf[:n])
		size += int64(n)
		p, err := s.core.PutObjectPart(ctx, s.bucket, name, id, len(parts)+1, bytes.NewReader(buf[:n]), int64(n), minio.PutObjectPartOptions{})
		if err != nil {
			return Info{}, mapErr(err)
		}
		parts = append(parts, minio.CompletePart{PartNumber: p.PartNumber, ETag: p.ETag})
		var rerr error
		n, rerr = io.ReadFull(r, buf)
		if rerr != nil && rerr != io.EOF && rerr != io.ErrUnexpectedEOF {
			return Info{}, rerr
		}
	}
	up, err := s.core.CompleteMultipartUpload(ctx, s.bucket, name, id, parts, opts)
	if err != nil {
		return Info{}, mapErr(err)
	}
	hexSum := hex.EncodeToString(h.Sum(nil))
	info := Info{Key: key, Size: size, SHA256: hexSum, ContentType: ctype, ETag: up.ETag}
	cp, cerr := s.client.CopyObject(ctx, minio.CopyDestOptions{
		Bucket: s.bucket, Object: name,
		UserMetadata: map[string]string{sha256Meta: hexSum}, ReplaceMetadata: true, ContentType: ctype,
	}, minio.CopySrcOptions{Bucket: s.bucket, Object: name, MatchETag: up.ETag})
	switch {
	case cerr == nil:
		info.ETag = cp.ETag
	case minio.ToErrorResponse(cerr).Code == "PreconditionFailed":
		// Overwritten meanwhile: the other Put sets its own SHA-256.
	default:
		// The content is stored; without the metadata, Stat computes it.
		return info, fmt.Errorf("empreinte SHA-256 de %s : %w", key, cerr)
	}
	return s.uploaded(ctx, info, name), nil
}

func (s *S3) info(key string, oi minio.ObjectInfo) Info {
	info := Info{Key: key, Size: oi.Size, ModTime: oi.LastModified.UTC(), ContentType: oi.ContentType, ETag: oi.ETag}
	for k, v := range oi.UserMetadata {
		if strings.EqualFold(k, sha256Meta) {
			info.SHA256 = v
		}
	}
	return info
}

// Get returns the object's body as it streams from the bucket.
func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	name, err := s.object(key)
	if err != nil {
		return nil, Info{}, err
	}
	// One GET whose headers describe the very body that follows (the
	// client's lazy Object would HEAD first and fail a read racing an
	// overwrite).
	body, oi, _, err := s.core.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, Info{}, mapErr(err)
	}
	return body, s.info(key, oi), nil
}

// Stat describes the object; for one written without the SHA-256 metadata
// (by another tool) it streams the object to compute it.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	name, err := s.object(key)
	if err != nil {
		return Info{}, err
	}
	oi, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, mapErr(err)
	}
	info := s.info(key, oi)
	if info.SHA256 != "" {
		return info, nil
	}
	rc, got, err := s.Get(ctx, key)
	if err != nil {
		return Info{}, err
	}
	defer rc.Close()
	h := sha256.New()
	if _, err := io.Copy(h, readerWithContext{ctx, rc}); err != nil {
		return Info{}, mapErr(err)
	}
	got.SHA256 = hex.EncodeToString(h.Sum(nil))
	return got, nil
}

// Delete removes the object; deleting nothing is not an error.
func (s *S3) Delete(ctx context.Context, key string) error {
	name, err := s.object(key)
	if err != nil {
		return err
	}
	if err := mapErr(s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{})); err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	return nil
}

// List returns the objects under prefix, sorted by key. It gives no SHA-256
// nor content type (S3 lists neither): Stat a key for them.
func (s *S3) List(ctx context.Context, prefix string) ([]Info, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing goroutine on an early return
	var out []Info
	for oi := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + prefix, Recursive: true}) {
		if oi.Err != nil {
			return nil, mapErr(oi.Err)
		}
		key := strings.TrimPrefix(oi.Key, s.prefix)
		out = append(out, Info{Key: key, Size: oi.Size, ModTime: oi.LastModified.UTC(), ETag: oi.ETag})
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// contentType is the type of a blob from its key's extension, else from a
// sniff of its first bytes (head, up to 512).
func contentType(key string, head []byte) string {
	if t := typeByExtension(key); t != "" {
		return t
	}
	return http.DetectContentType(head)
}

// The types of the files Brigade writes, the same on every system (the
// mime package's table depends on /etc/mime.types for some of them).
var knownTypes = map[string]string{
	".json": "application/json",
	".zip":  "application/zip",
	".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".csv":  "text/csv; charset=utf-8",
}

func typeByExtension(key string) string {
	ext := strings.ToLower(path.Ext(key))
	if t, ok := knownTypes[ext]; ok {
		return t
	}
	if ext == "" {
		return ""
	}
	return mime.TypeByExtension(ext)
}
