// Package menu owns the cartes (campaigns): their records, the menu
// document (the spec's orderJson) and its typed model, its validation,
// versions and the diff that feeds the change history.
package menu

import (
	"encoding/json"
	"strconv"
	"strings"
)

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
	Langue      string `json:"langue" required:"true"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Extra       Extra  `json:"-"`
}

// PriceEntry is one price of a product: tariff (1..3) × order type (1..5).
type PriceEntry struct {
	ID        int   `json:"id,omitempty"`
	IDProduct int   `json:"id_product,omitempty"`
	Tariff    int   `json:"tariff" required:"true"`
	TypeOrder int   `json:"type_order" required:"true"`
	Price     Price `json:"price" required:"true"`
	Extra     Extra `json:"-"`
}

// SizePrice is an entry of a product's allSizes.
type SizePrice struct {
	IDSize      int    `json:"id_size" required:"true"`
	NameSize    string `json:"name_size"`
	LabelSize   string `json:"label_size"`
	SizeEnabled bool   `json:"size_enabled"`
	Tariff      int    `json:"tariff,omitempty"`
	Price       Price  `json:"price"`
	PriceSP     Price  `json:"price_sp"`
	// The size's prices per order type (many_type).
	PriceEmp      Price `json:"price_emp,omitempty"`
	PriceLv       Price `json:"price_lv,omitempty"`
	PricePlatform Price `json:"price_platform,omitempty"`
	PriceDrive    Price `json:"price_drive,omitempty"`
	Extra         Extra `json:"-"`
}

// Removable holds the flags shared by the elements that can be put in the
// trash. Exported so that the API schema, built from these types, lists them.
type Removable struct {
	Removed        bool `json:"removed"`
	RemovedByAdmin bool `json:"removed_by_admin"`
}

// Category is a category (parent_id -1) or a sub-category.
type Category struct {
	IDGlobal    string        `json:"idGlobal" required:"true"`
	IDCat       int           `json:"idCat" required:"true"`
	Name        string        `json:"name" required:"true"`
	ParentID    int           `json:"parent_id" required:"true"`
	Position    int           `json:"position" required:"true"`
	Path        string        `json:"path,omitempty"`
	Hidden      bool          `json:"hidden,omitempty"`
	Tags        []int         `json:"tags,omitempty"`
	Translation []Translation `json:"translation,omitempty"`

	SoldOut            bool   `json:"sold_out,omitempty"`
	OffsetPrintKitchen Count  `json:"offset_print_kitchen,omitempty"`
	PathCategoryMoment string `json:"path_category_moment,omitempty"`
	ProductsFirst      bool   `json:"products_first,omitempty"`
	HasSubCategories   bool   `json:"has_sub_categories,omitempty"`
	Removable
	Extra Extra `json:"-"`
}

// Product is an item of the carte.
type Product struct {
	IDGlobal        string          `json:"idGlobal" required:"true"`
	ID              int             `json:"id" required:"true"`
	IDCat           int             `json:"idCat" required:"true"`
	Name            string          `json:"name" required:"true"`
	Description     string          `json:"description,omitempty"`
	Position        int             `json:"position" required:"true"`
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

	DescriptionUbereat     string `json:"description_ubereat,omitempty"`
	AliasProduct           string `json:"alias_product,omitempty"`
	DifferentPrice         bool   `json:"different_price,omitempty"`
	PriceSP                Price  `json:"price_sp,omitempty"`
	PriceEmp               Price  `json:"price_emp,omitempty"`
	PriceLv                Price  `json:"price_lv,omitempty"`
	PriceDrive             Price  `json:"price_drive,omitempty"`
	BarCode                string `json:"bar_code,omitempty"`
	HasBarCode             bool   `json:"has_bar_code,omitempty"`
	Unit                   string `json:"unit,omitempty"`
	PathPlatform           string `json:"path_platform,omitempty"`
	PathProductMoment      string `json:"path_product_moment,omitempty"`
	TypeImageProductMoment string `json:"type_image_product_moment,omitempty"`
	PrinterLabel           int    `json:"printerLabel,omitempty"`
	Screens                []int  `json:"screens,omitempty"`
	DisplayKitchen         bool   `json:"display_kitchen,omitempty"`
	HasTimetable           bool   `json:"has_timetable,omitempty"`
	DaysOn                 []int  `json:"daysOn,omitempty"`
	// ShiftsOn are the product's hours on the days it is on (Horaires).
	ShiftsOn []Shift `json:"shiftsOn,omitempty"`
	ProductPrices
	Weight     Quantity `json:"weight,omitempty"`
	Quantity   Quantity `json:"quantity,omitempty"`
	DailyStock Count    `json:"daily_stock,omitempty"`
	ProductFlags
	Removable
	Extra Extra `json:"-"`
}

// Shift is a period of a product's day ("HH:MM").
type Shift struct {
	Start string `json:"start" required:"true"`
	End   string `json:"end" required:"true"`
	Extra Extra  `json:"-"`
}

// ProductPrices are a product's other prices of the spec (§3): per size
// (price_size1..7, sizes 4..10) and per channel.
type ProductPrices struct {
	PriceSize1     Price `json:"price_size1,omitempty"`
	PriceSize2     Price `json:"price_size2,omitempty"`
	PriceSize3     Price `json:"price_size3,omitempty"`
	PriceSize4     Price `json:"price_size4,omitempty"`
	PriceSize5     Price `json:"price_size5,omitempty"`
	PriceSize6     Price `json:"price_size6,omitempty"`
	PriceSize7     Price `json:"price_size7,omitempty"`
	PriceDelivero  Price `json:"price_delivero,omitempty"`
	PriceBar       Price `json:"price_bar,omitempty"`
	PriceUber      Price `json:"price_uber,omitempty"`
	PriceHappyHour Price `json:"price_happy_hour,omitempty"`
	PriceTerasse   Price `json:"price_terasse,omitempty"`
	PriceUnity     Price `json:"price_unity,omitempty"`
}

// ProductFlags are a product's availability switches (spec §3), the ones
// Mes Produits edits in bulk.
type ProductFlags struct {
	HiddenOnline       bool `json:"hidden_online,omitempty"`
	HiddenBorne        bool `json:"hidden_borne,omitempty"`
	HiddenCaisse       bool `json:"hidden_caisse,omitempty"`
	HiddenUbereat      bool `json:"hidden_ubereat,omitempty"`
	SoldOutTemporary   bool `json:"sold_out_temporary,omitempty"`
	BestSale           bool `json:"best_sale,omitempty"`
	TopProduct         bool `json:"top_product,omitempty"`
	IsMenu             bool `json:"is_menu,omitempty"`
	FreePrice          bool `json:"free_price,omitempty"`
	ApplyDiscount      bool `json:"apply_discount,omitempty"`
	AvailableOnTheSpot bool `json:"available_on_the_spot,omitempty"`
	AvailableTakeaway  bool `json:"available_takeaway,omitempty"`
	AvailableBar       bool `json:"available_bar,omitempty"`
	AvailableDelivery  bool `json:"available_delivery,omitempty"`
	AvailableTerasse   bool `json:"available_terasse,omitempty"`
	AvailableHappyHour bool `json:"available_happy_hour,omitempty"`
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
	IDGlobal   string                  `json:"idGlobal" required:"true"`
	IDProduct  int                     `json:"id_product"`
	Name       string                  `json:"name" required:"true"`
	Price      Price                   `json:"price"`
	TariffData map[string]TariffPrices `json:"tariffData,omitempty"`
	OrderItem  int                     `json:"order_item"`

	AliasSupplement string      `json:"alias_supplement,omitempty"`
	Cost            Price       `json:"cost,omitempty"`
	PriceBuy        Price       `json:"price_buy,omitempty"`
	PriceUnity      Price       `json:"price_unity,omitempty"`
	Quantity        Quantity    `json:"quantity,omitempty"`
	QuantityStock   Quantity    `json:"quantity_stock,omitempty"`
	NumberFlame     Count       `json:"number_flame,omitempty"`
	SizesLimits     []SizeLimit `json:"sizes_limits,omitempty"`
	SoldOut         bool        `json:"sold_out,omitempty"`
	Cookable        bool        `json:"cookable,omitempty"`
	Path            string      `json:"path,omitempty"`
	Removable
	Extra Extra `json:"-"`
}

// SizeLimit is an option's or an ingredient's per-size counts (README
// "Décisions": min / max / free per size).
type SizeLimit struct {
	IDSize Count `json:"id_size" required:"true"`
	Min    Count `json:"min"`
	Max    Count `json:"max"`
	Free   Count `json:"free"`
	Extra  Extra `json:"-"`
}

// OptionGroup is a category of options (or of ingredients).
type OptionGroup struct {
	IDGlobal             string        `json:"idGlobal" required:"true"`
	ID                   int           `json:"id" required:"true"`
	Name                 string        `json:"name" required:"true"`
	IsIngredient         bool          `json:"is_ingredient"`
	MinItems             int           `json:"min_items"`
	MaxItems             int           `json:"max_items"`
	NumberClick          int           `json:"number_click"`
	PrintBlackBackground bool          `json:"print_black_background"`
	Position             int           `json:"position"`
	Items                []OptionItem  `json:"items" required:"true"`
	Translation          []Translation `json:"translation,omitempty"`

	Printer           int  `json:"printer,omitempty"`
	Prepared          bool `json:"prepared,omitempty"`
	MultipleCategory  bool `json:"multiple_category,omitempty"`
	DisplayFree       bool `json:"display_free,omitempty"`
	ShiftOption       bool `json:"shift_option,omitempty"`
	AlphabeticalOrder bool `json:"alphabetical_order,omitempty"`
	NoPrintable       bool `json:"no_printable,omitempty"`
	IsBold            bool `json:"is_bold,omitempty"`
	OrderName         bool `json:"order_name,omitempty"`
	Removable
	Extra Extra `json:"-"`
}

// Promotion of the carte.
type Promotion struct {
	IDGlobal      string `json:"idGlobal" required:"true"`
	ID            int    `json:"id" required:"true"`
	Name          string `json:"name" required:"true"`
	NamePromotion string `json:"name_promotion,omitempty"`
	Discount      Price  `json:"discount"`
	LabelDiscount string `json:"label_discount,omitempty"`

	Quantity         int           `json:"quantity,omitempty"`
	SizeProduct      int           `json:"size_product,omitempty"`
	LabelSizeProduct string        `json:"label_size_product,omitempty"`
	TypeOrder        int           `json:"type_order,omitempty"`
	Description      string        `json:"description,omitempty"`
	TextPromo        string        `json:"text_promo,omitempty"`
	Translation      []Translation `json:"translation,omitempty"`
	Removable
	Extra Extra `json:"-"`
}

// OptionFamily is an entry of groups_sub_options.
type OptionFamily struct {
	IDGlobal   string `json:"idGlobal" required:"true"`
	NameGroup  string `json:"name_group" required:"true"`
	TitleGroup string `json:"title_group,omitempty"`
	MinOption  int    `json:"min_option"`
	MaxOption  int    `json:"max_option"`

	NumberClick     int  `json:"number_click,omitempty"`
	OptionFree      int  `json:"option_free,omitempty"`
	HasLimitOptions bool `json:"has_limit_options,omitempty"`
	// SubSupplements name the option groups of the family: ids, numeric
	// texts or objects with an id, as older cartes wrote them.
	SubSupplements []any `json:"sub_supplements,omitempty"`
	Removable
	Extra Extra `json:"-"`
}

// MenuFamilyItem is a product of a menu family with its price.
type MenuFamilyItem struct {
	IDItem    int   `json:"id_item" required:"true"`
	OrderItem int   `json:"order_item" required:"true"`
	Price     Price `json:"price" required:"true"`
	Extra     Extra `json:"-"`
}

// MenuFamily is an entry of the document's cartes.
type MenuFamily struct {
	IDGlobal string           `json:"idGlobal" required:"true"`
	Name     string           `json:"name" required:"true"`
	Items    []MenuFamilyItem `json:"items" required:"true"`
	Removable
	Extra Extra `json:"-"`
}

// TimePeriod is one opening period of a tag's day ("HH:MM").
type TimePeriod struct {
	ID    int    `json:"id,omitempty"`
	Start string `json:"start" required:"true"`
	End   string `json:"end" required:"true"`
	Extra Extra  `json:"-"`
}

// TagDay is a tag's schedule for one day of the week (0 Sunday … 6 Saturday).
type TagDay struct {
	DayOfWeek   int          `json:"day_of_week" required:"true"`
	TimePeriods []TimePeriod `json:"time_periods" required:"true"`
	Extra       Extra        `json:"-"`
}

// Tag of the carte (spec §3 "Tag").
type Tag struct {
	IDGlobal           string   `json:"idGlobal" required:"true"`
	IDTag              int      `json:"idTag" required:"true"`
	NameTag            string   `json:"name_tag" required:"true"`
	NumberTag          int      `json:"number_tag,omitempty"`
	LogoTag            string   `json:"logo_tag,omitempty"`
	BackgroundCatalog  string   `json:"background_catalog,omitempty"`
	OrderTypes         []int    `json:"orderTypes,omitempty"`
	DisabledOrderTypes []int    `json:"disabledOrderTypes,omitempty"`
	Schedule           []TagDay `json:"schedule,omitempty"`
	Deleted            bool     `json:"deleted,omitempty"`
	Extra              Extra    `json:"-"`
}

// Zone of the carte.
type Zone struct {
	ID           int    `json:"id"`
	IDGlobal     string `json:"idGlobal,omitempty"`
	PositionZone int    `json:"position_zone,omitempty"`
	NumberZone   int    `json:"number_zone,omitempty"`
	IDZone       int    `json:"id_zone,omitempty"`
	Extra        Extra  `json:"-"`
}

// Printer as the carte carries it (spec §3 "Printer").
type Printer struct {
	IDPrinter    int    `json:"idPrinter"`
	Name         string `json:"name"`
	TypePrinter  string `json:"type_printer,omitempty"`
	WidthTicket  int    `json:"width_ticket,omitempty"`
	NumberTicket int    `json:"number_ticket,omitempty"`
	IPAddress    string `json:"ip_address,omitempty"`
	Type         string `json:"type,omitempty"`
	Extra        Extra  `json:"-"`
}

// Screen is a kitchen screen (spec §3 "Screen").
type Screen struct {
	IDScreen     int    `json:"idScreen"`
	NumberScreen int    `json:"number_screen,omitempty"`
	NameScreen   string `json:"name_screen"`
	Extra        Extra  `json:"-"`
}

// SizeLabels are the document's product_size_1..10 labels.
type SizeLabels struct {
	ProductSize1  string `json:"product_size_1,omitempty"`
	ProductSize2  string `json:"product_size_2,omitempty"`
	ProductSize3  string `json:"product_size_3,omitempty"`
	ProductSize4  string `json:"product_size_4,omitempty"`
	ProductSize5  string `json:"product_size_5,omitempty"`
	ProductSize6  string `json:"product_size_6,omitempty"`
	ProductSize7  string `json:"product_size_7,omitempty"`
	ProductSize8  string `json:"product_size_8,omitempty"`
	ProductSize9  string `json:"product_size_9,omitempty"`
	ProductSize10 string `json:"product_size_10,omitempty"`
}

// Labels are the ten labels in size order.
func (l *SizeLabels) Labels() [10]*string {
	return [10]*string{&l.ProductSize1, &l.ProductSize2, &l.ProductSize3, &l.ProductSize4, &l.ProductSize5,
		&l.ProductSize6, &l.ProductSize7, &l.ProductSize8, &l.ProductSize9, &l.ProductSize10}
}

// WithDefaults gives every label without text the spec's default
// ('taille n', first document §9): kiosks look each one up.
func (l SizeLabels) WithDefaults() SizeLabels {
	for i, p := range l.Labels() {
		if strings.TrimSpace(*p) == "" {
			*p = "taille " + strconv.Itoa(i+1)
		}
	}
	return l
}

// HideNames are the kiosk's hide-name flags carried by the document. They
// are always written, false included (spec default): kiosks read each one.
type HideNames struct {
	HideNameCategories    bool `json:"hide_name_categories"`
	HideNameSubCategories bool `json:"hide_name_sub_categories"`
	HideNameProducts      bool `json:"hide_name_products"`
	HideNameOptions       bool `json:"hide_name_options"`
}

// Document is the menu document (orderJson). Unknown fields of every
// element are kept as they are.
type Document struct {
	Categories       []Category     `json:"categories" required:"true"`
	Items            []Product      `json:"items" required:"true"`
	Options          []OptionGroup  `json:"options" required:"true"`
	Cartes           []MenuFamily   `json:"cartes"`
	GroupsSubOptions []OptionFamily `json:"groups_sub_options"`
	Promotions       []Promotion    `json:"promotions"`
	Zones            []Zone         `json:"zones"`
	Tags             []Tag          `json:"tags"`
	Printers         []Printer      `json:"printers"`
	Screens          []Screen       `json:"screens"`
	SizeLabels
	HideNames
	Extra Extra `json:"-"`
	// badNumber is the JSON path of the first Count or Quantity that came
	// in as something else ("" if none): kept when a stored carte is read,
	// refused when one is saved or imported.
	badNumber string
	// sizeHint is the length of the JSON the document was read from.
	sizeHint int
	// hints, set by a decoding with the element cache, give the bytes of
	// each compared element (see elemcache.go).
	hints *elemHints
}
