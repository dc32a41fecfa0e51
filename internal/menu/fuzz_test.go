package menu

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzDocument: any input either is refused or survives a round trip
// unchanged (the second encoding equals the first), without panicking.
func FuzzDocument(f *testing.F) {
	f.Add([]byte(`{"items":[{"idGlobal":"p1","name":"Burger","price":"9,90","x":{"y":[1,"\u00e9"]}}],"z":null}`))
	f.Add([]byte(`{"options":[{"items":[{"tariffData":{"T1":{"price":1,"k":true}}}]}]}`))
	f.Add([]byte(`{"categories":[{"name":"a\"b\\c","parent_id":-1,"removed":true}],"items":[]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, err := Parse(raw, "f.json")
		if err != nil {
			return
		}
		_ = Validate(d)
		once, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		d2, err := Parse(once, "f.json")
		if err != nil {
			t.Fatalf("our own output does not parse: %v\n%s", err, once)
		}
		twice, _ := json.Marshal(d2)
		if !bytes.Equal(once, twice) {
			t.Fatalf("round trip not stable:\n%s\n%s", once, twice)
		}
	})
}

func FuzzParsePrice(f *testing.F) {
	for _, s := range []string{"9,90", "", "-1", "1e3", "abc", "12.345", " 7 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := ParsePrice(s)
		if p.Invalid {
			return
		}
		// A valid price prints as a number that parses to the same cents.
		if back := ParsePrice(p.String()); back.Cents != p.Cents || back.Invalid {
			t.Fatalf("%q → %+v → %q → %+v", s, p, p.String(), back)
		}
	})
}
