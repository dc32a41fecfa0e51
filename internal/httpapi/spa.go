package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

const noSPAPage = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Brigade</title></head>
<body style="font-family:system-ui;margin:4rem auto;max-width:40rem;color:#1f2937">
<h1>Brigade</h1>
<p>L'interface web n'est pas incluse dans ce binaire (compilé sans le tag <code>embedui</code>).
Lancez <code>make run</code> pour la construire.</p>
<p>L'API est disponible sous <code>/api/v1</code> ; documentation : <a href="/api/docs">/api/docs</a>.</p>
</body></html>`

// Files under assets/ carry a hash of their content in their name (Vite), so
// a browser may keep them for a year without asking again; everything else
// (index.html, the client routes' fallback, favicon) is revalidated with its
// ETag on every use, so a new release reaches the browser at once.
const (
	cacheImmutable  = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
)

// precompressed lists the siblings web/scripts/precompress.mjs writes beside
// each asset at build time, in the server's order of preference.
var precompressed = []struct{ encoding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// serveSPA serves the built web app: hashed assets precompressed (brotli or
// gzip, as the browser accepts) and cached for a year, and index.html for
// every other path so that the browser's router handles client-side routes.
func (s *Server) serveSPA(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeProblem(w, newProblem(http.StatusMethodNotAllowed, statusDetails[http.StatusMethodNotAllowed]))
		return
	}
	if s.SPA == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(noSPAPage))
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if strings.HasPrefix(name, ".") || strings.Contains(name, "/.") {
		// Build files such as .vite/manifest.json are embedded with dist but not published.
		http.NotFound(w, r)
		return
	}
	if name != "" && name != "index.html" {
		st, err := fs.Stat(s.SPA, name)
		switch {
		case err == nil && !st.IsDir():
			cache := cacheRevalidate
			if strings.HasPrefix(name, "assets/") {
				cache = cacheImmutable
			}
			serveStatic(w, r, s.SPA, name, cache)
			return
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			http.Error(w, "erreur de lecture", http.StatusInternalServerError)
			return
		case strings.HasPrefix(name, "assets/"):
			// A chunk of an older release (or a typo): index.html in its place
			// would be run as JavaScript and fail obscurely.
			http.NotFound(w, r)
			return
		}
	}
	if _, err := fs.Stat(s.SPA, "index.html"); err != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(noSPAPage))
		return
	}
	serveStatic(w, r, s.SPA, "index.html", cacheRevalidate)
}

// serveStatic answers with name, or with its precompressed sibling when the
// client accepts that encoding: Content-Type of the original file, a strong
// ETag per representation (so If-None-Match gives 304), HEAD and ranges by
// http.ServeContent.
func serveStatic(w http.ResponseWriter, r *http.Request, fsys fs.FS, name, cacheControl string) {
	h := w.Header()
	file, encoding := name, ""
	variants := false
	for _, p := range precompressed {
		if st, err := fs.Stat(fsys, name+p.suffix); err != nil || st.IsDir() {
			continue
		}
		variants = true
		if encoding == "" && acceptsEncoding(r.Header.Get("Accept-Encoding"), p.encoding) {
			file, encoding = name+p.suffix, p.encoding
		}
	}
	f, err := fsys.Open(file)
	if err != nil {
		http.Error(w, "erreur de lecture", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	content, err := seekable(f)
	if err != nil {
		http.Error(w, "erreur de lecture", http.StatusInternalServerError)
		return
	}
	etag, size, err := contentETag(content)
	if err != nil {
		http.Error(w, "erreur de lecture", http.StatusInternalServerError)
		return
	}
	if variants {
		h.Add("Vary", "Accept-Encoding")
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
		// ServeContent leaves the length out when an encoding is set (it
		// expects the handler to compress on the fly); this one is known.
		if r.Header.Get("Range") == "" {
			h.Set("Content-Length", strconv.FormatInt(size, 10))
		}
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", cacheControl)
	h.Set("ETag", etag)
	// Embedded files carry no modification time: the ETag is the validator.
	http.ServeContent(w, r, name, time.Time{}, content)
}

// seekable returns f itself when it can seek (embed.FS and fstest.MapFS
// files do), else its content in memory.
func seekable(f fs.File) (io.ReadSeeker, error) {
	if rs, ok := f.(io.ReadSeeker); ok {
		return rs, nil
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(b), nil
}

// contentETag hashes what will be sent, so that each encoding of a file has
// its own strong validator, then rewinds; it also gives the length.
func contentETag(content io.ReadSeeker) (etag string, size int64, err error) {
	sum := sha256.New()
	if size, err = io.Copy(sum, content); err != nil {
		return "", 0, err
	}
	if _, err = content.Seek(0, io.SeekStart); err != nil {
		return "", 0, err
	}
	return `"` + base64.RawURLEncoding.EncodeToString(sum.Sum(nil)[:18]) + `"`, size, nil
}

// acceptsEncoding reports whether an Accept-Encoding header admits coding:
// named with a non-zero q, or covered by "*" when not named.
func acceptsEncoding(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		token, params, _ := strings.Cut(part, ";")
		token = strings.TrimSpace(token)
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch {
		case strings.EqualFold(token, coding):
			return q > 0
		case token == "*":
			star = q > 0
		}
	}
	return star
}
