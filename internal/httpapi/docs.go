package httpapi

import (
	"html/template"
	"net/http"
	"sort"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// docs renders the API reference from the generated OpenAPI document, with
// no external script (these machines and many kiosks have no Internet).
func (s *Server) docs(w http.ResponseWriter, _ *http.Request) {
	type param struct{ Name, In, Type, Doc string }
	type field struct{ Name, Type, Doc string }
	type operation struct {
		Method, Path, ID, Summary, Access string
		Lockable                          bool
		Original                          []string
		Params                            []param
		Body                              []field
		BodyName                          string
	}
	type group struct {
		Tag string
		Ops []operation
	}
	doc := s.api.OpenAPI()
	schemaOf := func(sc *huma.Schema) *huma.Schema {
		if sc != nil && sc.Ref != "" {
			name := strings.TrimPrefix(sc.Ref, "#/components/schemas/")
			return doc.Components.Schemas.Map()[name]
		}
		return sc
	}
	groups := map[string]*group{}
	var order []string
	var originals [][2]string
	for i := range s.routes {
		r := &s.routes[i]
		op := operation{Method: r.method, Path: r.path, ID: r.id, Summary: r.summary, Lockable: r.lockable, Original: r.original}
		switch {
		case r.access == public:
			op.Access = "public"
		case r.roles == nil:
			op.Access = "connecté"
		default:
			names := []string{}
			for _, role := range r.roles {
				names = append(names, string(role))
			}
			op.Access = strings.Join(names, ", ")
		}
		if pi := doc.Paths[r.path]; pi != nil {
			var o *huma.Operation
			switch r.method {
			case http.MethodGet:
				o = pi.Get
			case http.MethodPost:
				o = pi.Post
			case http.MethodPut:
				o = pi.Put
			case http.MethodPatch:
				o = pi.Patch
			case http.MethodDelete:
				o = pi.Delete
			}
			if o != nil {
				for _, p := range o.Parameters {
					t := ""
					if p.Schema != nil {
						t = p.Schema.Type
					}
					op.Params = append(op.Params, param{p.Name, p.In, t, p.Description})
				}
				if o.RequestBody != nil {
					if mt := o.RequestBody.Content["application/json"]; mt != nil {
						if sc := schemaOf(mt.Schema); sc != nil {
							op.BodyName = strings.TrimPrefix(mt.Schema.Ref, "#/components/schemas/")
							names := make([]string, 0, len(sc.Properties))
							for n := range sc.Properties {
								names = append(names, n)
							}
							sort.Strings(names)
							for _, n := range names {
								p := sc.Properties[n]
								op.Body = append(op.Body, field{n, p.Type, p.Description})
							}
						}
					}
				}
			}
		}
		if groups[r.tag] == nil {
			groups[r.tag] = &group{Tag: r.tag}
			order = append(order, r.tag)
		}
		groups[r.tag].Ops = append(groups[r.tag].Ops, op)
		for _, o := range r.original {
			originals = append(originals, [2]string{o, r.method + " " + r.path})
		}
	}
	data := struct {
		Version   string
		Groups    []*group
		Originals [][2]string
	}{Version: s.Version}
	for _, t := range order {
		data.Groups = append(data.Groups, groups[t])
	}
	data.Originals = originals
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := docsTemplate.Execute(w, data); err != nil {
		http.Error(w, "erreur de rendu", http.StatusInternalServerError)
	}
}

var docsTemplate = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API Brigade</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2937;background:#f8fafc}
header{background:#1e3a8a;color:#fff;padding:24px 40px}
header h1{margin:0;font-size:24px} header p{margin:6px 0 0;opacity:.85}
main{max-width:1100px;margin:0 auto;padding:24px 40px}
h2{margin-top:36px;border-bottom:1px solid #e2e8f0;padding-bottom:6px}
.op{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:14px 18px;margin:12px 0}
.m{display:inline-block;min-width:58px;text-align:center;font-weight:700;font-size:12px;border-radius:6px;padding:3px 6px;color:#fff;margin-right:10px}
.GET{background:#2563eb}.POST{background:#16a34a}.PUT{background:#d97706}.PATCH{background:#9333ea}.DELETE{background:#dc2626}
code{font-family:ui-monospace,Menlo,monospace;font-size:13px} .path{font-weight:600}
.meta{color:#64748b;font-size:13px;margin-top:6px} table{border-collapse:collapse;width:100%;margin-top:8px;font-size:13px}
td,th{border-bottom:1px solid #eef2f7;text-align:left;padding:5px 8px;vertical-align:top} th{color:#475569;font-weight:600}
.lock{color:#b45309}
</style></head><body>
<header><h1>API Brigade <small>{{.Version}}</small></h1>
<p>REST + JSON sous <code>/api/v1</code>. Document OpenAPI 3.1 : <a style="color:#bfdbfe" href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
Erreurs au format <code>application/problem+json</code> avec un <code>detail</code> en français.</p></header>
<main>
<p>Authentification : <code>POST /api/v1/auth/signin</code> (ou <code>signinResto</code>, <code>signinGuest</code>) renvoie un
<code>accessToken</code> à envoyer dans <code>Authorization: Bearer …</code>, jamais dans une adresse. Le flux
<code>GET /api/v1/events</code>, qu'un navigateur ouvre avec <code>EventSource</code> (qui ne peut pas envoyer d'en-tête), s'ouvre avec
<code>?ticket=</code> : un ticket à usage unique, valable 30 secondes, demandé juste avant chaque (re)connexion à
<code>POST /api/v1/events/ticket</code> avec l'en-tête. Chaque lecture est limitée à la franchise et aux
restaurants de l'utilisateur connecté : la ressource d'une autre franchise répond <b>404</b>, exactement comme une ressource absente.</p>
{{range .Groups}}<h2>{{.Tag}}</h2>{{range .Ops}}
<div class="op" id="{{.ID}}"><span class="m {{.Method}}">{{.Method}}</span><code class="path">{{.Path}}</code> — {{.Summary}}
<div class="meta">Accès : {{.Access}}{{if .Lockable}} · <span class="lock">refusé (403) pour une franchise bloquée</span>{{end}} · opération <code>{{.ID}}</code></div>
{{if .Params}}<table><tr><th>Paramètre</th><th>Où</th><th>Type</th><th>Description</th></tr>{{range .Params}}<tr><td><code>{{.Name}}</code></td><td>{{.In}}</td><td>{{.Type}}</td><td>{{.Doc}}</td></tr>{{end}}</table>{{end}}
{{if .Body}}<table><tr><th>Corps {{.BodyName}}</th><th>Type</th><th>Description</th></tr>{{range .Body}}<tr><td><code>{{.Name}}</code></td><td>{{.Type}}</td><td>{{.Doc}}</td></tr>{{end}}</table>{{end}}
</div>{{end}}{{end}}
<h2>Appels d'origine et leurs équivalents</h2>
<table><tr><th>Appel du client d'origine</th><th>Équivalent Brigade</th></tr>
{{range .Originals}}<tr><td><code>{{index . 0}}</code></td><td><code>{{index . 1}}</code></td></tr>{{end}}</table>
</main></body></html>`))
