package menu

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

func TestUnknownFieldsSurviveARoundTrip(t *testing.T) {
	in := `{"categories":[{"idGlobal":"c1","idCat":1,"name":"Burgers","parent_id":-1,"position":1,"removed":false,"removed_by_admin":false,"moment_category":"midi","offset_print_kitchen":3}],
"items":[{"idGlobal":"p1","id":1,"idCat":1,"name":"Burger","position":1,"price":"9,90","price_platform":9.9,"many_size":false,"many_type":false,"removed":false,"removed_by_admin":false,"best_sale":true,"daysOn":[1,2,3],"allSizes":[{"id_size":1,"name_size":"junior","label_size":"Taille 1","size_enabled":true,"price":5,"price_sp":5,"price_uber":6}]}],
"options":[],"cartes":[],"groups_sub_options":[],"promotions":[],"zones":[{"id":1,"number_zone":2}],"tags":[],"printers":[],"screens":[],
"product_size_1":"taille 1","hide_name_products":true,"kiosk_future_field":{"a":[1,2]}}`
	var d Document
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	if d.Items[0].Price.Cents != 990 || d.Items[0].PricePlatform.Cents != 990 {
		t.Fatalf("prices: %+v", d.Items[0].Price)
	}
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"moment_category":"midi"`, `"offset_print_kitchen":3`, `"best_sale":true`, `"daysOn":[1,2,3]`, `"price_uber":6`, `"number_zone":2`, `"product_size_1":"taille 1"`, `"hide_name_products":true`, `"kiosk_future_field":{"a":[1,2]}`, `"price":9.9`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("lost %s in %s", want, out)
		}
	}
	if strings.Count(string(out), `"removed"`) != 2 {
		t.Errorf("removed written twice or lost: %s", out)
	}
	// Deterministic: the same document gives the same bytes.
	var d2 Document
	_ = json.Unmarshal(out, &d2)
	out2, _ := json.Marshal(d2)
	if string(out) != string(out2) {
		t.Fatalf("second round trip differs:\n%s\n%s", out, out2)
	}
}

func TestParsePrice(t *testing.T) {
	cases := map[string]Price{
		"9,90": {Cents: 990}, "9.9": {Cents: 990}, "": {}, "  ": {}, "0": {}, "12": {Cents: 1200},
		"-5": {Cents: -500}, "1,005": {Cents: 101}, "abc": {Raw: "abc", Invalid: true}, "9,9€": {Raw: "9,9€", Invalid: true},
		"NaN": {Raw: "NaN", Invalid: true},
	}
	for in, want := range cases {
		if got := ParsePrice(in); got != want {
			t.Errorf("%q: got %+v want %+v", in, got, want)
		}
	}
}

// Every key a carte sends with an empty value — each boolean flag at false,
// a zero, an empty text — comes back as it was sent; a key it does not send
// is not added.
func TestEmptyValuesRoundTrip(t *testing.T) {
	explicit := func(v any) string {
		t.Helper()
		keys := map[string]string{}
		for _, f := range planOf(reflect.TypeOf(v)).fields {
			if !f.omitEmpty {
				continue
			}
			switch reflect.TypeOf(v).FieldByIndex(f.index).Type.Kind() {
			case reflect.Bool:
				keys[f.name] = "false"
			case reflect.Int, reflect.Int64:
				keys[f.name] = "0"
			case reflect.String:
				keys[f.name] = `""`
			}
		}
		if len(keys) == 0 {
			t.Fatalf("%T: no key to try", v)
		}
		parts := make([]string, 0, len(keys))
		for k, v := range keys {
			parts = append(parts, strconv.Quote(k)+":"+v)
		}
		sort.Strings(parts)
		return strings.Join(parts, ",")
	}
	product, category, group := explicit(Product{}), explicit(Category{}), explicit(OptionGroup{})
	item, tag := explicit(OptionItem{}), explicit(Tag{})
	hide := `"hide_name_categories":false,"hide_name_options":false,"hide_name_products":false,"hide_name_sub_categories":false`
	if !strings.Contains(product, `"available_on_the_spot":false`) || !strings.Contains(product, `"hidden_borne":false`) {
		t.Fatalf("the product's flags are not all tried: %s", product)
	}
	in := `{"categories":[{"idGlobal":"c1","name":"A",` + category + `}],"items":[{"idGlobal":"p1","name":"B",` + product + `},{"idGlobal":"p2","name":"C"}],` +
		`"options":[{"idGlobal":"g1","name":"G",` + group + `,"items":[{"idGlobal":"o1","name":"O",` + item + `}]}],"tags":[{"idGlobal":"t1","name_tag":"T",` + tag + `}],` + hide + `}`
	d, err := Parse([]byte(in), "a.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Encode()
	if err != nil {
		t.Fatal(err)
	}
	for _, sent := range []string{category, product, group, item, tag, hide} {
		for _, kv := range strings.Split(sent, ",") {
			if !strings.Contains(string(out), kv) {
				t.Errorf("%s lost: %s", kv, out)
			}
		}
	}
	// The product that sent no flag gets none.
	var back struct {
		Items []map[string]json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal(out, &back); err != nil {
		t.Fatal(err)
	}
	if _, added := back.Items[1]["available_on_the_spot"]; added {
		t.Errorf("a flag the carte never had was added: %s", out)
	}
	// A flag set in Go is written; put back to false it stays written.
	d.Items[1].AvailableBar = true
	d.Items[0].AvailableBar = false
	out, _ = d.Encode()
	if !strings.Contains(string(out), `"available_bar":false`) || !strings.Contains(string(out), `"available_bar":true`) {
		t.Errorf("edited flags: %s", out)
	}
}

// Numbers of the document are typed: number text becomes a number, and
// anything else is kept when read but marked for saves to refuse.
func TestNumbersAreTyped(t *testing.T) {
	d, err := Parse([]byte(`{"items":[{"idGlobal":"p1","name":"B","daily_stock":"40","weight":"0,25","quantity":2}],
		"options":[{"idGlobal":"g","name":"G","items":[{"idGlobal":"o","name":"O","number_flame":3,"quantity_stock":"1.5"}]}]}`), "a.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.typed("a.json"); err != nil {
		t.Fatal(err)
	}
	out, _ := d.Encode()
	for _, want := range []string{`"daily_stock":40`, `"weight":0.25`, `"quantity":2`, `"number_flame":3`, `"quantity_stock":1.5`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("missing %s in %s", want, out)
		}
	}
	for in, path := range map[string]string{
		`{"items":[{"idGlobal":"p1","name":"B","daily_stock":"abc"}]}`:                                                                                 "items[0].daily_stock",
		`{"items":[{"idGlobal":"p1","name":"B"},{"idGlobal":"p2","name":"C","daily_stock":1.5}]}`:                                                      "items[1].daily_stock",
		`{"items":[{"idGlobal":"p1","name":"B","weight":{"kg":1}}]}`:                                                                                   "items[0].weight",
		`{"items":[{"idGlobal":"p1","name":"B","quantity":"NaN"}]}`:                                                                                    "items[0].quantity",
		`{"categories":[{"idGlobal":"c","name":"A","offset_print_kitchen":true}]}`:                                                                     "categories[0].offset_print_kitchen",
		`{"options":[{"idGlobal":"g","name":"G","items":[{"idGlobal":"o","name":"O","number_flame":"x"}]}]}`:                                           "options[0].items[0].number_flame",
		`{"options":[{"idGlobal":"g","name":"G","items":[{"idGlobal":"o","name":"O","sizes_limits":[{"id_size":2,"min":1,"max":"deux","free":0}]}]}]}`: "options[0].items[0].sizes_limits[0].max",
	} {
		d, err := Parse([]byte(in), "Carte été.json")
		if err != nil {
			t.Fatalf("a stored carte must still be read: %v", err)
		}
		err = d.typed("Carte été.json")
		want := `Erreur : Valeur non prise en charge dans "` + path + `" du fichier "Carte été.json".`
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", in, err, want)
		}
		// Read, it is kept as it came.
		out, _ := d.Encode()
		var again Document
		if err := json.Unmarshal(out, &again); err != nil {
			t.Fatal(err)
		}
		out2, _ := again.Encode()
		if string(out) != string(out2) {
			t.Errorf("unstable: %s / %s", out, out2)
		}
	}
}
