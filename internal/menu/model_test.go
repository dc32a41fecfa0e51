package menu

import (
	"encoding/json"
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
