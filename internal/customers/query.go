package customers

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"brigade/internal/reports"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// where builds the directory's condition from a filter.
func (s *Service) where(p tenancy.Principal, f Filter) (string, []any, error) {
	cond, args, err := scope(p, f.RestaurantID)
	if err != nil {
		return "", nil, restaurantInvalid()
	}
	conds := []string{cond, "c.erased_unix = 0"}
	add := func(c string, a ...any) { conds = append(conds, c); args = append(args, a...) }
	if q := strings.ToLower(strings.TrimSpace(f.Q)); q != "" {
		like := "%" + likeEscape(q) + "%"
		phoneLike := like
		if ph, ok := NormalizePhone(q); ok && ph != "" {
			phoneLike = "%" + likeEscape(ph) + "%"
		} else if digits := strings.TrimLeft(strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, q), "0"); len(digits) >= 3 {
			phoneLike = "%" + digits + "%"
		}
		add(`(LOWER(c.first_name) LIKE ? ESCAPE '\' OR LOWER(c.last_name) LIKE ? ESCAPE '\' OR LOWER(c.first_name || ' ' || c.last_name) LIKE ? ESCAPE '\'
			OR c.email LIKE ? ESCAPE '\' OR LOWER(c.card) LIKE ? ESCAPE '\' OR c.phone LIKE ? ESCAPE '\' OR c.postal_code LIKE ? ESCAPE '\')`,
			like, like, like, like, like, phoneLike, like)
	}
	if !f.LastVisitFrom.IsZero() {
		add("c.last_visit_unix >= ?", f.LastVisitFrom.Unix())
	}
	if !f.LastVisitTo.IsZero() {
		add("c.last_visit_unix > 0 AND c.last_visit_unix < ?", f.LastVisitTo.Unix())
	}
	if f.NotSeenDays > 0 {
		add("c.last_visit_unix < ?", s.now().Add(-time.Duration(f.NotSeenDays)*24*time.Hour).Unix())
	}
	if f.MinVisits > 0 {
		add("c.visits >= ?", f.MinVisits)
	}
	if f.MaxVisits > 0 {
		add("c.visits <= ?", f.MaxVisits)
	}
	if f.MinSpendCents > 0 {
		if f.Currency == "" {
			return "", nil, invalid("currency", "Indiquez la devise de la dépense minimale.")
		}
		add("EXISTS (SELECT 1 FROM customer_spend sp WHERE sp.customer_id = c.id AND sp.currency = ? AND sp.total_cents >= ?)", f.Currency, f.MinSpendCents)
	}
	switch f.Optin {
	case "":
	case "sms":
		add("c.sms_optin = 1")
	case "email":
		add("c.email_optin = 1")
	case "any":
		add("(c.sms_optin = 1 OR c.email_optin = 1)")
	case "none":
		add("c.sms_optin = 0 AND c.email_optin = 0")
	default:
		return "", nil, invalid("optin", "Le filtre de consentement doit être sms, email, any ou none.")
	}
	if f.BirthMonth < 0 || f.BirthMonth > 12 {
		return "", nil, invalid("birthMonth", "Le mois de naissance doit être compris entre 1 et 12.")
	}
	if f.BirthMonth > 0 {
		add("c.birth_month = ?", f.BirthMonth)
	}
	if f.TierID > 0 {
		add("EXISTS (SELECT 1 FROM loyalty_tiers t WHERE t.id = ? AND t.franchise_id = c.franchise_id AND c.lifetime_points >= t.min_points AND NOT EXISTS (SELECT 1 FROM loyalty_tiers t2 WHERE t2.franchise_id = t.franchise_id AND t2.min_points > t.min_points AND c.lifetime_points >= t2.min_points))", f.TierID)
	}
	if f.ClickCollect {
		add("EXISTS (SELECT 1 FROM order_customers oc JOIN orders o ON o.id = oc.order_id WHERE oc.customer_id = c.id AND o.source = 'clickncollect')")
	}
	return strings.Join(conds, " AND "), args, nil
}

func (s *Service) order(f Filter, currency string) (string, []any) {
	dir := " ASC"
	if f.Desc {
		dir = " DESC"
	}
	switch f.Sort {
	case "visits":
		return "c.visits" + dir + ", c.id", nil
	case "spend":
		return "COALESCE((SELECT sp.total_cents FROM customer_spend sp WHERE sp.customer_id = c.id AND sp.currency = ?), 0)" + dir + ", c.id", []any{currency}
	case "name":
		return "LOWER(c.last_name)" + dir + ", LOWER(c.first_name)" + dir + ", c.id", nil
	case "points":
		return "c.points" + dir + ", c.id", nil
	default:
		return "c.last_visit_unix" + dir + ", c.id", nil
	}
}

func validSort(sort string) error {
	switch sort {
	case "", "lastVisit", "visits", "spend", "name", "points":
		return nil
	}
	return invalid("sort", "Le tri doit être lastVisit, visits, spend, name ou points.")
}

// List returns a page of the customers p sees (erased ones are hidden).
func (s *Service) List(ctx context.Context, p tenancy.Principal, f Filter) (CustomersPage, error) {
	if err := canRead(p); err != nil {
		return CustomersPage{}, err
	}
	if err := validSort(f.Sort); err != nil {
		return CustomersPage{}, err
	}
	if f.PageSize <= 0 || f.PageSize > 500 {
		f.PageSize = 50
	}
	if f.Page < 0 {
		f.Page = 0
	}
	cond, args, err := s.where(p, f)
	if err != nil {
		return CustomersPage{}, err
	}
	out := CustomersPage{Page: f.Page, PageSize: f.PageSize, Items: []CustomerInfo{}}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM customers c WHERE `+cond, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	currency := f.Currency
	if currency == "" {
		currency = s.franchiseCurrency(ctx, p.FranchiseID)
	}
	orderBy, oargs := s.order(f, currency)
	q := `SELECT ` + customerColumns + customerFrom + ` WHERE ` + cond + ` ORDER BY ` + orderBy + fmt.Sprintf(` LIMIT %d OFFSET %d`, f.PageSize, f.Page*f.PageSize)
	list, err := store.Collect(ctx, s.db, q, append(append([]any{}, args...), oargs...), scanCustomer)
	if err != nil {
		return out, err
	}
	if err := withSpend(ctx, s.db, list); err != nil {
		return out, err
	}
	for i := range list {
		if err := s.withLoyalty(ctx, p.FranchiseID, &list[i]); err != nil {
			return out, err
		}
	}
	out.Items = list
	return out, nil
}

func (s *Service) franchiseCurrency(ctx context.Context, franchiseID int64) string {
	cur := "EUR"
	_ = s.db.QueryRow(ctx, `SELECT currency FROM franchises WHERE id = ?`, franchiseID).Scan(&cur)
	return cur
}

// CustomerOrder is one order of a customer.
type CustomerOrder struct {
	OrderID     int64         `json:"orderId"`
	TillOrderID string        `json:"tillOrderId"`
	Restaurant  NamedRef      `json:"restaurant"`
	PaidAt      time.Time     `json:"paidAt"`
	Status      string        `json:"status"`
	Source      string        `json:"source"`
	OrderType   int           `json:"orderType"`
	Total       CustomerMoney `json:"total"`
	Points      int64         `json:"points"`
}

// OrdersPage is a page of a customer's orders.
type OrdersPage struct {
	Items []CustomerOrder `json:"items"`
	Total int             `json:"total"`
}

// Orders lists a customer's orders, newest first (a restaurant login sees
// its restaurants' only).
func (s *Service) Orders(ctx context.Context, p tenancy.Principal, id int64, page, pageSize int) (OrdersPage, error) {
	if _, err := s.seen(ctx, s.db, p, id); err != nil {
		return OrdersPage{}, err
	}
	if pageSize <= 0 || pageSize > 200 {
		pageSize = 20
	}
	if page < 0 {
		page = 0
	}
	cond, args := "oc.customer_id = ? AND oc.franchise_id = ?", []any{id, p.FranchiseID}
	if !p.AllRestaurants() {
		in, a := store.In(append(p.Restaurants, 0))
		cond += " AND oc.restaurant_id " + in
		args = append(args, a...)
	}
	out := OrdersPage{Items: []CustomerOrder{}}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM order_customers oc WHERE `+cond, args...).Scan(&out.Total); err != nil {
		return out, err
	}
	currency := s.franchiseCurrency(ctx, p.FranchiseID)
	list, err := store.Collect(ctx, s.db, `SELECT o.id, o.till_order_id, o.restaurant_id, COALESCE(r.nom, ''), o.paid_unix, o.status, o.source, o.order_type, o.total_cents,
		COALESCE((SELECT SUM(l.points) FROM loyalty_ledger l WHERE l.order_id = o.id AND l.customer_id = oc.customer_id AND l.kind IN ('earn', 'reverse')), 0)
		FROM order_customers oc JOIN orders o ON o.id = oc.order_id LEFT JOIN restaurants r ON r.id = o.restaurant_id
		WHERE `+cond+fmt.Sprintf(` ORDER BY oc.paid_unix DESC, o.id DESC LIMIT %d OFFSET %d`, pageSize, page*pageSize), args,
		func(sc store.Scanner) (CustomerOrder, error) {
			var o CustomerOrder
			var paid int64
			err := sc.Scan(&o.OrderID, &o.TillOrderID, &o.Restaurant.ID, &o.Restaurant.Name, &paid, &o.Status, &o.Source, &o.OrderType, &o.Total.Cents, &o.Points)
			o.PaidAt, o.Total.Currency = time.Unix(paid, 0).UTC(), currency
			return o, err
		})
	if err != nil {
		return out, err
	}
	out.Items = list
	return out, nil
}

// CustomersSummary is the customers' dashboard.
type CustomersSummary struct {
	Customers        int64            `json:"customers"`
	NewThisMonth     int64            `json:"newThisMonth"`
	ActiveLast30Days int64            `json:"activeLast30Days"`
	SmsOptins        int64            `json:"smsOptins"`
	EmailOptins      int64            `json:"emailOptins"`
	RepeatRate       int64            `json:"repeatRate" doc:"Part des clients venus au moins deux fois parmi ceux venus au moins une fois, en points de base"`
	ByMonth          []CustomersMonth `json:"byMonth"`
}

// CustomersMonth is one month of the dashboard.
type CustomersMonth struct {
	Month           string `json:"month"`
	NewCustomers    int64  `json:"newCustomers"`
	ActiveCustomers int64  `json:"activeCustomers"`
}

// CustomersSummary counts the customers p sees (of restaurantID when not 0), with
// the last twelve months.
func (s *Service) Summary(ctx context.Context, p tenancy.Principal, restaurantID int64) (CustomersSummary, error) {
	if err := canRead(p); err != nil {
		return CustomersSummary{}, err
	}
	cond, args, err := scope(p, restaurantID)
	if err != nil {
		return CustomersSummary{}, restaurantInvalid()
	}
	now := s.now().UTC()
	month := monthStart(now)
	var out CustomersSummary
	var once int64
	var repeat int64
	err = s.db.QueryRow(ctx, `SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN c.first_visit_unix >= ? OR (c.first_visit_unix = 0 AND c.created_unix >= ?) THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN c.last_visit_unix >= ? THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(c.sms_optin), 0), COALESCE(SUM(c.email_optin), 0),
		COALESCE(SUM(CASE WHEN c.visits >= 1 THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN c.visits >= 2 THEN 1 ELSE 0 END), 0)
		FROM customers c WHERE c.erased_unix = 0 AND `+cond,
		append([]any{month.Unix(), month.Unix(), now.Add(-30 * 24 * time.Hour).Unix()}, args...)...).
		Scan(&out.Customers, &out.NewThisMonth, &out.ActiveLast30Days, &out.SmsOptins, &out.EmailOptins, &once, &repeat)
	if err != nil {
		return out, err
	}
	out.RepeatRate = pctBP(repeat, once)
	start := month.AddDate(0, -11, 0)
	months := make([]CustomersMonth, 12)
	at := map[string]int{}
	for i := range months {
		months[i].Month = fmtMonth(start.AddDate(0, i, 0))
		at[months[i].Month] = i
	}
	// New customers by the month of their first visit.
	err = store.Each(ctx, s.db, `SELECT c.first_visit_unix FROM customers c WHERE c.first_visit_unix >= ? AND `+cond, append([]any{start.Unix()}, args...), func(sc store.Scanner) error {
		var u int64
		if err := sc.Scan(&u); err != nil {
			return err
		}
		if i, ok := at[fmtMonth(time.Unix(u, 0).UTC())]; ok {
			months[i].NewCustomers++
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	// Active customers: those with an order in the month.
	ocCond, ocArgs := "oc.franchise_id = ?", []any{p.FranchiseID}
	switch {
	case restaurantID != 0:
		ocCond += " AND oc.restaurant_id = ?"
		ocArgs = append(ocArgs, restaurantID)
	case !p.AllRestaurants():
		in, a := store.In(append(p.Restaurants, 0))
		ocCond += " AND oc.restaurant_id " + in
		ocArgs = append(ocArgs, a...)
	}
	type key struct {
		month    string
		customer int64
	}
	seen := map[key]bool{}
	err = store.Each(ctx, s.db, `SELECT oc.customer_id, oc.paid_unix FROM order_customers oc WHERE oc.paid_unix >= ? AND `+ocCond, append([]any{start.Unix()}, ocArgs...), func(sc store.Scanner) error {
		var id, u int64
		if err := sc.Scan(&id, &u); err != nil {
			return err
		}
		k := key{fmtMonth(time.Unix(u, 0).UTC()), id}
		if i, ok := at[k.month]; ok && !seen[k] {
			seen[k] = true
			months[i].ActiveCustomers++
		}
		return nil
	})
	out.ByMonth = months
	return out, err
}

// Catchment is the orders by their customers' postal code.
type Catchment struct {
	Items         []CatchmentRow `json:"items"`
	UnknownOrders int64          `json:"unknownOrders" doc:"Commandes sans client ou d'un client sans code postal"`
	KnownOrders   int64          `json:"knownOrders"`
}

// CatchmentRow is one postal code.
type CatchmentRow struct {
	PostalCode string          `json:"postalCode"`
	Customers  int64           `json:"customers"`
	Orders     int64           `json:"orders"`
	Total      []CustomerMoney `json:"total"`
	Share      int64           `json:"share" doc:"Part des commandes au code postal connu, en points de base"`
}

// Catchment ranks the postal codes of the paid orders' customers between
// from and to (to excluded), of every source or click&collect only.
func (s *Service) Catchment(ctx context.Context, p tenancy.Principal, restaurantID int64, from, to time.Time, source string) (Catchment, error) {
	if err := canRead(p); err != nil {
		return Catchment{}, err
	}
	if source != "" && source != "all" && source != "click_and_collect" {
		return Catchment{}, invalid("source", "La source doit être click_and_collect ou all.")
	}
	cond, args := "o.franchise_id = ? AND o.status = 'paid' AND o.paid_unix >= ? AND o.paid_unix < ?", []any{p.FranchiseID, from.Unix(), to.Unix()}
	switch {
	case restaurantID != 0:
		if !p.CanSeeRestaurant(p.FranchiseID, restaurantID) {
			return Catchment{}, restaurantInvalid()
		}
		cond += " AND o.restaurant_id = ?"
		args = append(args, restaurantID)
	case !p.AllRestaurants():
		in, a := store.In(append(p.Restaurants, 0))
		cond += " AND o.restaurant_id " + in
		args = append(args, a...)
	}
	if source == "click_and_collect" {
		cond += " AND o.source = 'clickncollect'"
	}
	currency := s.franchiseCurrency(ctx, p.FranchiseID)
	out := Catchment{Items: []CatchmentRow{}}
	err := store.Each(ctx, s.db, `SELECT COALESCE(c.postal_code, ''), COUNT(DISTINCT c.id), COUNT(*), COALESCE(SUM(o.total_cents), 0)
		FROM orders o LEFT JOIN order_customers oc ON oc.order_id = o.id LEFT JOIN customers c ON c.id = oc.customer_id
		WHERE `+cond+` GROUP BY COALESCE(c.postal_code, '') ORDER BY COUNT(*) DESC, COALESCE(c.postal_code, '')`, args, func(sc store.Scanner) error {
		var r CatchmentRow
		var cents int64
		if err := sc.Scan(&r.PostalCode, &r.Customers, &r.Orders, &cents); err != nil {
			return err
		}
		if r.PostalCode == "" {
			out.UnknownOrders += r.Orders
			return nil
		}
		r.Total = []CustomerMoney{{Cents: cents, Currency: currency}}
		out.KnownOrders += r.Orders
		out.Items = append(out.Items, r)
		return nil
	})
	for i := range out.Items {
		out.Items[i].Share = pctBP(out.Items[i].Orders, out.KnownOrders)
	}
	return out, err
}

// CustomerData is a customer's data (RGPD right of access).
type CustomerData struct {
	Profile  CustomerInfo         `json:"profile"`
	Consents []CustomerConsent    `json:"consents"`
	Orders   []CustomerOrder      `json:"orders"`
	Loyalty  *CustomerDataLoyalty `json:"loyalty"`
	Messages []CustomerMessage    `json:"messages"`
}

// CustomerDataLoyalty is a customer's points in its data.
type CustomerDataLoyalty struct {
	Points         int64     `json:"points"`
	LifetimePoints int64     `json:"lifetimePoints"`
	Tier           *NamedRef `json:"tier"`
}

// CustomerMessage is a campaign message sent to the customer.
type CustomerMessage struct {
	Channel string    `json:"channel"`
	Address string    `json:"address"`
	Status  string    `json:"status"`
	At      time.Time `json:"at"`
}

// CustomerData gathers everything kept about a customer.
func (s *Service) Data(ctx context.Context, p tenancy.Principal, id int64) (CustomerData, error) {
	c, err := s.Get(ctx, p, id)
	if err != nil {
		return CustomerData{}, err
	}
	out := CustomerData{Profile: c, Messages: []CustomerMessage{}}
	if out.Consents, err = consentsOf(ctx, s.db, p.FranchiseID, id); err != nil {
		return out, err
	}
	orders, err := s.Orders(ctx, p, id, 0, 200)
	if err != nil {
		return out, err
	}
	out.Orders = orders.Items
	for page := 1; len(out.Orders) < orders.Total; page++ {
		more, err := s.Orders(ctx, p, id, page, 200)
		if err != nil || len(more.Items) == 0 {
			break
		}
		out.Orders = append(out.Orders, more.Items...)
	}
	if s.loyalty != nil {
		sum, err := s.loyalty.Summary(ctx, p.FranchiseID, id)
		if err != nil {
			return out, err
		}
		out.Loyalty = &CustomerDataLoyalty{Points: sum.Points, LifetimePoints: sum.LifetimePoints}
		if sum.TierID != 0 {
			out.Loyalty.Tier = &NamedRef{ID: sum.TierID, Name: sum.TierName}
		}
	}
	return out, nil
}

// Export writes the customers p sees that match f as CSV (French Excel)
// or xlsx.
func (s *Service) Export(ctx context.Context, p tenancy.Principal, f Filter, format string, w io.Writer) error {
	if format != "csv" && format != "xlsx" {
		return invalid("format", "Le format doit être csv ou xlsx.")
	}
	if err := canRead(p); err != nil {
		return err
	}
	if err := validSort(f.Sort); err != nil {
		return err
	}
	cond, args, err := s.where(p, f)
	if err != nil {
		return err
	}
	currency := f.Currency
	if currency == "" {
		currency = s.franchiseCurrency(ctx, p.FranchiseID)
	}
	orderBy, oargs := s.order(f, currency)
	t := reports.Table{Name: "clients", Title: "Clients", Columns: []reports.Column{
		{Key: "lastName", Label: "Nom"}, {Key: "firstName", Label: "Prénom"}, {Key: "phone", Label: "Téléphone"},
		{Key: "email", Label: "E-mail"}, {Key: "card", Label: "Carte"}, {Key: "postalCode", Label: "Code postal"},
		{Key: "birth", Label: "Anniversaire"}, {Key: "sms", Label: "SMS accepté"}, {Key: "emailOptin", Label: "E-mail accepté"},
		{Key: "visits", Label: "Visites", Kind: reports.KindInteger},
		{Key: "firstVisit", Label: "Première visite", Kind: reports.KindDate}, {Key: "lastVisit", Label: "Dernière visite", Kind: reports.KindDate},
		{Key: "lastRestaurant", Label: "Dernier restaurant"},
		{Key: "spend", Label: "Dépense", Kind: reports.KindMoney, Currency: currency},
		{Key: "points", Label: "Points", Kind: reports.KindInteger},
	}}
	t.Each = func(emit func([]any) error) error {
		const batch = 1000
		for off := 0; ; off += batch {
			list, err := store.Collect(ctx, s.db, `SELECT `+customerColumns+customerFrom+` WHERE `+cond+` ORDER BY `+orderBy+fmt.Sprintf(` LIMIT %d OFFSET %d`, batch, off),
				append(append([]any{}, args...), oargs...), scanCustomer)
			if err != nil {
				return err
			}
			if err := withSpend(ctx, s.db, list); err != nil {
				return err
			}
			for _, c := range list {
				var spend any
				for _, sp := range c.Spend {
					if sp.Currency == currency {
						spend = sp.Cents
					}
				}
				birth := ""
				if c.BirthMonth > 0 && c.BirthDay > 0 {
					birth = fmt.Sprintf("%02d/%02d", c.BirthDay, c.BirthMonth)
				}
				last := ""
				if c.LastRestaurant != nil {
					last = c.LastRestaurant.Name
				}
				if err := emit([]any{c.LastName, c.FirstName, c.Phone, c.Email, c.Card, c.PostalCode, birth, yesNo(c.SmsOptin), yesNo(c.EmailOptin),
					c.Visits, day(c.FirstVisit), day(c.LastVisit), last, spend, c.Points}); err != nil {
					return err
				}
			}
			if len(list) < batch {
				return nil
			}
		}
	}
	if format == "csv" {
		return reports.WriteCSV(w, t)
	}
	return reports.WriteXLSX(w, []reports.Table{t})
}

func yesNo(b bool) string {
	if b {
		return "Oui"
	}
	return "Non"
}

func day(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.In(paris).Format("2006-01-02")
}

var paris = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		return time.UTC
	}
	return loc
}()
