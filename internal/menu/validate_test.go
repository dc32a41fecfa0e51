package menu

import (
	"encoding/json"
	"strings"
	"testing"
)

func doc(t *testing.T, s string) *Document {
	t.Helper()
	var d Document
	if err := json.Unmarshal([]byte(s), &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

func messages(err error) string {
	ve, _ := err.(ValidationErrors)
	var out []string
	for _, e := range ve {
		out = append(out, e.Path+": "+e.Message)
	}
	return strings.Join(out, "\n")
}

func TestPriceRulesUseTheSpecMessages(t *testing.T) {
	d := doc(t, `{"items":[{"idGlobal":"p1","name":"Burger","price":"abc","purchase_price":"-2",
		"prices":[{"tariff":1,"type_order":1,"price":"-5"},{"tariff":2,"type_order":2,"price":"7,5"},{"tariff":4,"type_order":1,"price":1},{"tariff":1,"type_order":9,"price":1}],
		"allSizes":[{"id_size":1,"price":"x1","price_sp":2}]}],
		"options":[{"idGlobal":"g1","name":"Sauces","items":[{"idGlobal":"o1","name":"Ketchup","price":0,"tariffData":{"T2":{"price":"-1"}}}]}]}`)
	got := messages(Validate(d))
	for _, want := range []string{
		"items[0].price: La valeur du prix abc d'article Burger n'est pas valide",
		"items[0].purchase_price: la valeur du prix d'achat -2 n'est pas valide",
		"items[0].prices[0].price: La valeur du prix -5 dans le tarif 1 pour Sur Place du produit Burger n'est pas valide",
		"items[0].prices[2].tariff: Le tarif 4 du produit Burger n'existe pas",
		"items[0].prices[3].type_order: Le type de commande 9 du produit Burger n'existe pas",
		"items[0].allSizes[0].price: La valeur du prix x1 d'article Burger n'est pas valide",
		"options[0].items[0].tariffData.T2.price: La valeur du prix -1 dans le tarif 2 de l'option Ketchup n'est pas valide",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "prices[1]") {
		t.Errorf("7,5 is a valid price: %s", got)
	}
}

func TestDatesDuplicatesNutritionAndDedup(t *testing.T) {
	d := doc(t, `{"categories":[{"idGlobal":"c1","name":"Desserts","parent_id":-1},{"idGlobal":"c2","name":" desserts ","parent_id":-1},{"idGlobal":"c3","name":"Desserts","parent_id":1}],
		"items":[{"idGlobal":"p1","name":"Crème brûlée","first_period":"2026-12-31","end_period":"2026-01-01"},
		         {"idGlobal":"p2","name":"CREME BRULEE"},
		         {"idGlobal":"p1","name":"copie ignorée"},
		         {"idGlobal":"p3","name":"Eau","nutritional_info":{"energy_kcal":{"value":0}}},
		         {"idGlobal":"p4","name":"Soda","nutritional_info":{"energy_kcal":{"value":140}}},
		         {"idGlobal":"p5","name":"Frites","first_period":"2026-01-01","end_period":"2026-01-01","nutritional_info":{"fat_g":{"value":3}}},
		         {"idGlobal":"p6","name":"Salade","nutritional_info":{"fat_g":{"value":3},"salt_g":{"value":1}}}]}`)
	got := messages(Validate(d))
	for _, want := range []string{
		"items[0].first_period: La date de début est supérieure à la date de fin du produit Crème brûlée",
		"items[1].name: Le nom « CREME BRULEE » est déjà utilisé par le produit « Crème brûlée ».",
		"categories[1].name: Le nom «  desserts  » est déjà utilisé par la catégorie « Desserts ».",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "categories[2]") {
		t.Error("a sub-category may share a top-level category's name")
	}
	if strings.Contains(got, "Frites") {
		t.Error("equal start and end dates are allowed")
	}
	if len(d.Items) != 6 || d.Items[1].Name != "CREME BRULEE" {
		t.Fatalf("dedup by idGlobal keeps the first: %d items", len(d.Items))
	}
	keep := map[string]bool{}
	for _, p := range d.Items {
		keep[p.Name] = p.NutritionalInfo != nil
	}
	if keep["Eau"] || !keep["Soda"] || keep["Frites"] || !keep["Salade"] {
		t.Errorf("nutrition retention: %v", keep)
	}
}

func TestSanitizeFileName(t *testing.T) {
	if got := SanitizeFileName(`Carte: été "2026" <Paris>/Lyon?*|\` + "\x01"); got != `Carte_ été _2026_ _Paris__Lyon____`+"_" {
		t.Fatalf("got %q", got)
	}
}

func TestDisplayOrderIsActiveThenRemovedThenRemovedByAdmin(t *testing.T) {
	d := doc(t, `{"items":[{"idGlobal":"a","name":"A","removed":true,"removed_by_admin":true},{"idGlobal":"b","name":"B","removed":true},{"idGlobal":"c","name":"C"},{"idGlobal":"d","name":"D"}],
		"options":[{"idGlobal":"g","name":"G","items":[{"idGlobal":"x","name":"X","removed":true},{"idGlobal":"y","name":"Y"}]}]}`)
	SortForDisplay(d)
	var got []string
	for _, p := range d.Items {
		got = append(got, p.Name)
	}
	if strings.Join(got, "") != "CDBA" || d.Options[0].Items[0].Name != "Y" {
		t.Fatalf("order %v", got)
	}
}

func TestFamiliesAndPromotionsRules(t *testing.T) {
	d := doc(t, `{"items":[{"idGlobal":"p1","id":7,"name":"Menu Classic","price_sp":"-1"}],
		"options":[{"idGlobal":"g1","name":"Sauces","items":[{"idGlobal":"o1","name":"Ketchup","price":0,"cost":"-0,5"}]}],
		"cartes":[{"idGlobal":"m1","name":"Menus midi","items":[{"id_item":7,"order_item":1,"price":"-3"}]},{"idGlobal":"m2","name":"menus  MIDI","items":[]}],
		"groups_sub_options":[{"idGlobal":"f1","name_group":"Boissons"},{"idGlobal":"f2","name_group":"boissons","removed":true},{"idGlobal":"f3","name_group":"Boîssons"}],
		"promotions":[{"idGlobal":"pr1","name":"Été","discount":1},{"idGlobal":"pr2","name":"ete","discount":2}]}`)
	got := messages(Validate(d))
	for _, want := range []string{
		"items[0].price_sp: La valeur du prix -1 d'article Menu Classic n'est pas valide",
		"options[0].items[0].cost: la valeur du prix d'achat -0.5 n'est pas valide",
		"cartes[0].items[0].price: La valeur du prix -3 d'article Menu Classic n'est pas valide",
		"cartes[1].name: Le nom « menus  MIDI » est déjà utilisé par la famille « Menus midi ».",
		"groups_sub_options[2].name_group: Le nom « Boîssons » est déjà utilisé par la famille d'options « Boissons ».",
		"promotions[1].name: Le nom « ete » est déjà utilisé par la promotion « Été ».",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "groups_sub_options[1]") {
		t.Errorf("a removed option family must not count as a duplicate:\n%s", got)
	}
}

// Every negative price is refused, wherever it sits: per size
// (price_size1..7, allSizes per order type), per channel, per tariff and
// order type, on options; typed fields and the price_* keys older clients
// write alike.
func TestEveryNegativePriceIsRefused(t *testing.T) {
	d := doc(t, `{"items":[{"idGlobal":"p1","name":"Burger","price_size3":-4,"price_uber":"-1,5","price_type":"per_piece","price_label":"-x",
		"prices":[{"tariff":2,"type_order":3,"price":-2,"id_size":1}],
		"allSizes":[{"id_size":1,"tariff":1,"price":5,"price_sp":5,"price_emp":-3,"price_drive":"-0,5","price_happy_hour":-7}]}],
		"options":[{"idGlobal":"g1","name":"Sauces","items":[{"idGlobal":"o1","name":"Ketchup","price":0,"price_buy":-1,"price_unity":-2,"price_extra":-6,
		"tariffData":{"T3":{"price":1,"price_bar":-8}}}]}]}`)
	got := messages(Validate(d))
	for _, want := range []string{
		"items[0].price_size3: La valeur du prix -4 d'article Burger n'est pas valide",
		"items[0].price_uber: La valeur du prix -1.5 d'article Burger n'est pas valide",
		"items[0].prices[0].price: La valeur du prix -2 dans le tarif 2 pour En Livraison du produit Burger n'est pas valide",
		"items[0].allSizes[0].price_emp: La valeur du prix -3 d'article Burger n'est pas valide",
		"items[0].allSizes[0].price_drive: La valeur du prix -0.5 d'article Burger n'est pas valide",
		"items[0].allSizes[0].price_happy_hour: La valeur du prix -7 d'article Burger n'est pas valide",
		"options[0].items[0].price_buy: la valeur du prix d'achat -1 n'est pas valide",
		"options[0].items[0].price_unity: La valeur du prix -2 de l'option Ketchup n'est pas valide",
		"options[0].items[0].price_extra: La valeur du prix -6 de l'option Ketchup n'est pas valide",
		"options[0].items[0].tariffData.T3.price_bar: La valeur du prix -8 dans le tarif 3 de l'option Ketchup n'est pas valide",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "price_type") || strings.Contains(got, "price_label") {
		t.Errorf("text that is not a price is not a price:\n%s", got)
	}
}
