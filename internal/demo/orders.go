package demo

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"time"

	"brigade/internal/orders"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// DefaultOrders is the size of the demo's year of orders.
const DefaultOrders = 300_000

// Shop is a restaurant that orders are generated for, with its devices.
type Shop struct {
	Restaurant tenancy.Restaurant
	Tills      []tenancy.Device
	Kiosks     []tenancy.Device
	// Weight scales the restaurant's traffic (1 = average).
	Weight float64
}

type item struct {
	id             string // idGlobal in the carte
	name, category string
	cents          int64
	drink, alcohol bool
	weight         float64
}

// menuItems are the products orders draw from: the main carte's.
// demoRegulars is how many click & collect clients the demo has.
const demoRegulars = 600

func menuItems() []item {
	var out []item
	catWeight := map[string]float64{"Burgers": 5, "Wraps & Sandwichs": 2, "Salades": 1.5, "Accompagnements": 4, "Boissons": 4.5, "Desserts": 2, "Menus": 3}
	n := 0
	for _, s := range mainCarte {
		w := catWeight[s.name]
		if w == 0 {
			w = 1
		}
		for i, d := range s.dishes {
			n++
			alcohol := s.name == "Boissons" && (containsAny(d.name, "Bière", "Vin", "Cidre", "IPA"))
			out = append(out, item{id: fmt.Sprintf("main-prod-%d", n), name: d.name, category: s.name, cents: d.cents, drink: s.name == "Boissons", alcohol: alcohol,
				weight: w / float64(len(s.dishes)) * (1.6 - 0.1*float64(i%7))})
		}
	}
	return out
}

func containsAny(s string, subs ...string) bool {
	for _, x := range subs {
		for i := 0; i+len(x) <= len(s); i++ {
			if s[i:i+len(x)] == x {
				return true
			}
		}
	}
	return false
}

var extras = []struct {
	name, group string
	cents       int64
}{
	{"Supplément cheddar", "Suppléments", 100},
	{"Supplément bacon", "Suppléments", 150},
	{"Double steak", "Suppléments", 300},
	{"Sauce barbecue", "Sauces", 0},
	{"Sauce maison", "Sauces", 0},
	{"Sauce curry", "Sauces", 50},
	{"Sans oignons", "Préférences", 0},
	{"Pain complet", "Préférences", 0},
}

var discounts = []struct {
	kind, label string
	value       int64
}{
	{orders.DiscountPercent, "Happy Hour", 1000},
	{orders.DiscountPercent, "Fidélité", 2000},
	{orders.DiscountPercent, "Étudiant", 1500},
	{orders.DiscountAmount, "Bon de réduction", 200},
	{orders.DiscountAmount, "Geste commercial", 500},
}

var cashiers = []string{"Camille", "Nabil", "Léa", "Thomas", "Inès", "Hugo"}
var firstNames = []string{"Julie", "Karim", "Sophie", "Mehdi", "Claire", "Lucas", "Emma", "Yanis"}
var lastNames = []string{"Martin", "Bernard", "Benali", "Dubois", "Moreau", "Petit", "Garcia", "Roux"}

// vatRates gives the food and drink rates for dine-in and take-away.
func vatRates(country string, dineIn bool, it item) int {
	switch country {
	case "CH":
		if dineIn || it.alcohol {
			return 770
		}
		return 250
	case "MA":
		return 1000
	}
	if it.alcohol {
		return 2000
	}
	if dineIn {
		return 1000
	}
	if it.drink {
		return 550
	}
	return 550
}

// Generator makes a deterministic stream of orders: the same seed, shops
// and last day give the same orders.
type Generator struct {
	Shops []Shop
	// Last is the last business day generated; orders of that day stop at Now.
	Last time.Time
	Now  time.Time
	Days int
	// Total is about how many orders to make in all.
	Total int
	Seed  uint64
}

// Each calls fn with every order, day by day, with the index of its shop
// and device (0 = a till or kiosk per the order's source).
func (g Generator) Each(fn func(o orders.Order, dev tenancy.Device) error) error {
	items := menuItems()
	var totalW float64
	for _, it := range items {
		totalW += it.weight
	}
	pick := func(r *rand.Rand) item {
		x := r.Float64() * totalW
		for _, it := range items {
			x -= it.weight
			if x <= 0 {
				return it
			}
		}
		return items[len(items)-1]
	}
	var shopW float64
	for _, s := range g.Shops {
		shopW += s.Weight
	}
	perDay := float64(g.Total) / float64(g.Days) / shopW / 1.0
	r := rand.New(rand.NewPCG(g.Seed, 0x5eed))
	first := g.Last.AddDate(0, 0, -(g.Days - 1))
	for day := 0; day < g.Days; day++ {
		date := first.AddDate(0, 0, day)
		wd := date.Weekday()
		dayFactor := map[time.Weekday]float64{time.Monday: 0.78, time.Tuesday: 0.85, time.Wednesday: 0.97, time.Thursday: 0.95, time.Friday: 1.2, time.Saturday: 1.35, time.Sunday: 0.9}[wd]
		season := 1 + 0.12*math.Sin(2*math.Pi*float64(date.YearDay()-100)/365)
		for si, s := range g.Shops {
			loc, err := time.LoadLocation(s.Restaurant.TimeZone)
			if err != nil {
				loc = time.UTC
			}
			n := int(perDay*s.Weight*dayFactor*season + r.Float64())
			for k := 0; k < n; k++ {
				// Lunch and dinner peaks.
				var minute float64
				switch x := r.Float64(); {
				case x < 0.55:
					minute = 12.6*60 + r.NormFloat64()*45
				case x < 0.9:
					minute = 19.9*60 + r.NormFloat64()*55
				default:
					minute = 10.5*60 + r.Float64()*12*60
				}
				minute = math.Max(10*60, math.Min(23*60+50, minute))
				local := time.Date(date.Year(), date.Month(), date.Day(), 0, int(minute), r.IntN(60), 0, loc)
				if local.After(g.Now) {
					continue
				}
				o, dev := g.order(r, pick, s, local, fmt.Sprintf("%d-%d-%d", si, day, k))
				if err := fn(o, dev); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (g Generator) order(r *rand.Rand, pick func(*rand.Rand) item, s Shop, at time.Time, id string) (orders.Order, tenancy.Device) {
	o := orders.Order{OrderID: "CMD-" + id, PaidAt: at.UTC(), Status: orders.StatusPaid}
	var dev tenancy.Device
	switch x := r.Float64(); {
	case x < 0.47 && len(s.Kiosks) > 0:
		o.Source, dev = orders.SourceKiosk, s.Kiosks[r.IntN(len(s.Kiosks))]
	case x < 0.95:
		o.Source, dev = orders.SourceTill, s.Tills[r.IntN(len(s.Tills))]
	default:
		o.Source, dev = orders.SourceCollect, s.Tills[0]
	}
	switch x := r.Float64(); {
	case o.Source == orders.SourceCollect:
		o.Type = orders.TypeTakeAway
	case x < 0.5:
		o.Type = orders.TypeDineIn
	case x < 0.82:
		o.Type = orders.TypeTakeAway
	case x < 0.87:
		o.Type = orders.TypeDelivery
	case x < 0.95 && o.Source == orders.SourceTill:
		o.Type = orders.TypePlatform
	case x < 0.98:
		o.Type = orders.TypeDrive
	default:
		o.Type = orders.TypeTakeAway
	}
	// Every status a till sends shows in the demo: a few refunds, and
	// kiosk card payments refused.
	switch x := r.Float64(); {
	case x < 0.03:
		o.Status = orders.StatusCancelled
	case x < 0.045:
		o.Status = orders.StatusPending
	case x < 0.051:
		o.Status = orders.StatusRefunded
	case x < 0.054:
		o.Status = orders.StatusPartiallyRefunded
	case x < 0.057 && o.Source == orders.SourceKiosk:
		o.Status = orders.StatusFailed
	}
	dineIn := o.Type == orders.TypeDineIn
	nLines := 1 + r.IntN(3)
	if r.Float64() < 0.15 {
		nLines++
	}
	byRate := map[int]int64{}
	var rates []int
	for i := 0; i < nLines; i++ {
		it := pick(r)
		q := 1
		if r.Float64() < 0.12 {
			q = 2
		}
		l := orders.Line{Name: it.name, Category: it.category, Quantity: q, UnitPrice: it.cents, TaxRate: vatRates(s.Restaurant.CountryCode, dineIn, it)}
		l.Total = int64(q) * it.cents
		if it.category == "Burgers" && r.Float64() < 0.35 {
			for j := 0; j < 1+r.IntN(2); j++ {
				e := extras[r.IntN(len(extras))]
				l.Options = append(l.Options, orders.Option{Name: e.name, Group: e.group, Quantity: q, Total: int64(q) * e.cents})
				l.Total += int64(q) * e.cents
			}
		}
		l.ProductID = it.id
		if isFoodCourt(s.Restaurant.Nom) {
			chaletLine(&l, id, i)
		}
		o.Lines = append(o.Lines, l)
		o.Subtotal += l.Total
		if _, ok := byRate[l.TaxRate]; !ok {
			rates = append(rates, l.TaxRate)
		}
		byRate[l.TaxRate] += l.Total
	}
	if o.Status == orders.StatusPaid && r.Float64() < 0.085 {
		d := discounts[r.IntN(len(discounts))]
		disc := &orders.Discount{Type: d.kind, Value: d.value, Label: d.label, Cashier: cashiers[r.IntN(len(cashiers))]}
		if d.kind == orders.DiscountPercent {
			disc.Amount = (o.Subtotal*d.value + 5000) / 10000
		} else {
			disc.Amount = min(d.value, o.Subtotal)
			disc.Value = disc.Amount
		}
		if o.Source == orders.SourceKiosk {
			disc.Cashier = ""
		}
		o.Discount = disc
	}
	if o.Source == orders.SourceCollect {
		// The click & collect clients come back: a pool of regulars, each
		// with its own name and phone (the customers screens find them
		// again). As many draws as before, so the rest of the stream stays.
		_, _ = r.IntN(len(firstNames)), r.IntN(len(lastNames))
		regular := r.IntN(demoRegulars)
		c := &orders.Collect{NumOrder: "CC-" + id, PaymentType: "carte en ligne",
			Customer: orders.Customer{FirstName: firstNames[regular%len(firstNames)], LastName: lastNames[(regular/len(firstNames))%len(lastNames)], Phone: fmt.Sprintf("06%08d", 12340000+regular*7919)}}
		if r.Float64() < 0.5 {
			c.ServiceFee = 50
		}
		o.Collect = c
		o.Fees = c.ServiceFee + c.DeliveryFee
	}
	// One kiosk order in twenty names one of the regulars (loyalty at the
	// kiosk), some of whom accept SMS or e-mails; chosen from the order's id,
	// not the random stream, so the other orders stay as they were.
	if o.Source == orders.SourceKiosk {
		h := fnv.New32a()
		_, _ = h.Write([]byte(id))
		if v := h.Sum32(); v%20 == 0 {
			regular := int(v/20) % demoRegulars
			o.Customer = &orders.CustomerRef{Phone: fmt.Sprintf("06%08d", 12340000+regular*7919), FirstName: firstNames[regular%len(firstNames)],
				LastName: lastNames[(regular/len(firstNames))%len(lastNames)], PostalCode: fmt.Sprintf("750%02d", 1+regular%20),
				SmsOptin: regular%3 == 0, EmailOptin: regular%4 == 0}
			if o.Customer.EmailOptin {
				o.Customer.Email = fmt.Sprintf("client%d@exemple.fr", regular)
			}
		}
	}
	var discount int64
	if o.Discount != nil {
		discount = o.Discount.Amount
	}
	o.Total = o.Subtotal - discount + o.Fees
	// VAT per rate: the discount shared in proportion, the fees at 20 %.
	left := discount
	for i, rate := range rates {
		ttc := byRate[rate]
		share := discount * byRate[rate] / max(o.Subtotal, 1)
		if i == len(rates)-1 {
			share = left
		}
		left -= share
		ttc -= share
		byRate[rate] = ttc
	}
	if o.Fees > 0 {
		if _, ok := byRate[2000]; !ok {
			rates = append(rates, 2000)
		}
		byRate[2000] += o.Fees
	}
	for _, rate := range rates {
		ht := orders.HT(byRate[rate], rate)
		o.VAT = append(o.VAT, orders.VATLine{Rate: rate, HT: ht, VAT: byRate[rate] - ht, TTC: byRate[rate]})
	}
	if o.Status == orders.StatusRefunded || o.Status == orders.StatusPartiallyRefunded {
		// Paid first, by card: the refund went back to it.
		o.Payments = []orders.Payment{{Method: "cb", Amount: o.Total}}
	}
	if o.Status == orders.StatusPaid {
		switch x := r.Float64(); {
		case o.Type == orders.TypePlatform:
			o.Payments = []orders.Payment{{Method: "plateforme", Amount: o.Total}}
		case o.Source == orders.SourceCollect || x < 0.6:
			o.Payments = []orders.Payment{{Method: "cb", Amount: o.Total}}
		case x < 0.78:
			o.Payments = []orders.Payment{{Method: "especes", Amount: o.Total}}
		case x < 0.9 && o.Total > 1000:
			o.Payments = []orders.Payment{{Method: "titre_restaurant", Amount: o.Total / 2}, {Method: "cb", Amount: o.Total - o.Total/2}}
		case x < 0.93:
			o.Payments = []orders.Payment{{Method: "cheque_vacances", Amount: o.Total}}
		case x < 0.97 && o.Source == orders.SourceKiosk:
			o.Payments = []orders.Payment{{Method: "cash_machine", Amount: o.Total}}
		case x < 0.98:
			o.Payments = []orders.Payment{{Method: "avoir", Amount: o.Total}}
		default:
			o.Payments = []orders.Payment{{Method: "cb", Amount: o.Total}}
		}
		// Kitchen exit time: longer at the peaks and with more lines.
		if r.Float64() > 0.01 {
			h := at.Hour()
			base := 5.5 + 0.9*float64(len(o.Lines))
			if (h >= 12 && h < 14) || (h >= 19 && h < 21) {
				base += 3.5
			}
			secs := int(math.Exp(math.Log(base*60) + r.NormFloat64()*0.35))
			o.ExitSecs = &secs
		}
	}
	o.Marque = &orders.Marque{Entete: FranchiseName + " — " + s.Restaurant.Nom, PostFix: "Merci de votre visite !", Vendeur: cashiers[r.IntN(len(cashiers))],
		CompanyName: FranchiseName + " SAS", VersionSoftware: "Brigade Caisse 4.2", OperationType: "Vente", NumberPrint: 1}
	return o, dev
}

// Shops lists the demo franchise's restaurants with their devices, the
// biggest first weighing more.
func Shops(ctx context.Context, db *store.DB, ten *tenancy.Service) ([]Shop, error) {
	var fid int64
	if err := db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = ?`, "demo-admin").Scan(&fid); err != nil {
		return nil, err
	}
	admin := tenancy.Principal{Role: tenancy.RoleAdmin, FranchiseID: fid}
	list, err := ten.Restaurants(ctx, admin, tenancy.RestaurantFilter{})
	if err != nil {
		return nil, err
	}
	var out []Shop
	for i, x := range list {
		eqs, err := ten.Equipments(ctx, admin, x.ID)
		if err != nil {
			return nil, err
		}
		s := Shop{Restaurant: x, Weight: 1.5 - 0.07*float64(i%12)}
		for _, e := range eqs {
			d := tenancy.Device{Equipment: e, Restaurant: x}
			if e.Kind == tenancy.EquipmentKiosk {
				s.Kiosks = append(s.Kiosks, d)
			} else {
				s.Tills = append(s.Tills, d)
			}
		}
		if len(s.Tills) > 0 {
			out = append(out, s)
		}
	}
	return out, nil
}

// AddRestaurants adds restaurants to the demo franchise until it has n,
// each with two tills and two kiosks holding known keys: the benchmark's
// fifty-restaurant franchise.
func AddRestaurants(ctx context.Context, db *store.DB, ten *tenancy.Service, n int) error {
	var fid int64
	if err := db.QueryRow(ctx, `SELECT franchise_id FROM users WHERE login = ?`, "demo-admin").Scan(&fid); err != nil {
		return err
	}
	var have int
	if err := db.QueryRow(ctx, `SELECT COUNT(*) FROM restaurants WHERE franchise_id = ?`, fid).Scan(&have); err != nil {
		return err
	}
	return db.WithTx(ctx, func(tx *store.Tx) error {
		for i := have; i < n; i++ {
			x, err := ten.NewRestaurant(ctx, tx, tenancy.Restaurant{FranchiseID: fid, Siret: siret(912345678, i+1), Nom: fmt.Sprintf("Brigade %02d", i+1),
				Pseudo: fmt.Sprintf("brigade%02d", i+1), Ville: "Paris", CountryCode: "FR", CurrentLicence: fmt.Sprintf("LIC-%d-%03d", fid, i+1)})
			if err != nil {
				return err
			}
			for j, kind := range []string{tenancy.EquipmentTill, tenancy.EquipmentTill, tenancy.EquipmentKiosk, tenancy.EquipmentKiosk} {
				e, err := ten.NewEquipment(ctx, tx, tenancy.Equipment{FranchiseID: fid, RestaurantID: x.ID, Kind: kind,
					Name: kind + " " + x.Pseudo, UserKeenID: fmt.Sprintf("%s-%s-%d", x.Siret, kind, j+1)})
				if err != nil {
					return err
				}
				if err := tenancy.InstallDeviceKey(ctx, tx, e.ID, DeviceKey(e.UserKeenID), time.Now()); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// chaletItems are what Le Chalet sells in the food courts, from the winter
// carte (hiver-prod-N), in place of a burger or a dessert of Brigade Burger.
var chaletItems = map[string][]item{
	"Burgers":  {{id: "hiver-prod-1", name: "Le Raclette", category: "Spécialités d'hiver", cents: 1390}, {id: "hiver-prod-2", name: "Le Tartiflette", category: "Spécialités d'hiver", cents: 1390}},
	"Desserts": {{id: "hiver-prod-8", name: "Crêpe caramel", category: "Douceurs d'hiver", cents: 390}, {id: "hiver-prod-10", name: "Pain d'épices", category: "Douceurs d'hiver", cents: 290}},
}

// chaletLine turns about half of a food court's burgers and desserts
// into Le Chalet's, chosen from the order id and the line (no draw of the
// random source, so every other figure of the demo stays as it was).
func chaletLine(l *orders.Line, orderID string, line int) {
	alt, ok := chaletItems[l.Category]
	if !ok {
		return
	}
	h := fnv.New32a()
	_, _ = fmt.Fprintf(h, "%s/%d", orderID, line)
	v := h.Sum32()
	if v%2 != 0 {
		return
	}
	it := alt[(v/2)%uint32(len(alt))]
	options := l.Total - int64(l.Quantity)*l.UnitPrice
	l.ProductID, l.Name, l.Category, l.UnitPrice = it.id, it.name, it.category, it.cents
	l.Total = int64(l.Quantity)*it.cents + options
}
