package menu

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"brigade/internal/history"
)

// ElementChange is what a save did to one element of the carte.
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

func elements[T any](list []T, kind int, raw func(kind, i int) []byte, id func(T) string, name func(T) string, removed func(T) bool) []element {
	out := make([]element, 0, len(list))
	for i, x := range list {
		out = append(out, element{id: id(x), name: name(x), removed: removed(x), raw: raw(kind, i)})
	}
	return out
}

// DiffDocuments compares two versions element by element (by idGlobal) and
// returns what changed: Ajout for a new named element, Suppression for a
// removal, Modification with the changed fields otherwise. Blank unnamed
// elements are unfilled forms and produce nothing.
func DiffDocuments(before, after *Document) []ElementChange {
	_, b, _ := encodeDocument(before)
	_, a, _ := encodeDocument(after)
	return diffSnapshots(b, a)
}

var kindLabels = [...]string{"catégorie", "produit", "catégorie d'options", "promotion", "famille d'options", "famille"}

// kindFields are the document's lists whose elements the diff compares, in
// snapshot order, and nameFields the key of each kind's name.
var (
	kindFields = map[string]int{"categories": 0, "items": 1, "options": 2, "promotions": 3, "groups_sub_options": 4, "cartes": 5}
	nameFields = [len(kindLabels)]string{"name", "name", "name", "name", "name_group", "name"}
)

// snapshot is a document reduced to what the diff compares, per kind.
type snapshot [len(kindLabels)][]element

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

// snapshotOfStored reads the snapshot of a stored version straight from its
// bytes, without decoding the document into the model: the diff needs only
// each element's id, name, removed flag and bytes. Stored documents were
// validated when saved, so their elements are JSON objects.
func snapshotOfStored(doc []byte) (snapshot, error) {
	var snap snapshot
	top, err := objectFields(doc)
	if err != nil {
		return snap, err
	}
	for _, f := range top {
		k, ok := kindFields[f.key]
		if !ok {
			continue
		}
		items, err := arrayItems(f.val)
		if err != nil {
			return snap, err
		}
		snap[k] = make([]element, 0, len(items))
		for _, raw := range items {
			fields, err := objectFields(raw)
			if err != nil {
				return snap, err
			}
			e := element{raw: raw}
			for _, ef := range fields {
				switch ef.key {
				case "idGlobal":
					_ = json.Unmarshal(ef.val, &e.id)
				case nameFields[k]:
					_ = json.Unmarshal(ef.val, &e.name)
				case "removed":
					e.removed = string(ef.val) == "true"
				}
			}
			snap[k] = append(snap[k], e)
		}
	}
	return snap, nil
}

// diffSnapshots lists what changed, kind by kind, elements matched by
// idGlobal through a map: linear in the size of the carte.
func diffSnapshots(before, after snapshot) []ElementChange {
	var out []ElementChange
	for k, label := range kindLabels {
		prev := make(map[string]*element, len(before[k]))
		for i := range before[k] {
			prev[before[k][i].id] = &before[k][i]
		}
		seen := make(map[string]bool, len(after[k]))
		for _, e := range after[k] {
			seen[e.id] = true
			old := prev[e.id]
			blank := strings.TrimSpace(e.name) == ""
			target := label + " " + e.name
			switch {
			case old == nil || strings.TrimSpace(old.name) == "":
				// A blank element was an unfilled form: it is added when named.
				if !blank {
					out = append(out, ElementChange{Action: history.Ajout, Target: target})
				}
			case e.removed && !old.removed:
				out = append(out, ElementChange{Action: history.Suppression, Target: target})
			case bytes.Equal(old.raw, e.raw):
				// The encoding is canonical: equal bytes, equal elements.
			default:
				if changes := diffObjects(old.raw, e.raw); len(changes) > 0 {
					out = append(out, ElementChange{Action: history.Modification, Target: target, Changes: changes})
				}
			}
		}
		for _, e := range before[k] {
			if !seen[e.id] && strings.TrimSpace(e.name) != "" {
				out = append(out, ElementChange{Action: history.Suppression, Target: label + " " + e.name})
			}
		}
	}
	return out
}

// diffObjects lists the top-level fields whose values differ between two
// elements, in key order; change comparison ignores position. Values are
// compared by their bytes first and, only when these differ, by their
// meaning (9.9 and 9.90 are one price), and are kept as JSON, never
// decoded for the log.
func diffObjects(before, after []byte) []history.Change {
	if out, ok := diffSortedObjects(before, after); ok {
		return out
	}
	bf, errB := objectFields(before)
	af, errA := objectFields(after)
	if errB != nil || errA != nil {
		return nil
	}
	bm := make(map[string][]byte, len(bf))
	for _, f := range bf {
		bm[f.key] = f.val
	}
	var out []history.Change
	seen := make(map[string]bool, len(af))
	add := func(key string, b, a []byte) {
		if key == "position" || sameJSON(b, a) {
			return
		}
		out = append(out, history.Change{Field: key, Before: rawOrNull(b), After: rawOrNull(a)})
	}
	for _, f := range af {
		seen[f.key] = true
		add(f.key, bm[f.key], f.val)
	}
	for _, f := range bf {
		if !seen[f.key] {
			add(f.key, f.val, nil)
		}
	}
	sortChanges(out)
	return out
}

// diffSortedObjects is diffObjects for two objects whose keys are written
// in order without escapes, as the canonical encoding writes every element:
// one walk over both, allocating only for the fields that changed. ok is
// false for any other input, left to diffObjects.
func diffSortedObjects(before, after []byte) (out []history.Change, ok bool) {
	b, a := fieldIter{raw: before}, fieldIter{raw: after}
	if !b.start() || !a.start() {
		return nil, false
	}
	add := func(key, bv, av []byte) {
		if string(key) == "position" || sameJSON(bv, av) {
			return
		}
		out = append(out, history.Change{Field: string(key), Before: rawOrNull(bv), After: rawOrNull(av)})
	}
	bk, bv, bok := b.next()
	ak, av, aok := a.next()
	for bok || aok {
		switch c := bytes.Compare(bk, ak); {
		case !aok || bok && c < 0:
			add(bk, bv, nil)
			bk, bv, bok = b.next()
		case !bok || c > 0:
			add(ak, nil, av)
			ak, av, aok = a.next()
		default:
			add(ak, bv, av)
			bk, bv, bok = b.next()
			ak, av, aok = a.next()
		}
	}
	if b.bad || a.bad {
		return nil, false
	}
	return out, true
}

// fieldIter walks the members of an object whose keys are in increasing
// order and unescaped (bad otherwise).
type fieldIter struct {
	raw       []byte
	i         int
	last      []byte
	done, bad bool
}

func (it *fieldIter) start() bool {
	i := skipSpace(it.raw, 0)
	if i >= len(it.raw) || it.raw[i] != '{' {
		return false
	}
	it.i = skipSpace(it.raw, i+1)
	it.done = it.i < len(it.raw) && it.raw[it.i] == '}'
	return true
}

func (it *fieldIter) next() (key, val []byte, ok bool) {
	if it.done || it.bad {
		return nil, nil, false
	}
	raw, i := it.raw, it.i
	it.bad = true
	if i >= len(raw) || raw[i] != '"' {
		return nil, nil, false
	}
	end, err := skipValue(raw, i)
	if err != nil {
		return nil, nil, false
	}
	key = raw[i+1 : end-1]
	if bytes.IndexByte(key, '\\') >= 0 || (it.last != nil && bytes.Compare(it.last, key) >= 0) {
		return nil, nil, false
	}
	i = skipSpace(raw, end)
	if i >= len(raw) || raw[i] != ':' {
		return nil, nil, false
	}
	i = skipSpace(raw, i+1)
	vend, err := skipValue(raw, i)
	if err != nil {
		return nil, nil, false
	}
	val = raw[i:vend:vend]
	i = skipSpace(raw, vend)
	switch {
	case i >= len(raw):
		return nil, nil, false
	case raw[i] == '}':
		it.done = true
	case raw[i] == ',':
		i = skipSpace(raw, i+1)
	default:
		return nil, nil, false
	}
	it.i, it.last, it.bad = i, key, false
	return key, val, true
}

func rawOrNull(v []byte) json.RawMessage {
	if v == nil {
		return json.RawMessage("null")
	}
	return json.RawMessage(v)
}

func sameJSON(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	if a == nil {
		a = []byte("null")
	}
	if b == nil {
		b = []byte("null")
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

func sortChanges(cs []history.Change) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Field < cs[j-1].Field; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// ---- a minimal scanner over well-formed JSON ----

type rawField struct {
	key string
	val []byte
}

var errNotJSON = errors.New("menu: malformed stored JSON")

// objectFields splits a JSON object into its top-level keys and the bytes
// of their values, in the order written.
func objectFields(raw []byte) ([]rawField, error) {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return nil, errNotJSON
	}
	var out []rawField
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == '}' {
		return out, nil
	}
	for i < len(raw) {
		if raw[i] != '"' {
			return nil, errNotJSON
		}
		end, err := skipValue(raw, i)
		if err != nil {
			return nil, err
		}
		key := string(raw[i+1 : end-1])
		if bytes.IndexByte(raw[i:end], '\\') >= 0 {
			if json.Unmarshal(raw[i:end], &key) != nil {
				return nil, errNotJSON
			}
		}
		i = skipSpace(raw, end)
		if i >= len(raw) || raw[i] != ':' {
			return nil, errNotJSON
		}
		i = skipSpace(raw, i+1)
		vend, err := skipValue(raw, i)
		if err != nil {
			return nil, err
		}
		out = append(out, rawField{key, raw[i:vend:vend]})
		i = skipSpace(raw, vend)
		if i >= len(raw) {
			return nil, errNotJSON
		}
		if raw[i] == '}' {
			return out, nil
		}
		if raw[i] != ',' {
			return nil, errNotJSON
		}
		i = skipSpace(raw, i+1)
	}
	return nil, errNotJSON
}

// arrayItems splits a JSON array into the bytes of its items.
func arrayItems(raw []byte) ([][]byte, error) {
	i := skipSpace(raw, 0)
	if i < len(raw) && raw[i] == 'n' {
		return nil, nil // null: no elements
	}
	if i >= len(raw) || raw[i] != '[' {
		return nil, errNotJSON
	}
	var out [][]byte
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == ']' {
		return out, nil
	}
	for i < len(raw) {
		end, err := skipValue(raw, i)
		if err != nil {
			return nil, err
		}
		out = append(out, raw[i:end:end])
		i = skipSpace(raw, end)
		if i >= len(raw) {
			return nil, errNotJSON
		}
		if raw[i] == ']' {
			return out, nil
		}
		if raw[i] != ',' {
			return nil, errNotJSON
		}
		i = skipSpace(raw, i+1)
	}
	return nil, errNotJSON
}

// skipValue returns the end of the value starting at i.
func skipValue(raw []byte, i int) (int, error) {
	if i >= len(raw) {
		return 0, errNotJSON
	}
	switch raw[i] {
	case '"':
		for j := i + 1; j < len(raw); j++ {
			switch raw[j] {
			case '\\':
				j++
			case '"':
				return j + 1, nil
			}
		}
		return 0, errNotJSON
	case '{', '[':
		depth := 0
		for j := i; j < len(raw); j++ {
			switch raw[j] {
			case '"':
				end, err := skipValue(raw, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, errNotJSON
	default:
		j := i
		for j < len(raw) && raw[j] != ',' && raw[j] != '}' && raw[j] != ']' && raw[j] != ' ' && raw[j] != '\n' && raw[j] != '\t' && raw[j] != '\r' {
			j++
		}
		if j == i {
			return 0, errNotJSON
		}
		return j, nil
	}
}

// saveEntry folds what one save changed into the one log entry of the save
// (nil when nothing changed). A save touching one element names it in the
// entry's target, as "Carte › produit Burger", with that element's action;
// a save touching several names the carte, with the action they share
// (Modification when they differ, or headline when the caller knows what
// the save was, such as a permanent delete from the trash), and lists every
// change with the element it touched.
func saveEntry(carte string, changes []ElementChange, headline history.Action) *history.Entry {
	switch len(changes) {
	case 0:
		return nil
	case 1:
		ec := changes[0]
		e := &history.Entry{Action: ec.Action, Target: carte + " › " + ec.Target, Changes: make([]history.Change, len(ec.Changes))}
		for i, c := range ec.Changes {
			c.Element = ec.Target
			e.Changes[i] = c
		}
		if headline != "" {
			e.Action = headline
		}
		return e
	}
	e := &history.Entry{Action: changes[0].Action, Target: carte}
	n := 0
	for _, ec := range changes {
		if ec.Action != e.Action {
			e.Action = history.Modification
		}
		n += max(len(ec.Changes), 1)
	}
	if headline != "" {
		e.Action = headline
	}
	e.Changes = make([]history.Change, 0, n)
	for _, ec := range changes {
		if ec.Action != history.Modification {
			e.Changes = append(e.Changes, history.Change{Element: ec.Target, Action: ec.Action})
			continue
		}
		for _, c := range ec.Changes {
			c.Element = ec.Target
			e.Changes = append(e.Changes, c)
		}
	}
	return e
}
