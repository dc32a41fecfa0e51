package demo

import (
	"context"
	"encoding/json"
	"fmt"

	"brigade/internal/menu"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

type dish struct {
	name, description string
	cents             int64
	sizes             bool // drinks: junior / senior / mega
	groups            []int
}

type section struct {
	name   string
	dishes []dish
}

// The main carte: about eighty products.
var mainCarte = []section{
	{"Burgers", []dish{
		{"Le Classique", "Steak haché, cheddar, salade, tomate, oignons, sauce maison", 990, false, []int{1, 2, 3}},
		{"Le Bacon", "Steak haché, bacon fumé, cheddar, oignons confits", 1150, false, []int{1, 2, 3}},
		{"Le Montagnard", "Steak haché, raclette, jambon cru, pommes de terre", 1290, false, []int{1, 2, 3}},
		{"Le Chèvre-Miel", "Steak haché, chèvre, miel, roquette, noix", 1190, false, []int{1, 2, 3}},
		{"Le Double", "Deux steaks, double cheddar, pickles", 1390, false, []int{1, 2, 3}},
		{"Le Poulet Croustillant", "Filet de poulet pané, salade, sauce curry", 1090, false, []int{1, 3}},
		{"Le Fish", "Filet de cabillaud pané, sauce tartare", 1090, false, []int{1, 3}},
		{"Le Végétarien", "Galette de légumes, avocat, tomate", 1050, false, []int{1, 3}},
		{"Le Smash", "Deux smash steaks, oignons grillés, sauce secrète", 1250, false, []int{1, 2, 3}},
		{"Le Brigade", "Steak de bœuf charolais, comté affiné, champignons", 1490, false, []int{1, 2, 3}},
		{"Le Mini", "Burger enfant, steak et cheddar", 590, false, []int{1}},
		{"Le Bleu", "Steak haché, fourme d'Ambert, poire", 1250, false, []int{1, 2, 3}},
	}},
	{"Wraps & Sandwichs", []dish{
		{"Wrap Poulet César", "Poulet grillé, parmesan, sauce César", 890, false, []int{1}},
		{"Wrap Falafel", "Falafels, houmous, crudités", 850, false, []int{1}},
		{"Wrap Saumon", "Saumon fumé, fromage frais, aneth", 950, false, []int{1}},
		{"Club Poulet", "Pain de mie toasté, poulet, bacon, œuf", 890, false, []int{1}},
		{"Panini Trois Fromages", "Mozzarella, chèvre, emmental", 690, false, nil},
		{"Croque Brigade", "Jambon, béchamel, comté", 750, false, nil},
		{"Wrap Bœuf Teriyaki", "Bœuf mariné, sauce teriyaki, sésame", 950, false, []int{1}},
		{"Bagel Saumon", "Saumon fumé, cream cheese, câpres", 890, false, nil},
		{"Hot-dog New-Yorkais", "Saucisse fumée, oignons frits, moutarde", 790, false, []int{1}},
	}},
	{"Salades", []dish{
		{"Salade César", "Romaine, poulet, croûtons, parmesan", 1050, false, []int{1}},
		{"Salade Chèvre Chaud", "Toasts de chèvre, miel, noix", 1050, false, []int{1}},
		{"Salade Bowl Quinoa", "Quinoa, avocat, edamame, sésame", 1090, false, []int{1}},
		{"Salade Niçoise", "Thon, œuf, olives, haricots verts", 1050, false, []int{1}},
		{"Petite Salade", "Salade verte, tomates cerises", 390, false, nil},
		{"Salade Grecque", "Feta, concombre, olives, oignon rouge", 990, false, []int{1}},
		{"Poke Saumon", "Riz vinaigré, saumon, mangue, edamame", 1190, false, []int{1}},
	}},
	{"Accompagnements", []dish{
		{"Frites", "Frites fraîches, sel de Guérande", 350, false, []int{1}},
		{"Frites de patate douce", "Patate douce, paprika fumé", 450, false, []int{1}},
		{"Potatoes", "Quartiers de pommes de terre épicés", 390, false, []int{1}},
		{"Onion Rings", "Rondelles d'oignon panées", 450, false, []int{1}},
		{"Nuggets x6", "Poulet pané", 490, false, []int{1}},
		{"Nuggets x9", "Poulet pané", 650, false, []int{1}},
		{"Mozza Sticks", "Bâtonnets de mozzarella panés", 490, false, []int{1}},
		{"Coleslaw", "Chou, carotte, sauce crémeuse", 290, false, nil},
		{"Haricots verts", "Haricots verts persillés", 290, false, nil},
		{"Wings x6", "Ailes de poulet marinées", 590, false, []int{1}},
		{"Wings x12", "Ailes de poulet marinées", 990, false, []int{1}},
		{"Cheddar Fries", "Frites, cheddar fondu, bacon", 550, false, []int{1}},
	}},
	{"Boissons", []dish{
		{"Coca-Cola", "", 290, true, nil},
		{"Coca-Cola Zéro", "", 290, true, nil},
		{"Orangina", "", 290, true, nil},
		{"Ice Tea Pêche", "", 290, true, nil},
		{"Sprite", "", 290, true, nil},
		{"Limonade artisanale", "", 350, true, nil},
		{"Thé glacé maison", "", 350, true, nil},
		{"Jus d'orange pressé", "", 420, true, nil},
		{"Eau plate 50 cl", "", 220, false, nil},
		{"Eau pétillante 50 cl", "", 240, false, nil},
		{"Bière blonde pression", "", 450, true, nil},
		{"Bière IPA", "", 550, false, nil},
		{"Café", "", 180, false, nil},
		{"Cappuccino", "", 320, false, nil},
		{"Thé", "", 250, false, nil},
		{"Chocolat chaud", "", 320, false, nil},
	}},
	{"Desserts", []dish{
		{"Cookie", "Cookie aux pépites de chocolat", 250, false, nil},
		{"Brownie", "Brownie aux noix de pécan", 350, false, nil},
		{"Cheesecake", "Cheesecake, coulis de fruits rouges", 450, false, nil},
		{"Tiramisu", "Tiramisu maison", 450, false, nil},
		{"Mousse au chocolat", "Chocolat noir 70 %", 390, false, nil},
		{"Tarte du jour", "Selon l'humeur du chef", 420, false, nil},
		{"Glace deux boules", "Vanille, chocolat, fraise ou pistache", 350, false, nil},
		{"Sundae caramel", "Glace vanille, caramel beurre salé", 390, false, nil},
		{"Milkshake vanille", "", 490, true, nil},
		{"Milkshake fraise", "", 490, true, nil},
		{"Salade de fruits", "Fruits frais de saison", 350, false, nil},
		{"Donut", "Glaçage sucre", 220, false, nil},
	}},
	{"Menus", []dish{
		{"Menu Classique", "Le Classique, frites et boisson", 1390, false, []int{1, 2, 4}},
		{"Menu Bacon", "Le Bacon, frites et boisson", 1550, false, []int{1, 2, 4}},
		{"Menu Montagnard", "Le Montagnard, frites et boisson", 1690, false, []int{1, 2, 4}},
		{"Menu Poulet", "Le Poulet Croustillant, frites et boisson", 1490, false, []int{1, 4}},
		{"Menu Végétarien", "Le Végétarien, frites et boisson", 1450, false, []int{1, 4}},
		{"Menu Enfant", "Le Mini, frites, boisson et surprise", 790, false, []int{4}},
		{"Menu Wrap", "Un wrap, frites et boisson", 1290, false, []int{1, 4}},
		{"Menu Salade", "Une salade, boisson et dessert", 1490, false, []int{4}},
		{"Menu Brigade", "Le Brigade, frites et boisson", 1890, false, []int{1, 2, 4}},
		{"Menu Smash", "Le Smash, frites et boisson", 1650, false, []int{1, 2, 4}},
		{"Menu Double", "Le Double, frites et boisson", 1790, false, []int{1, 2, 4}},
		{"Menu Fish", "Le Fish, frites et boisson", 1490, false, []int{1, 4}},
	}},
}

var winterCarte = []section{
	{"Spécialités d'hiver", []dish{
		{"Le Raclette", "Steak, raclette fondue, pommes de terre, cornichons", 1390, false, []int{1, 2}},
		{"Le Tartiflette", "Steak, reblochon, lardons, oignons", 1390, false, []int{1, 2}},
		{"Soupe à l'oignon", "Gratinée au comté", 690, false, nil},
		{"Velouté de potimarron", "Crème fraîche, graines de courge", 590, false, nil},
		{"Chili con carne", "Riz, crème, cheddar", 990, false, nil},
	}},
	{"Douceurs d'hiver", []dish{
		{"Vin chaud", "", 450, false, nil},
		{"Chocolat viennois", "", 420, false, nil},
		{"Crêpe caramel", "Caramel beurre salé", 390, false, nil},
		{"Bûche glacée", "Part individuelle", 550, false, nil},
		{"Pain d'épices", "Fait maison", 290, false, nil},
	}},
}

func price(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

// carteDocument builds a carte's document from its sections.
func carteDocument(prefix string, sections []section, withPromotions bool) []byte {
	type obj = map[string]any
	var cats, items []any
	id := 0
	for ci, sec := range sections {
		cats = append(cats, obj{"idGlobal": fmt.Sprintf("%s-cat-%d", prefix, ci+1), "idCat": ci + 1, "name": sec.name, "parent_id": -1, "position": ci + 1, "path": categoryImage(prefix, ci),
			"translation": []any{obj{"langue": "en", "name": sec.name}}})
		for pi, d := range sec.dishes {
			id++
			var prices []any
			for _, ot := range []int{1, 2, 3} {
				c := d.cents
				if ot == 3 {
					c += 150 // delivery costs more
				}
				prices = append(prices, obj{"tariff": 1, "type_order": ot, "price": price(c)})
			}
			p := obj{"idGlobal": fmt.Sprintf("%s-prod-%d", prefix, id), "id": id, "idCat": ci + 1, "name": d.name, "description": d.description,
				"position": pi + 1, "price": price(d.cents), "price_platform": price(d.cents + 200), "prices": prices, "many_size": d.sizes, "many_type": true,
				"options": d.groups, "best_sale": pi == 0, "daily_stock": 0, "hidden_borne": false, "path": productImage(prefix, id)}
			if d.sizes {
				p["allSizes"] = []any{
					obj{"id_size": 1, "name_size": "junior", "label_size": "Taille 1", "size_enabled": true, "price": price(d.cents), "price_sp": price(d.cents)},
					obj{"id_size": 2, "name_size": "senior", "label_size": "Taille 2", "size_enabled": true, "price": price(d.cents + 60), "price_sp": price(d.cents + 60)},
					obj{"id_size": 3, "name_size": "mega", "label_size": "Taille 3", "size_enabled": true, "price": price(d.cents + 120), "price_sp": price(d.cents + 120)},
				}
				p["price_junior"], p["price_senior"], p["price_mega"] = price(d.cents), price(d.cents+60), price(d.cents+120)
			}
			if withPromotions && ci == 6 && pi < 3 {
				p["promotions"] = []int{1}
			}
			items = append(items, p)
		}
	}
	option := func(g, n int, name string, cents int64) obj {
		return obj{"idGlobal": fmt.Sprintf("%s-opt-%d-%d", prefix, g, n), "id_product": n, "name": name, "price": price(cents), "order_item": n,
			"tariffData": obj{"T1": obj{"price": price(cents)}}}
	}
	groups := []any{
		obj{"idGlobal": prefix + "-grp-1", "id": 1, "name": "Sauces", "min_items": 0, "max_items": 2, "number_click": 1, "print_black_background": true, "position": 1,
			"items": []any{option(1, 1, "Ketchup", 0), option(1, 2, "Mayonnaise", 0), option(1, 3, "Barbecue", 0), option(1, 4, "Sauce maison", 0), option(1, 5, "Samouraï", 0), option(1, 6, "Sauce au poivre", 50)}},
		obj{"idGlobal": prefix + "-grp-2", "id": 2, "name": "Cuisson", "min_items": 1, "max_items": 1, "number_click": 1, "print_black_background": true, "position": 2,
			"items": []any{option(2, 1, "Saignant", 0), option(2, 2, "À point", 0), option(2, 3, "Bien cuit", 0)}},
		obj{"idGlobal": prefix + "-grp-3", "id": 3, "name": "Suppléments", "min_items": 0, "max_items": 4, "number_click": 1, "print_black_background": true, "position": 3,
			"items": []any{option(3, 1, "Cheddar", 100), option(3, 2, "Bacon", 150), option(3, 3, "Œuf", 100), option(3, 4, "Avocat", 150), option(3, 5, "Steak supplémentaire", 300)}},
		obj{"idGlobal": prefix + "-grp-4", "id": 4, "name": "Boisson du menu", "min_items": 1, "max_items": 1, "number_click": 1, "print_black_background": true, "position": 4,
			"items": []any{option(4, 1, "Coca-Cola", 0), option(4, 2, "Coca-Cola Zéro", 0), option(4, 3, "Ice Tea Pêche", 0), option(4, 4, "Eau plate", 0), option(4, 5, "Limonade artisanale", 50)}},
	}
	var promos []any
	if withPromotions {
		promos = []any{
			obj{"idGlobal": prefix + "-promo-1", "id": 1, "name": "Menu du midi", "name_promotion": "-1 € sur les menus", "discount": "1.00", "label_discount": "Midi"},
			obj{"idGlobal": prefix + "-promo-2", "id": 2, "name": "Étudiant", "name_promotion": "-10 % étudiant", "discount": "10", "label_discount": "Étudiant"},
		}
	}
	doc := obj{"categories": cats, "items": items, "options": groups, "cartes": []any{}, "groups_sub_options": []any{}, "promotions": promos,
		"zones": []any{}, "tags": []any{}, "printers": []any{}, "screens": []any{}, "hide_name_categories": false, "hide_name_sub_categories": false,
		"hide_name_products": false, "hide_name_options": false}
	for i := 1; i <= 10; i++ {
		doc[fmt.Sprintf("product_size_%d", i)] = fmt.Sprintf("taille %d", i)
	}
	b, _ := json.Marshal(doc)
	return b
}

// loadCartes gives the demo franchise its two cartes, through the menu
// service so that they also have their change history, and links them to
// every restaurant.
func loadCartes(ctx context.Context, db *store.DB, ten *tenancy.Service, svc *menu.Service) error {
	owner, err := ten.UserByLogin(ctx, "demo-admin")
	if err != nil {
		return err
	}
	p := tenancy.PrincipalFor(owner)
	cartes := []struct {
		in  menu.CampaignInput
		doc []byte
	}{
		{menu.CampaignInput{Nom: "Carte principale", IsPrincipal: true}, carteDocument("main", mainCarte, true)},
		{menu.CampaignInput{Nom: "Carte d'hiver", DateDebut: "2026-12-01", DateFin: "2027-02-28", IsPeriodic: true,
			CampagneDates: []string{"2026-12-01", "2027-02-28"}}, carteDocument("hiver", winterCarte, false)},
	}
	restos, err := ten.Restaurants(ctx, p, tenancy.RestaurantFilter{})
	if err != nil {
		return err
	}
	for _, c := range cartes {
		created, err := svc.Create(ctx, p, c.in)
		if err != nil {
			return err
		}
		if _, err := svc.SaveDocument(ctx, p, created.ID, created.Version, c.doc); err != nil {
			return fmt.Errorf("demo carte %s: %w", c.in.Nom, err)
		}
		for _, x := range restos {
			if err := menu.Link(ctx, db, created.ID, x.ID); err != nil {
				return err
			}
		}
	}
	return nil
}
