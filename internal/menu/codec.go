package menu

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The menu document's codec. Decoding (decode.go) is one strict pass over
// the bytes into the typed model, keeping the unknown keys of every element
// (Extra); encoding walks the model once and writes every object with its
// keys sorted, typed fields and extras merged, so the same document always
// gives the same bytes (generation relies on it). Both share the per-type
// field plans below. Element types carry no JSON methods of their own.

var (
	extraType    = reflect.TypeOf(Extra(nil))
	priceType    = reflect.TypeOf(Price{})
	countType    = reflect.TypeOf(Count{})
	quantityType = reflect.TypeOf(Quantity{})
	rawType      = reflect.TypeOf(json.RawMessage(nil))
)

type fieldPlan struct {
	name      string
	key       []byte // the name as a JSON string and its colon, written once here
	index     []int
	omitEmpty bool
}

type structPlan struct {
	fields []fieldPlan // sorted by name
	known  map[string]int
	extra  []int // index of the Extra field, nil if none
}

var plans sync.Map // reflect.Type -> *structPlan

func planOf(t reflect.Type) *structPlan {
	if p, ok := plans.Load(t); ok {
		return p.(*structPlan)
	}
	p := &structPlan{known: map[string]int{}}
	var walk func(t reflect.Type, prefix []int)
	walk = func(t reflect.Type, prefix []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			idx := append(append([]int{}, prefix...), i)
			tag := f.Tag.Get("json")
			if f.Anonymous && f.Type.Kind() == reflect.Struct && tag == "" {
				walk(f.Type, idx)
				continue
			}
			if f.Type == extraType {
				p.extra = idx
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			p.fields = append(p.fields, fieldPlan{name: name, index: idx, omitEmpty: strings.Contains(opts, "omitempty")})
		}
	}
	walk(t, nil)
	sort.Slice(p.fields, func(i, j int) bool { return p.fields[i].name < p.fields[j].name })
	for i, f := range p.fields {
		p.known[f.name] = i
		p.fields[i].key = append(appendString(nil, f.name), ':')
	}
	plans.Store(t, p)
	return p
}

// ---- decoding ----

func skipSpace(raw []byte, i int) int {
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\n' || raw[i] == '\t' || raw[i] == '\r') {
		i++
	}
	return i
}

// ---- encoding ----

// encodeValue appends v as JSON: objects with sorted keys, extras merged.
func encodeValue(buf []byte, v reflect.Value) ([]byte, error) {
	t := v.Type()
	switch t {
	case priceType:
		// Read through the fields: v.Interface() would copy the price to
		// the heap, and a carte holds tens of thousands of them.
		return appendPrice(buf, v.Field(0).Int(), v.Field(1).String(), v.Field(2).Bool()), nil
	case countType:
		if v.CanAddr() {
			return v.Addr().Interface().(*Count).appendJSON(buf), nil
		}
		return v.Interface().(Count).appendJSON(buf), nil
	case quantityType:
		if v.CanAddr() {
			return v.Addr().Interface().(*Quantity).appendJSON(buf), nil
		}
		return v.Interface().(Quantity).appendJSON(buf), nil
	case rawType:
		if v.Len() == 0 {
			return append(buf, "null"...), nil
		}
		return append(buf, v.Bytes()...), nil
	}
	switch t.Kind() {
	case reflect.String:
		return appendString(buf, v.String()), nil
	case reflect.Bool:
		return strconv.AppendBool(buf, v.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(buf, v.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(buf, v.Uint(), 10), nil
	case reflect.Float32, reflect.Float64:
		b, err := json.Marshal(v.Interface())
		return append(buf, b...), err
	case reflect.Slice:
		if v.IsNil() {
			// A list that is not optional is a list: kiosks and the editor
			// iterate over it (optional ones are left out when empty).
			return append(buf, "[]"...), nil
		}
		buf = append(buf, '[')
		for i := range v.Len() {
			if i > 0 {
				buf = append(buf, ',')
			}
			var err error
			if buf, err = encodeValue(buf, v.Index(i)); err != nil {
				return buf, err
			}
		}
		return append(buf, ']'), nil
	case reflect.Map:
		if v.IsNil() {
			return append(buf, "null"...), nil
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
		buf = append(buf, '{')
		for i, k := range keys {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendString(buf, k.String())
			buf = append(buf, ':')
			var err error
			if buf, err = encodeValue(buf, v.MapIndex(k)); err != nil {
				return buf, err
			}
		}
		return append(buf, '}'), nil
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return append(buf, "null"...), nil
		}
		if t.Kind() == reflect.Interface {
			b, err := json.Marshal(v.Interface())
			return append(buf, b...), err
		}
		return encodeValue(buf, v.Elem())
	case reflect.Struct:
		return encodeStruct(buf, v)
	}
	b, err := json.Marshal(v.Interface())
	return append(buf, b...), err
}

func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String, reflect.Slice, reflect.Map:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	case reflect.Struct:
		// An omitempty price is left out at zero, as a number would be.
		switch v.Type() {
		case priceType:
			return v.Field(0).Int() == 0 && !v.Field(2).Bool()
		case countType:
			return v.Interface().(Count).isZero()
		case quantityType:
			return v.Interface().(Quantity).isZero()
		}
	}
	return false
}

func encodeStruct(buf []byte, v reflect.Value) ([]byte, error) {
	return encodeStructHook(buf, v, nil)
}

// fieldHook may encode a field itself (handled true).
type fieldHook func(buf []byte, name string, fv reflect.Value) (out []byte, handled bool, err error)

func encodeStructHook(buf []byte, v reflect.Value, hook fieldHook) ([]byte, error) {
	p := planOf(v.Type())
	var extra Extra
	var extraKeys []string
	if p.extra != nil {
		extra = v.FieldByIndex(p.extra).Interface().(Extra)
		for k := range extra {
			if _, typed := p.known[k]; !typed {
				extraKeys = append(extraKeys, k)
			}
		}
		sort.Strings(extraKeys)
	}
	buf = append(buf, '{')
	first := true
	writeKey := func(k string) {
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = appendString(buf, k)
		buf = append(buf, ':')
	}
	writeField := func(f *fieldPlan) {
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = append(buf, f.key...)
	}
	e := 0
	var err error
	for fi := range p.fields {
		f := &p.fields[fi]
		for e < len(extraKeys) && extraKeys[e] < f.name {
			writeKey(extraKeys[e])
			buf = append(buf, extra[extraKeys[e]]...)
			e++
		}
		fv := v.FieldByIndex(f.index)
		if f.omitEmpty && isEmpty(fv) {
			// Left out, unless the key came in with this empty value: an
			// explicit false, 0 or "" is not an absent key (see Extra).
			if _, kept := extra[f.name]; !kept {
				continue
			}
		}
		writeField(f)
		if hook != nil {
			var handled bool
			if buf, handled, err = hook(buf, f.name, fv); err != nil {
				return buf, err
			} else if handled {
				continue
			}
		}
		if buf, err = encodeValue(buf, fv); err != nil {
			return buf, err
		}
	}
	for ; e < len(extraKeys); e++ {
		writeKey(extraKeys[e])
		buf = append(buf, extra[extraKeys[e]]...)
	}
	return append(buf, '}'), nil
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string, escaping like encoding/json
// (HTML characters included, so documents embed safely).
func appendString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, "\uFFFD"...) // as UTF-8, like a decoded U+FFFD: stable on re-encoding
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// MarshalJSON writes the document with sorted keys and its extras.
func (d Document) MarshalJSON() ([]byte, error) {
	return encodeValue(make([]byte, 0, 64<<10), reflect.ValueOf(d))
}

// UnmarshalJSON reads a document, keeping unknown fields.
func (d *Document) UnmarshalJSON(b []byte) error { return decodeDocumentStrict(b, d) }

// encodeDocument writes the document and a snapshot for the diff whose
// elements are slices of those same bytes: no element is encoded twice.
func encodeDocument(d *Document) ([]byte, snapshot, error) {
	buf, snap, _, err := encodeDocumentRanges(d)
	return buf, snap, err
}

// encodeDocumentRanges is encodeDocument, also giving where each compared
// element lies in the bytes. An element whose canonical bytes are known
// (taken from the element cache when decoded) is copied, not encoded.
func encodeDocumentRanges(d *Document) ([]byte, snapshot, *[len(kindLabels)][][2]int, error) {
	var ranges [len(kindLabels)][][2]int
	hook := func(buf []byte, name string, fv reflect.Value) ([]byte, bool, error) {
		k, ok := kindFields[name]
		if !ok || fv.IsNil() {
			return buf, false, nil
		}
		var known [][]byte
		if d.hints != nil && len(d.hints.canon[k]) == fv.Len() {
			// Same length as decoded: no duplicate was dropped, the
			// indexes still match.
			known = d.hints.canon[k]
		}
		ranges[k] = make([][2]int, fv.Len())
		buf = append(buf, '[')
		for i := range fv.Len() {
			if i > 0 {
				buf = append(buf, ',')
			}
			start := len(buf)
			if known != nil && known[i] != nil {
				buf = append(buf, known[i]...)
			} else {
				var err error
				if buf, err = encodeValue(buf, fv.Index(i)); err != nil {
					return buf, true, err
				}
			}
			ranges[k][i] = [2]int{start, len(buf)}
		}
		return append(buf, ']'), true, nil
	}
	// Sized from the bytes the document was read from: growing a buffer of
	// megabytes by doubling copies it again and again. The canonical form
	// writes every non-optional field, so it is up to about twice as long
	// as a compact input (1.5 MB in, 2.8 MB out for 1,000 products).
	buf, err := encodeStructHook(make([]byte, 0, max(64<<10, 2*d.sizeHint)), reflect.ValueOf(d).Elem(), hook)
	if err != nil {
		return nil, snapshot{}, nil, err
	}
	raw := func(k, i int) []byte {
		if i >= len(ranges[k]) {
			return nil
		}
		r := ranges[k][i]
		return buf[r[0]:r[1]:r[1]]
	}
	return buf, snapshotFrom(d, raw), &ranges, nil
}

// Encode writes the document canonically (sorted keys, extras merged).
func (d *Document) Encode() ([]byte, error) {
	b, _, err := encodeDocument(d)
	return b, err
}
