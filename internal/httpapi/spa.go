package httpapi

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

const noSPAPage = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Brigade</title></head>
<body style="font-family:system-ui;margin:4rem auto;max-width:40rem;color:#1f2937">
<h1>Brigade</h1>
<p>L'interface web n'est pas incluse dans ce binaire (compilé sans le tag <code>embedui</code>).
Lancez <code>make run</code> pour la construire.</p>
<p>L'API est disponible sous <code>/api/v1</code> ; documentation : <a href="/api/docs">/api/docs</a>.</p>
</body></html>`

// serveSPA serves the built web app: files as they are (hashed assets
// cached for a year), and index.html for every other path so that the
// browser's router handles client-side routes.
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
	if name != "" && name != "index.html" {
		if st, err := fs.Stat(s.SPA, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			http.ServeFileFS(w, r, s.SPA, name)
			return
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			http.Error(w, "erreur de lecture", http.StatusInternalServerError)
			return
		}
		if path.Ext(name) != "" && strings.HasPrefix(name, "assets/") {
			http.NotFound(w, r)
			return
		}
	}
	index, err := fs.ReadFile(s.SPA, "index.html")
	if err != nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(noSPAPage))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(index)
}
