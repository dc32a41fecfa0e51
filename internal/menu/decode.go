package menu

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The document decoder: one pass over the bytes, straight into the typed
// model, keeping unknown keys as compact raw JSON. It replaces
// encoding/json plus a second scan for the extras, which cost a carte of a
// thousand products most of its save time. It is strict: invalid JSON, a
// value a field cannot hold, or anything after the document is refused,
// naming the place.

type decodeError struct {
	path   string // JSON path of the refused value, e.g. items[3].many_size
	offset int    // for syntax errors, -1 otherwise
}

func (e *decodeError) Error() string {
	if e.offset >= 0 {
		return fmt.Sprintf("syntaxe JSON invalide à la position %d", e.offset)
	}
	return "valeur non prise en charge dans " + e.path
}

type pathSeg struct {
	key   string
	index int // -1 for a key
}

type decoder struct {
	raw  []byte
	path []pathSeg
	// badNumber is the path of the first Count or Quantity that is not a
	// number, "" if none.
	badNumber string
	// scratch holds a reusable list per element type (see array).
	scratch map[reflect.Type]reflect.Value
	// cache, when set, gives the elements of the compared lists already
	// known by their bytes (see kindArray); hints is what was learnt.
	cache *elemCache
	hints elemHints
}

func (d *decoder) where() string {
	var b strings.Builder
	for _, s := range d.path {
		if s.index >= 0 {
			fmt.Fprintf(&b, "[%d]", s.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	if b.Len() == 0 {
		return "document"
	}
	return b.String()
}

func (d *decoder) typeError() error   { return &decodeError{path: d.where(), offset: -1} }
func (d *decoder) syntax(i int) error { return &decodeError{offset: i} }

func decodeDocumentStrict(raw []byte, doc *Document) error {
	return decodeDocument(raw, doc, nil)
}

func decodeDocument(raw []byte, doc *Document, cache *elemCache) error {
	d := &decoder{raw: raw, path: make([]pathSeg, 0, 8), cache: cache}
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		if i < len(raw) && raw[i] != '[' && raw[i] != '"' && raw[i] != 'n' && raw[i] != 't' && raw[i] != 'f' && raw[i] != '-' && (raw[i] < '0' || raw[i] > '9') {
			return d.syntax(i)
		}
		return d.typeError()
	}
	end, err := d.value(i, reflect.ValueOf(doc).Elem())
	if err != nil {
		return err
	}
	doc.badNumber, doc.sizeHint = d.badNumber, len(raw)
	if cache != nil {
		doc.hints = &d.hints
	}
	if end = skipSpace(raw, end); end != len(raw) {
		return d.syntax(end)
	}
	return nil
}

// value decodes the JSON value at raw[i] into v and returns the index after it.
func (d *decoder) value(i int, v reflect.Value) (int, error) {
	raw := d.raw
	if i >= len(raw) {
		return i, d.syntax(i)
	}
	if raw[i] == 'n' {
		end, err := d.literal(i)
		if err != nil {
			return end, err
		}
		if string(raw[i:end]) != "null" {
			return end, d.syntax(i)
		}
		switch v.Kind() {
		case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
			v.Set(reflect.Zero(v.Type()))
		case reflect.Struct:
			if t := v.Type(); t == priceType || t == countType || t == quantityType {
				v.Set(reflect.Zero(t))
			}
		}
		return end, nil
	}
	t := v.Type()
	switch t {
	case priceType:
		return d.price(i, v)
	case countType, quantityType:
		return d.number(i, v)
	case rawType:
		end, err := d.skip(i)
		if err != nil {
			return end, err
		}
		v.SetBytes(compactRaw(raw[i:end]))
		return end, nil
	}
	switch t.Kind() {
	case reflect.String:
		if raw[i] != '"' {
			return d.mismatch(i)
		}
		s, end, err := d.str(i)
		if err == nil {
			v.SetString(s)
		}
		return end, err
	case reflect.Bool:
		end, err := d.literal(i)
		if err != nil {
			return end, err
		}
		switch string(raw[i:end]) {
		case "true":
			v.SetBool(true)
		case "false":
			v.SetBool(false)
		default:
			return d.mismatchAt(i, end)
		}
		return end, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		end, err := d.literal(i)
		if err != nil {
			return end, err
		}
		n, perr := strconv.ParseInt(string(raw[i:end]), 10, t.Bits())
		if perr != nil {
			return d.mismatchAt(i, end)
		}
		v.SetInt(n)
		return end, nil
	case reflect.Float32, reflect.Float64:
		end, err := d.literal(i)
		if err != nil {
			return end, err
		}
		if !isNumber(raw[i:end]) {
			return d.mismatchAt(i, end)
		}
		f, perr := strconv.ParseFloat(string(raw[i:end]), t.Bits())
		if perr != nil {
			return end, d.typeError()
		}
		v.SetFloat(f)
		return end, nil
	case reflect.Slice:
		if raw[i] != '[' {
			return d.mismatch(i)
		}
		if d.cache != nil && len(d.path) == 1 && d.path[0].index < 0 {
			if k, ok := kindFields[d.path[0].key]; ok {
				return d.kindArray(i, v, k)
			}
		}
		return d.array(i, v)
	case reflect.Map:
		if raw[i] != '{' || t.Key().Kind() != reflect.String {
			return d.mismatch(i)
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(t))
		}
		elemType := t.Elem()
		return d.object(i, func(kb []byte, j int) (int, error) {
			key := string(kb)
			elem := reflect.New(elemType).Elem()
			d.path = append(d.path, pathSeg{key: key, index: -1})
			end, err := d.value(j, elem)
			d.path = d.path[:len(d.path)-1]
			if err == nil {
				v.SetMapIndex(reflect.ValueOf(key).Convert(t.Key()), elem)
			}
			return end, err
		})
	case reflect.Struct:
		if raw[i] != '{' {
			return d.mismatch(i)
		}
		p := planOf(t)
		return d.object(i, func(kb []byte, j int) (int, error) {
			// Known keys are looked up without copying them.
			if fi, ok := p.known[string(kb)]; ok {
				key := p.fields[fi].name
				d.path = append(d.path, pathSeg{key: key, index: -1})
				f := v.FieldByIndex(p.fields[fi].index)
				end, err := d.value(j, f)
				d.path = d.path[:len(d.path)-1]
				if err == nil && p.fields[fi].omitEmpty && p.extra != nil && isEmpty(f) {
					// Present but empty: remembered, so that it is written back.
					ef := v.FieldByIndex(p.extra)
					if ef.IsNil() {
						ef.Set(reflect.MakeMap(extraType))
					}
					ef.SetMapIndex(reflect.ValueOf(key), reflect.ValueOf(json.RawMessage(compactRaw(raw[j:end]))))
				}
				return end, err
			}
			end, err := d.skip(j)
			if err != nil || p.extra == nil {
				return end, err
			}
			key := string(kb)
			ef := v.FieldByIndex(p.extra)
			if ef.IsNil() {
				ef.Set(reflect.MakeMap(extraType))
			}
			ef.SetMapIndex(reflect.ValueOf(key), reflect.ValueOf(json.RawMessage(compactRaw(raw[j:end]))))
			return end, nil
		})
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		return d.value(i, v.Elem())
	case reflect.Interface:
		end, err := d.skip(i)
		if err != nil {
			return end, err
		}
		var x any
		if json.Unmarshal(raw[i:end], &x) != nil {
			return end, d.typeError()
		}
		v.Set(reflect.ValueOf(&x).Elem())
		return end, nil
	}
	return d.mismatch(i)
}

// mismatch skips the (valid) value at i and reports a type error there.
func (d *decoder) mismatch(i int) (int, error) {
	end, err := d.skip(i)
	if err != nil {
		return end, err
	}
	return end, d.typeError()
}

func (d *decoder) mismatchAt(i, end int) (int, error) {
	if !isLiteral(d.raw[i:end]) {
		return end, d.syntax(i)
	}
	return end, d.typeError()
}

// array decodes into a scratch slice kept per element type and copies the
// result into a slice of the exact length: a carte's thousands of small
// lists (prices, options, translations) are then allocated once each, not
// regrown from four elements up.
func (d *decoder) array(i int, v reflect.Value) (int, error) {
	raw := d.raw
	t := v.Type()
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == ']' {
		v.Set(reflect.MakeSlice(t, 0, 0))
		return i + 1, nil
	}
	tmp, ok := d.scratch[t]
	if ok {
		delete(d.scratch, t) // a list nested in an element of the same type gets its own
	} else {
		tmp = reflect.MakeSlice(t, 0, 4)
	}
	for n := 0; ; n++ {
		if n == tmp.Cap() {
			grown := reflect.MakeSlice(t, n, 2*n+4)
			reflect.Copy(grown, tmp)
			tmp = grown
		}
		tmp = tmp.Slice(0, n+1)
		d.path = append(d.path, pathSeg{index: n})
		end, err := d.value(skipSpace(raw, i), tmp.Index(n))
		d.path = d.path[:len(d.path)-1]
		if err != nil {
			return end, err
		}
		i = skipSpace(raw, end)
		if i >= len(raw) {
			return i, d.syntax(i)
		}
		switch raw[i] {
		case ',':
			i++
		case ']':
			out := reflect.MakeSlice(t, n+1, n+1)
			reflect.Copy(out, tmp)
			tmp.Clear() // zero again for the next list, and holding nothing
			if d.scratch == nil {
				d.scratch = map[reflect.Type]reflect.Value{}
			}
			d.scratch[t] = tmp.Slice(0, 0)
			v.Set(out)
			return i + 1, nil
		default:
			return i, d.syntax(i)
		}
	}
}

// object calls fn for each member of the object at raw[i] with its key and
// the index of its value; fn returns the index after the value.
func (d *decoder) object(i int, fn func(key []byte, value int) (int, error)) (int, error) {
	raw := d.raw
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(raw) || raw[i] != '"' {
			return i, d.syntax(i)
		}
		key, end, err := d.strBytes(i)
		if err != nil {
			return end, err
		}
		i = skipSpace(raw, end)
		if i >= len(raw) || raw[i] != ':' {
			return i, d.syntax(i)
		}
		if end, err = fn(key, skipSpace(raw, i+1)); err != nil {
			return end, err
		}
		i = skipSpace(raw, end)
		if i >= len(raw) {
			return i, d.syntax(i)
		}
		switch raw[i] {
		case ',':
			i = skipSpace(raw, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, d.syntax(i)
		}
	}
}

// str decodes the string at raw[i] (a '"'). Plain strings are sliced
// directly; escapes and invalid UTF-8 go through encoding/json, which
// replaces bad bytes with U+FFFD as the rest of the codec expects.
func (d *decoder) str(i int) (string, int, error) {
	b, end, err := d.strBytes(i)
	return string(b), end, err
}

// strBytes is str giving the text's bytes: a slice of the input (not to
// be kept) when the string holds no escape.
func (d *decoder) strBytes(i int) ([]byte, int, error) {
	raw := d.raw
	ascii := true
	for j := i + 1; j < len(raw); j++ {
		c := raw[j]
		switch {
		case c == '"':
			s := raw[i+1 : j]
			if ascii || utf8.Valid(s) {
				return s, j + 1, nil
			}
			return d.slowBytes(i, j+1)
		case c == '\\':
			end, err := d.skip(i)
			if err != nil {
				return nil, end, err
			}
			return d.slowBytes(i, end)
		case c < 0x20:
			return nil, j, d.syntax(j)
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return nil, len(raw), d.syntax(len(raw))
}

func (d *decoder) slowBytes(i, end int) ([]byte, int, error) {
	s, end, err := d.slowStr(i, end)
	return []byte(s), end, err
}

func (d *decoder) slowStr(i, end int) (string, int, error) {
	var s string
	if err := json.Unmarshal(d.raw[i:end], &s); err != nil {
		return "", end, d.syntax(i)
	}
	return s, end, nil
}

// literal returns the end of the literal (number, true, false, null) at raw[i].
func (d *decoder) literal(i int) (int, error) {
	raw := d.raw
	switch raw[i] {
	case '"', '{', '[':
		return d.mismatch(i)
	}
	j := i
	for j < len(raw) {
		c := raw[j]
		if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == ':' {
			break
		}
		j++
	}
	if j == i || !isLiteral(raw[i:j]) {
		return j, d.syntax(i)
	}
	return j, nil
}

// skip validates the value at raw[i] and returns the index after it.
func (d *decoder) skip(i int) (int, error) {
	raw := d.raw
	if i >= len(raw) {
		return i, d.syntax(i)
	}
	switch raw[i] {
	case '"':
		for j := i + 1; j < len(raw); j++ {
			switch c := raw[j]; {
			case c == '\\':
				j++
				if j < len(raw) && raw[j] == 'u' {
					if j+4 >= len(raw) || !isHex4(raw[j+1:j+5]) {
						return j, d.syntax(j)
					}
					j += 4
				} else if j >= len(raw) || !strings.ContainsRune(`"\/bfnrt`, rune(raw[j])) {
					return j, d.syntax(j)
				}
			case c == '"':
				return j + 1, nil
			case c < 0x20:
				return j, d.syntax(j)
			}
		}
		return len(raw), d.syntax(len(raw))
	case '{':
		return d.object(i, func(_ []byte, j int) (int, error) { return d.skip(j) })
	case '[':
		i = skipSpace(raw, i+1)
		if i < len(raw) && raw[i] == ']' {
			return i + 1, nil
		}
		for {
			end, err := d.skip(skipSpace(raw, i))
			if err != nil {
				return end, err
			}
			i = skipSpace(raw, end)
			if i >= len(raw) {
				return i, d.syntax(i)
			}
			switch raw[i] {
			case ',':
				i++
			case ']':
				return i + 1, nil
			default:
				return i, d.syntax(i)
			}
		}
	}
	return d.literal(i)
}

// price decodes a price: a number, or text as the forms type it.
func (d *decoder) price(i int, v reflect.Value) (int, error) {
	raw := d.raw
	if raw[i] == '"' {
		s, end, err := d.str(i)
		if err == nil {
			v.Set(reflect.ValueOf(ParsePrice(s)))
		}
		return end, err
	}
	end, err := d.literal(i)
	if err != nil {
		return end, err
	}
	if !isNumber(raw[i:end]) {
		return d.mismatchAt(i, end)
	}
	p := ParsePrice(string(raw[i:end]))
	if p.Invalid {
		return end, d.typeError()
	}
	v.Set(reflect.ValueOf(p))
	return end, nil
}

// number decodes a Count or a Quantity: a JSON number, or number text as
// the forms type it. Anything else is kept as it came and its path noted
// (the first one), for saves and imports to refuse.
func (d *decoder) number(i int, v reflect.Value) (int, error) {
	raw := d.raw
	end, err := d.skip(i)
	if err != nil {
		return end, err
	}
	text, ok := "", false
	switch c := raw[i]; {
	case c == '"':
		s, _, err := d.str(i)
		if err != nil {
			return end, err
		}
		text, ok = numberText(s)
	case c == '-' || c >= '0' && c <= '9':
		text, ok = string(raw[i:end]), isNumber(raw[i:end])
	}
	if ok {
		if v.Type() == countType {
			if n, fits := parseCount(text); fits {
				v.Set(reflect.ValueOf(Count{N: n}))
				return end, nil
			}
		} else if q, fits := parseQuantity(text); fits {
			v.Set(reflect.ValueOf(Quantity{Text: q}))
			return end, nil
		}
	}
	kept := compactRaw(raw[i:end])
	if v.Type() == countType {
		v.Set(reflect.ValueOf(Count{Raw: kept, Invalid: true}))
	} else {
		v.Set(reflect.ValueOf(Quantity{Raw: kept, Invalid: true}))
	}
	if d.badNumber == "" {
		d.badNumber = d.where()
	}
	return end, nil
}

func isHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func isLiteral(b []byte) bool {
	switch string(b) {
	case "true", "false", "null":
		return true
	}
	return isNumber(b)
}

// isNumber checks the JSON number grammar: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?
func isNumber(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return false
	}
	if b[i] == '0' {
		i++
	} else if b[i] >= '1' && b[i] <= '9' {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	} else {
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(b)
}

// compactRaw copies a (validated) raw value in the form the encoder writes
// everything: no insignificant space, HTML characters escaped, invalid
// UTF-8 replaced — so a document's bytes are the same whatever its source.
func compactRaw(b []byte) []byte {
	if !utf8.Valid(b) {
		var x any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if dec.Decode(&x) == nil {
			if out, err := json.Marshal(x); err == nil {
				return out
			}
		}
	}
	var c bytes.Buffer
	c.Grow(len(b))
	if json.Compact(&c, b) != nil {
		return bytes.Clone(b)
	}
	var h bytes.Buffer
	h.Grow(c.Len())
	json.HTMLEscape(&h, c.Bytes())
	return h.Bytes()
}
