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
		// The fast path agrees with the general one wherever it answers.
		if fast, ok := plainDecimal(s); ok {
			if slow := parsePriceGeneral(s); fast != slow {
				t.Fatalf("%q: fast %+v, general %+v", s, fast, slow)
			}
		}
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

// FuzzDecoderIsStrict: the hand-written decoder never accepts what is not
// JSON, and accepts every JSON object whose values fit the model as
// encoding/json reads them (checked on the generic form: a document
// encoded by encoding/json from a map always parses).
func FuzzDecoderIsStrict(f *testing.F) {
	f.Add([]byte(`{"items":[{"idGlobal":"p1","name":"Burger","price":"9,90"}]}`))
	f.Add([]byte(`{"a":1 "b":2}`))
	f.Add([]byte(`{"items":[{"name":"\ud800x"}],"k":[1,]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if _, err := Parse(raw, "f.json"); err == nil && !json.Valid(raw) {
			t.Fatalf("accepted invalid JSON: %q", raw)
		}
		var generic map[string]any
		if json.Unmarshal(raw, &generic) != nil {
			return
		}
		// Unknown keys only: always accepted, and kept.
		extras := map[string]any{}
		for k, v := range generic {
			extras["x_"+k] = v
		}
		again, _ := json.Marshal(extras)
		d, err := Parse(again, "f.json")
		if err != nil {
			t.Fatalf("refused a document of unknown keys: %v\n%s", err, again)
		}
		if len(d.Extra) != len(extras) {
			t.Fatalf("kept %d of %d unknown keys", len(d.Extra), len(extras))
		}
	})
}
