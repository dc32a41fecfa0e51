package menu

import (
	"bytes"
	"fmt"
	"testing"
)

// savedCache is the element cache a save of raw leaves behind.
func savedCache(t *testing.T, raw string) *elemCache {
	t.Helper()
	d, err := parseCached([]byte(raw), "x.json", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(d); err != nil {
		t.Fatal(err)
	}
	doc, _, ranges, err := encodeDocumentRanges(d)
	if err != nil {
		t.Fatal(err)
	}
	return newElemCache(d, d.hints, doc, string(doc), ranges)
}

// A document decoded with the element cache of another document is the
// one decoded without: same validation result, same canonical bytes, same
// error for a malformed or refused document.
func TestElementCacheGivesTheSameDocument(t *testing.T) {
	prev := `{"categories":[{"idGlobal":"c1","idCat":1,"name":"Burgers","parent_id":-1}],
	"items":[{"idGlobal":"p1","id":1,"name":"Burger","price":9,"nutritional_info":{"energy_kcal":0},"x_unknown":{"a":1}},
	         {"idGlobal":"p2","id":2,"name":"Frites","price":"3,50","prices":[{"tariff":1,"type_order":1,"price":4}]},
	         {"idGlobal":"p3","id":3,"name":"Soda","price":2,"best_sale":false}],
	"options":[{"idGlobal":"g1","id":1,"name":"Sauces","items":[{"idGlobal":"o1","name":"Ketchup","price":0.5}]}]}`
	cache := savedCache(t, prev)
	canonPrev, _ := func() ([]byte, error) { d, _ := Parse([]byte(prev), "x.json"); _ = Validate(d); return d.Encode() }()
	cacheOfCanon := savedCache(t, string(canonPrev))
	docs := []string{
		prev,
		string(canonPrev),
		// One element changed, one moved, one duplicated (dropped by validation).
		`{"categories":[{"idGlobal":"c1","idCat":1,"name":"Burgers","parent_id":-1}],
	"items":[{"idGlobal":"p3","id":3,"name":"Soda","price":2,"best_sale":false},
	         {"idGlobal":"p1","id":1,"name":"Burger","price":9,"nutritional_info":{"energy_kcal":0},"x_unknown":{"a":1}},
	         {"idGlobal":"p2","id":2,"name":"Frites","price":"3,60","prices":[{"tariff":1,"type_order":1,"price":4}]},
	         {"idGlobal":"p1","id":1,"name":"Burger","price":9,"nutritional_info":{"energy_kcal":0},"x_unknown":{"a":1}}],
	"options":[{"idGlobal":"g1","id":1,"name":"Sauces","items":[{"idGlobal":"o1","name":"Ketchup","price":0.5}]}]}`,
		// Refused: two products named alike, both elements known to the cache.
		`{"categories":[],"items":[{"idGlobal":"p1","id":1,"name":"Burger","price":9,"nutritional_info":{"energy_kcal":0},"x_unknown":{"a":1}},
	         {"idGlobal":"p4","id":1,"name":"burger","price":9}],"options":[]}`,
		// Malformed after a known element, type error in an unknown one, bad number.
		`{"items":[{"idGlobal":"p3","id":3,"name":"Soda","price":2,"best_sale":false} {"idGlobal":"p9"}]}`,
		`{"items":[{"idGlobal":"p3","id":3,"name":"Soda","price":2,"best_sale":false},{"idGlobal":"p9","id":"x"}]}`,
		`{"items":[{"idGlobal":"p3","id":3,"name":"Soda","price":2,"best_sale":false},{"idGlobal":"p9","daily_stock":"abc"}]}`,
		`{"items":[{"idGlobal":"p3","id":3,"name":"Soda","price":2,"best_sale":false},{"idGlobal":"p9","name":"x}]}`,
		`{"items":[{"idGlobal":"p3","id":3,"name":"Soda","price":2,"best_sale":false},{"idGlobal":"p9","name":"x"}`,
		`{"items":[{"idGlobal":"p3","id":3,"name":"Soda","price":-2,"best_sale":false}]}`,
	}
	outcome := func(d *Document, err error) string {
		if err != nil {
			return "parse: " + err.Error()
		}
		if err := d.typed("x.json"); err != nil {
			return "typed: " + err.Error()
		}
		if err := Validate(d); err != nil {
			return fmt.Sprintf("validate: %v", err)
		}
		b, _, _, err := encodeDocumentRanges(d)
		if err != nil {
			return "encode: " + err.Error()
		}
		return string(b)
	}
	for i, raw := range docs {
		want := outcome(Parse([]byte(raw), "x.json"))
		for _, c := range []*elemCache{cache, cacheOfCanon} {
			if got := outcome(parseCached([]byte(raw), "x.json", c)); got != want {
				t.Errorf("doc %d with the cache:\n got %s\nwant %s", i, got, want)
			}
		}
	}
	// The known elements were taken from the cache, not decoded again.
	d, err := parseCached([]byte(docs[1]), "x.json", cache)
	if err != nil {
		t.Fatal(err)
	}
	for k, list := range d.hints.canon {
		for i, b := range list {
			if b == nil {
				t.Errorf("kind %d element %d of the canonical form was decoded again", k, i)
			}
		}
	}
	if !bytes.Contains(canonPrev, []byte(`"best_sale":false`)) {
		t.Fatalf("explicit false lost: %s", canonPrev)
	}
}
