//go:build !embedui

// Package web holds the built single-page app. Without the embedui tag (go
// test, go vet) nothing is embedded and the server shows a notice instead,
// so Go tests never need Node.
package web

import "io/fs"

// SPA returns nil: this binary was built without the web app.
func SPA() fs.FS { return nil }
