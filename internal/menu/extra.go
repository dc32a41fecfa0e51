package menu

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"sync"
)

// Extra keeps the fields of a menu element that the typed model does not
// name, so that nothing a kiosk or an older client wrote is ever dropped on
// a load / save round trip.
type Extra map[string]json.RawMessage

var knownKeys sync.Map // reflect.Type -> map[string]bool

func jsonKeys(t reflect.Type) map[string]bool {
	if v, ok := knownKeys.Load(t); ok {
		return v.(map[string]bool)
	}
	keys := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct && f.Tag.Get("json") == "" {
			for k := range jsonKeys(f.Type) {
				keys[k] = true
			}
			continue
		}
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		keys[name] = true
	}
	knownKeys.Store(t, keys)
	return keys
}

// decodeKeeping fills v (a pointer to a struct without JSON methods) and
// puts the unknown keys of data in extra.
func decodeKeeping(data []byte, v any, extra *Extra) error {
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	known := jsonKeys(reflect.TypeOf(v).Elem())
	*extra = nil
	// Most elements have only known keys: a byte scan of the top-level keys
	// tells, and the map decode below runs only for those that do not.
	unknown := false
	for _, k := range topLevelKeys(data) {
		if !known[k] {
			unknown = true
			break
		}
	}
	if !unknown {
		return nil
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	for k, raw := range all {
		if !known[k] {
			if *extra == nil {
				*extra = Extra{}
			}
			(*extra)[k] = raw
		}
	}
	return nil
}

// encodeKeeping writes v with the extra keys, every key sorted, so that the
// same document always gives the same bytes.
func encodeKeeping(v any, extra Extra) ([]byte, error) {
	if len(extra) == 0 {
		return json.Marshal(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return nil, err
	}
	for k, raw := range extra {
		if _, typed := all[k]; !typed {
			all[k] = raw
		}
	}
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(all[k])
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// topLevelKeys lists the keys of a JSON object without decoding its values
// (valid JSON is assumed: json.Unmarshal has read it already). Keys with
// escapes are returned raw, which only makes the caller take the slow path.
func topLevelKeys(data []byte) []string {
	var keys []string
	depth, inString, escaped := 0, false, false
	expectKey := false
	start := 0
	for i, c := range data {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
				if depth == 1 && expectKey {
					keys = append(keys, string(data[start:i]))
					expectKey = false
				}
			}
			continue
		}
		switch c {
		case '"':
			inString, start = true, i+1
		case '{', '[':
			depth++
			if depth == 1 && c == '{' {
				expectKey = true
			}
		case '}', ']':
			depth--
		case ',':
			if depth == 1 {
				expectKey = true
			}
		}
	}
	return keys
}
