package menu

import (
	"bytes"
	"encoding/json"
	"strings"

	"brigade/internal/history"
)

// ElementChange is one log entry a save produces.
type ElementChange struct {
	Action  history.Action
	Target  string // kind and name, e.g. "produit Burger"
	Changes []history.Change
}

type element struct {
	id, name string
	removed  bool
	raw      []byte // canonical JSON, a slice of the encoded document
}

// fields are the element's fields as the history shows them; change
// comparison ignores position.
func (e element) fields() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(e.raw, &m)
	delete(m, "position")
	return m
}

func elements[T any](list []T, kind int, raw func(kind, i int) []byte, id func(T) string, name func(T) string, removed func(T) bool) []element {
	out := make([]element, 0, len(list))
	for i, x := range list {
		out = append(out, element{id: id(x), name: name(x), removed: removed(x), raw: raw(kind, i)})
	}
	return out
}

// DiffDocuments compares two versions element by element (by idGlobal) and
// returns the log entries: Ajout for a new named element, Suppression for a
// removal, Modification with the changed fields otherwise. Blank unnamed
// elements are unfilled forms and produce nothing.
func DiffDocuments(before, after *Document) []ElementChange {
	return diffSnapshots(snapshotOf(before), snapshotOf(after))
}

var kindLabels = [...]string{"catégorie", "produit", "catégorie d'options", "promotion", "famille d'options", "famille"}

// snapshot is a document reduced to what the diff compares, per kind.
type snapshot [len(kindLabels)][]element

func snapshotOf(d *Document) snapshot {
	_, snap, _ := encodeDocument(d)
	return snap
}

func snapshotFrom(d *Document, raw func(kind, i int) []byte) snapshot {
	return snapshot{
		elements(d.Categories, 0, raw, func(x Category) string { return x.IDGlobal }, func(x Category) string { return x.Name }, func(x Category) bool { return x.Removed }),
		elements(d.Items, 1, raw, func(x Product) string { return x.IDGlobal }, func(x Product) string { return x.Name }, func(x Product) bool { return x.Removed }),
		elements(d.Options, 2, raw, func(x OptionGroup) string { return x.IDGlobal }, func(x OptionGroup) string { return x.Name }, func(x OptionGroup) bool { return x.Removed }),
		elements(d.Promotions, 3, raw, func(x Promotion) string { return x.IDGlobal }, func(x Promotion) string { return x.Name }, func(x Promotion) bool { return x.Removed }),
		elements(d.GroupsSubOptions, 4, raw, func(x OptionFamily) string { return x.IDGlobal }, func(x OptionFamily) string { return x.NameGroup }, func(x OptionFamily) bool { return x.Removed }),
		elements(d.Cartes, 5, raw, func(x MenuFamily) string { return x.IDGlobal }, func(x MenuFamily) string { return x.Name }, func(x MenuFamily) bool { return x.Removed }),
	}
}

func diffSnapshots(before, after snapshot) []ElementChange {
	var out []ElementChange
	type kindPair struct {
		label string
		b, a  []element
	}
	kinds := make([]kindPair, len(kindLabels))
	for i, l := range kindLabels {
		kinds[i] = kindPair{l, before[i], after[i]}
	}
	for _, k := range kinds {
		prev := map[string]element{}
		for _, e := range k.b {
			prev[e.id] = e
		}
		seen := map[string]bool{}
		for _, e := range k.a {
			seen[e.id] = true
			old, existed := prev[e.id]
			blank := strings.TrimSpace(e.name) == ""
			switch {
			case !existed || strings.TrimSpace(old.name) == "":
				// A blank element was an unfilled form: it is added when named.
				if !blank {
					out = append(out, ElementChange{Action: history.Ajout, Target: k.label + " " + e.name})
				}
			case e.removed && !old.removed:
				out = append(out, ElementChange{Action: history.Suppression, Target: k.label + " " + e.name})
			default:
				// The encoding is canonical: equal bytes, equal elements.
				if bytes.Equal(old.raw, e.raw) {
					continue
				}
				if changes := history.Diff(old.fields(), e.fields()); len(changes) > 0 {
					out = append(out, ElementChange{Action: history.Modification, Target: k.label + " " + e.name, Changes: changes})
				}
			}
		}
		for _, e := range k.b {
			if !seen[e.id] && strings.TrimSpace(e.name) != "" {
				out = append(out, ElementChange{Action: history.Suppression, Target: k.label + " " + e.name})
			}
		}
	}
	return out
}
