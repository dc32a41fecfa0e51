//go:build embedui

// Package web holds the built single-page app (web/dist), embedded in the
// binary when built with -tags embedui (make build does).
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// SPA returns the built app, index.html at its root.
func SPA() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}
