// Package menu owns the cartes (campaigns): their records, the menu
// document (the spec's orderJson) and its typed model, its validation,
// versions and the diff that feeds the change history.
package menu

import "encoding/json"

// Order types and tariffs of the spec.
const (
	OrderSurPlace             = 1
	OrderEmporter             = 2
	OrderLivraison            = 3
	OrderPlatform             = 4
	OrderDrive                = 5
	DefaultPlatformPriceCents = 990
)

// OrderTypeLabel names an order type as the messages do.
func OrderTypeLabel(t int) string {
	switch t {
	case OrderSurPlace:
		return "Sur Place"
	case OrderEmporter:
		return "A Emporter"
	case OrderLivraison:
		return "En Livraison"
	case OrderPlatform:
		return "Platform"
	case OrderDrive:
		return "Drive"
	}
	return ""
}

// Translation of an element's texts.
type Translation struct {
	Langue      string `json:"langue"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Extra       Extra  `json:"-"`
}

// PriceEntry is one price of a product: tariff (1..3) × order type (1..5).
type PriceEntry struct {
	ID        int   `json:"id,omitempty"`
	IDProduct int   `json:"id_product,omitempty"`
	Tariff    int   `json:"tariff"`
	TypeOrder int   `json:"type_order"`
	Price     Price `json:"price"`
	Extra     Extra `json:"-"`
}

// SizePrice is an entry of a product's allSizes.
type SizePrice struct {
	IDSize      int    `json:"id_size"`
	NameSize    string `json:"name_size"`
	LabelSize   string `json:"label_size"`
	SizeEnabled bool   `json:"size_enabled"`
	Tariff      int    `json:"tariff,omitempty"`
	Price       Price  `json:"price"`
	PriceSP     Price  `json:"price_sp"`
	Extra       Extra  `json:"-"`
}

// Flags shared by the removable elements.
type removable struct {
	Removed        bool `json:"removed"`
	RemovedByAdmin bool `json:"removed_by_admin"`
}

// Category is a category (parent_id -1) or a sub-category.
type Category struct {
	IDGlobal    string        `json:"idGlobal"`
	IDCat       int           `json:"idCat"`
	Name        string        `json:"name"`
	ParentID    int           `json:"parent_id"`
	Position    int           `json:"position"`
	Path        string        `json:"path,omitempty"`
	Hidden      bool          `json:"hidden,omitempty"`
	Tags        []int         `json:"tags,omitempty"`
	Translation []Translation `json:"translation,omitempty"`
	removable
	Extra Extra `json:"-"`
}

// Product is an item of the carte.
type Product struct {
	IDGlobal        string          `json:"idGlobal"`
	ID              int             `json:"id"`
	IDCat           int             `json:"idCat"`
	Name            string          `json:"name"`
	Description     string          `json:"description,omitempty"`
	Position        int             `json:"position"`
	Price           Price           `json:"price"`
	PriceJunior     Price           `json:"price_junior"`
	PriceSenior     Price           `json:"price_senior"`
	PriceMega       Price           `json:"price_mega"`
	PricePlatform   Price           `json:"price_platform"`
	PurchasePrice   Price           `json:"purchase_price"`
	Prices          []PriceEntry    `json:"prices,omitempty"`
	AllSizes        []SizePrice     `json:"allSizes,omitempty"`
	ManySize        bool            `json:"many_size"`
	ManyType        bool            `json:"many_type"`
	Options         []int           `json:"options,omitempty"`
	Ingredients     []int           `json:"ingredients,omitempty"`
	Promotions      []int           `json:"promotions,omitempty"`
	FirstPeriod     string          `json:"first_period,omitempty"`
	EndPeriod       string          `json:"end_period,omitempty"`
	Path            string          `json:"path,omitempty"`
	Printer         int             `json:"printer,omitempty"`
	Cook            bool            `json:"cook,omitempty"`
	Hidden          bool            `json:"hidden,omitempty"`
	SoldOut         bool            `json:"sold_out,omitempty"`
	NutritionalInfo json.RawMessage `json:"nutritional_info,omitempty"`
	Translation     []Translation   `json:"translation,omitempty"`
	removable
	Extra Extra `json:"-"`
}

// TariffPrices are the prices of an option under one tariff.
type TariffPrices struct {
	Price         Price `json:"price"`
	PriceSP       Price `json:"price_sp"`
	PriceEmp      Price `json:"price_emp"`
	PriceLv       Price `json:"price_lv"`
	PricePlatform Price `json:"price_platform"`
	PriceDrive    Price `json:"price_drive"`
	Extra         Extra `json:"-"`
}

// OptionItem is an option or an ingredient of an option group.
type OptionItem struct {
	IDGlobal   string                  `json:"idGlobal"`
	IDProduct  int                     `json:"id_product"`
	Name       string                  `json:"name"`
	Price      Price                   `json:"price"`
	TariffData map[string]TariffPrices `json:"tariffData,omitempty"`
	OrderItem  int                     `json:"order_item"`
	removable
	Extra Extra `json:"-"`
}

// OptionGroup is a category of options (or of ingredients).
type OptionGroup struct {
	IDGlobal             string        `json:"idGlobal"`
	ID                   int           `json:"id"`
	Name                 string        `json:"name"`
	IsIngredient         bool          `json:"is_ingredient"`
	MinItems             int           `json:"min_items"`
	MaxItems             int           `json:"max_items"`
	NumberClick          int           `json:"number_click"`
	PrintBlackBackground bool          `json:"print_black_background"`
	Position             int           `json:"position"`
	Items                []OptionItem  `json:"items"`
	Translation          []Translation `json:"translation,omitempty"`
	removable
	Extra Extra `json:"-"`
}

// Promotion of the carte.
type Promotion struct {
	IDGlobal      string `json:"idGlobal"`
	ID            int    `json:"id"`
	Name          string `json:"name"`
	NamePromotion string `json:"name_promotion,omitempty"`
	Discount      Price  `json:"discount"`
	LabelDiscount string `json:"label_discount,omitempty"`
	removable
	Extra Extra `json:"-"`
}

// OptionFamily is an entry of groups_sub_options.
type OptionFamily struct {
	IDGlobal   string `json:"idGlobal"`
	NameGroup  string `json:"name_group"`
	TitleGroup string `json:"title_group,omitempty"`
	MinOption  int    `json:"min_option"`
	MaxOption  int    `json:"max_option"`
	removable
	Extra Extra `json:"-"`
}

// MenuFamilyItem is a product of a menu family with its price.
type MenuFamilyItem struct {
	IDItem    int   `json:"id_item"`
	OrderItem int   `json:"order_item"`
	Price     Price `json:"price"`
	Extra     Extra `json:"-"`
}

// MenuFamily is an entry of the document's cartes.
type MenuFamily struct {
	IDGlobal string           `json:"idGlobal"`
	Name     string           `json:"name"`
	Items    []MenuFamilyItem `json:"items"`
	removable
	Extra Extra `json:"-"`
}

// Document is the menu document (orderJson). Elements this model does not
// type yet (zones, tags, printers, screens…) and unknown fields are kept
// as they are.
type Document struct {
	Categories       []Category        `json:"categories"`
	Items            []Product         `json:"items"`
	Options          []OptionGroup     `json:"options"`
	Cartes           []MenuFamily      `json:"cartes"`
	GroupsSubOptions []OptionFamily    `json:"groups_sub_options"`
	Promotions       []Promotion       `json:"promotions"`
	Zones            []json.RawMessage `json:"zones"`
	Tags             []json.RawMessage `json:"tags"`
	Printers         []json.RawMessage `json:"printers"`
	Screens          []json.RawMessage `json:"screens"`
	Extra            Extra             `json:"-"`
}
