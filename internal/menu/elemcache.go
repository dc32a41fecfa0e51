package menu

import (
	"reflect"
	"sync"
)

// The element cache of carte saves. An editor saves the whole carte each
// time, but most of its elements come back byte for byte as they were sent
// (or as they were stored) the save before: their decoding, a pure function
// of their bytes, and their canonical encoding, a pure function of the
// decoded element, are then known already. The cache keeps, per carte, the
// elements of the last document it saved, keyed by their exact bytes (the
// incoming ones and the canonical ones): an element whose bytes equal a
// key is taken decoded and encoded from the cache, every other one is
// decoded and encoded as usual.
//
// A stale cache cannot produce a wrong document: an entry maps bytes to
// what those bytes decode and encode to, whatever the carte's version, and
// nothing else is taken from it. The version check (optimistic
// concurrency) and the diff against the stored previous version are done
// as without the cache. Only documents that passed validation fill it, so
// a cached element never hides a refused value; the whole document is
// still validated on every save (names unique across elements…).

// elemEntry is an element of a saved document: its decoded, validated value
// (never modified afterwards) and its canonical bytes.
type elemEntry struct {
	val   reflect.Value
	canon []byte
}

// elemCache holds the elements of one saved document, per kind; it is
// built once and only read afterwards.
type elemCache [len(kindLabels)]map[string]elemEntry

// elemCaches keeps the element caches of the last cartes saved.
type elemCaches struct {
	mu sync.Mutex
	m  map[int64]*elemCache
}

const maxElemCaches = 16

func (c *elemCaches) get(id int64) *elemCache {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[id]
}

func (c *elemCaches) put(id int64, e *elemCache) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxElemCaches {
		c.m = map[int64]*elemCache{}
	}
	c.m[id] = e
}

// elemHints are what a decoding with the cache learnt of each element of
// the document's compared lists (kindFields), by index: the incoming bytes,
// and the canonical bytes when the element came from the cache.
type elemHints struct {
	raw   [len(kindLabels)][][]byte
	canon [len(kindLabels)][][]byte
}

// parseCached is Parse, taking the elements whose bytes the cache knows
// from it. The result is the same document Parse gives.
func parseCached(raw []byte, file string, cache *elemCache) (*Document, error) {
	if cache == nil {
		cache = &elemCache{}
	}
	return parseWith(raw, file, cache)
}

// kindArray decodes a compared list of the document (kind k): the items'
// bounds are found first, then each item is either taken from the cache
// (bytes equal to a saved element's, so valid JSON) or decoded, which
// checks it and must end where its bounds said. A list whose bounds cannot
// be found is decoded the usual way, which names the first error as
// always; an item decoded before it is the same in both ways.
func (d *decoder) kindArray(i int, v reflect.Value, k int) (int, error) {
	raw := d.raw
	var spans [][2]int
	j := skipSpace(raw, i+1)
	end := -1
	if j < len(raw) && raw[j] == ']' {
		end = j + 1
	} else {
		for j < len(raw) && raw[j] == '{' {
			e, err := skipValue(raw, j)
			if err != nil {
				break
			}
			spans = append(spans, [2]int{j, e})
			j = skipSpace(raw, e)
			if j < len(raw) && raw[j] == ',' {
				j = skipSpace(raw, j+1)
				continue
			}
			if j < len(raw) && raw[j] == ']' {
				end = j + 1
			}
			break
		}
	}
	if end < 0 {
		return d.array(i, v)
	}
	out := reflect.MakeSlice(v.Type(), len(spans), len(spans))
	hints := &d.hints
	hints.raw[k] = make([][]byte, len(spans))
	hints.canon[k] = make([][]byte, len(spans))
	known := d.cache[k]
	for n, sp := range spans {
		b := raw[sp[0]:sp[1]:sp[1]]
		hints.raw[k][n] = b
		if e, ok := known[string(b)]; ok {
			out.Index(n).Set(e.val)
			hints.canon[k][n] = e.canon
			continue
		}
		d.path = append(d.path, pathSeg{index: n})
		e, err := d.value(sp[0], out.Index(n))
		d.path = d.path[:len(d.path)-1]
		if err != nil {
			return e, err
		}
		if e != sp[1] {
			hints.raw[k], hints.canon[k] = nil, nil
			return d.array(i, v)
		}
	}
	v.Set(out)
	return end, nil
}

// newElemCache builds the cache of a saved document from its hints and
// its canonical encoding (ranges of each element in doc). A list whose
// length changed since decoding (duplicates dropped) is left out.
func newElemCache(d *Document, h *elemHints, buf []byte, doc string, ranges *[len(kindLabels)][][2]int) *elemCache {
	var c elemCache
	lists := [len(kindLabels)]reflect.Value{
		reflect.ValueOf(d.Categories), reflect.ValueOf(d.Items), reflect.ValueOf(d.Options),
		reflect.ValueOf(d.Promotions), reflect.ValueOf(d.GroupsSubOptions), reflect.ValueOf(d.Cartes),
	}
	for k, list := range lists {
		n := list.Len()
		if h.raw[k] == nil || len(h.raw[k]) != n || len(ranges[k]) != n {
			continue
		}
		m := make(map[string]elemEntry, 2*n)
		for i := range n {
			r := ranges[k][i]
			e := elemEntry{val: list.Index(i), canon: buf[r[0]:r[1]:r[1]]}
			m[doc[r[0]:r[1]]] = e
			m[string(h.raw[k][i])] = e
		}
		c[k] = m
	}
	return &c
}
