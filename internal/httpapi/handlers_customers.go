package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/customers"
	"brigade/internal/export"
	"brigade/internal/tenancy"
)

func (s *Server) customersRouteTable() []route {
	const tag, tagDevices = "Clients", "Bornes et caisses"
	writers := []tenancy.Role{tenancy.RoleAdmin, tenancy.RoleModerator}
	admins := []tenancy.Role{tenancy.RoleAdmin}
	return []route{
		{method: http.MethodGet, path: "/api/v1/customers", id: "listCustomers", tag: tag, summary: "Annuaire des clients (un login limité à des restaurants : les clients venus dans les siens), filtres, tri et pages ; les clients effacés n'y sont pas", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listCustomers)},
		{method: http.MethodGet, path: "/api/v1/customers/export", id: "exportCustomers", tag: tag, summary: "Exporter l'annuaire filtré : CSV pour Excel en français (« ; », UTF-8 avec BOM) ou classeur xlsx", access: signedIn, roles: franchiseWide, lockable: true, register: s.registerCustomersExport},
		{method: http.MethodGet, path: "/api/v1/customers/summary", id: "customersSummary", tag: tag, summary: "Tableau de bord des clients : nombre, nouveaux du mois, actifs sur 30 jours, consentements, taux de retour et douze derniers mois", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.customersSummary)},
		{method: http.MethodGet, path: "/api/v1/customers/catchment", id: "customersCatchment", tag: tag, summary: "Zone de chalandise : commandes payées par code postal de leur client", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.customersCatchment)},
		{method: http.MethodPost, path: "/api/v1/customers", id: "createCustomer", tag: tag, summary: "Créer un client ; 409 si le téléphone, l'e-mail ou la carte est déjà celui d'un client", access: signedIn, roles: writers, lockable: true, status: http.StatusCreated, register: handle(s.createCustomer)},
		{method: http.MethodGet, path: "/api/v1/customers/{customerId}", id: "getCustomer", tag: tag, summary: "Un client ; ETag = version", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getCustomer)},
		{method: http.MethodPut, path: "/api/v1/customers/{customerId}", id: "updateCustomer", tag: tag, summary: "Modifier l'identité d'un client ; If-Match obligatoire", access: signedIn, roles: writers, lockable: true, register: handle(s.updateCustomer)},
		{method: http.MethodDelete, path: "/api/v1/customers/{customerId}", id: "eraseCustomer", tag: tag, summary: "Effacer un client (RGPD) : données personnelles vidées, consentements retirés, nom et téléphone de ses commandes click & collect vidés ; ses chiffres restent", access: signedIn, roles: admins, lockable: true, status: http.StatusNoContent, register: handle(s.eraseCustomer)},
		{method: http.MethodGet, path: "/api/v1/customers/{customerId}/orders", id: "customerOrders", tag: tag, summary: "Les commandes d'un client, de la plus récente", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.customerOrders)},
		{method: http.MethodGet, path: "/api/v1/customers/{customerId}/consents", id: "customerConsents", tag: tag, summary: "L'historique des consentements d'un client (accords et retraits), du plus récent", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.customerConsents)},
		{method: http.MethodPut, path: "/api/v1/customers/{customerId}/consents", id: "setCustomerConsent", tag: tag, summary: "Donner ou retirer un consentement (SMS ou e-mail) ; un retrait s'applique aussitôt", access: signedIn, roles: writers, lockable: true, register: handle(s.setCustomerConsent)},
		{method: http.MethodGet, path: "/api/v1/customers/{customerId}/data", id: "customerData", tag: tag, summary: "Droit d'accès (RGPD) : tout ce qui est gardé d'un client, en pièce jointe JSON", access: signedIn, roles: writers, lockable: true, register: handle(s.customerData)},
		{method: http.MethodPost, path: "/kiosk/v1/customers/lookup", id: "kioskLookupCustomer", tag: tagDevices, summary: "Retrouver un client par sa carte, son téléphone ou son e-mail : prénom, points, palier et récompenses ; 404 « Client inconnu. »", access: device, register: handle(s.kioskLookupCustomer)},
		{method: http.MethodPost, path: "/kiosk/v1/customers", id: "kioskRegisterCustomer", tag: tagDevices, summary: "Inscrire un client à la borne (ou le retrouver s'il existe) ; les consentements cochés sont enregistrés", access: device, register: handle(s.kioskRegisterCustomer)},
	}
}

func customersProblem(err error) (error, bool) {
	var c *customers.Conflict
	switch {
	case errors.As(err, &c):
		return newProblem(http.StatusConflict, c.Message), true
	case errors.Is(err, customers.ErrStale), errors.Is(err, customers.ErrErased):
		return newProblem(http.StatusConflict, err.Error()), true
	case errors.Is(err, customers.ErrUnknown):
		return newProblem(http.StatusNotFound, err.Error()), true
	}
	return err, false
}

// customerFilterInput is the directory's filters.
type customerFilterInput struct {
	Q             string `query:"q" maxLength:"200" doc:"Nom, prénom, téléphone, e-mail, carte ou code postal"`
	RestaurantID  int64  `query:"restaurantId" minimum:"0" doc:"Les clients venus dans ce restaurant"`
	LastVisitFrom string `query:"lastVisitFrom" format:"date" doc:"Dernière visite à partir de ce jour (AAAA-MM-JJ)"`
	LastVisitTo   string `query:"lastVisitTo" format:"date" doc:"Dernière visite jusqu'à ce jour inclus"`
	NotSeenDays   int    `query:"notSeenDays" minimum:"0" maximum:"3650" doc:"Pas venus depuis ce nombre de jours"`
	MinVisits     int    `query:"minVisits" minimum:"0"`
	MaxVisits     int    `query:"maxVisits" minimum:"0"`
	MinSpendCents int64  `query:"minSpendCents" minimum:"0" doc:"Dépense minimale, dans la devise currency"`
	Currency      string `query:"currency" pattern:"^[A-Za-z]{3}$"`
	Optin         string `query:"optin" enum:"sms,email,any,none"`
	BirthMonth    int    `query:"birthMonth" minimum:"0" maximum:"12"`
	TierID        int64  `query:"tierId" minimum:"0"`
	ClickCollect  bool   `query:"clickCollect" doc:"Les clients qui ont commandé en click & collect"`
	Sort          string `query:"sort" enum:"lastVisit,visits,spend,name,points"`
	Desc          bool   `query:"desc"`
	Page          int    `query:"page" minimum:"0"`
	PageSize      int    `query:"pageSize" minimum:"0" maximum:"500" doc:"50 par défaut"`
}

var paris = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		return time.UTC
	}
	return loc
}()

// parisDay reads a date as the start of that day in Paris (zero if empty).
func parisDay(s, field string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.ParseInLocation("2006-01-02", s, paris)
	if err != nil {
		return t, &tenancy.ValidationError{Field: "query." + field, Message: "La date doit être au format AAAA-MM-JJ."}
	}
	return t, nil
}

func (in customerFilterInput) filter() (customers.Filter, error) {
	f := customers.Filter{Q: in.Q, RestaurantID: in.RestaurantID, NotSeenDays: in.NotSeenDays, MinVisits: in.MinVisits, MaxVisits: in.MaxVisits,
		MinSpendCents: in.MinSpendCents, Currency: in.Currency, Optin: in.Optin, BirthMonth: in.BirthMonth, TierID: in.TierID, ClickCollect: in.ClickCollect,
		Sort: in.Sort, Desc: in.Desc, Page: in.Page, PageSize: in.PageSize}
	var err error
	if f.LastVisitFrom, err = parisDay(in.LastVisitFrom, "lastVisitFrom"); err != nil {
		return f, err
	}
	if f.LastVisitTo, err = parisDay(in.LastVisitTo, "lastVisitTo"); err != nil {
		return f, err
	}
	if !f.LastVisitTo.IsZero() {
		f.LastVisitTo = f.LastVisitTo.AddDate(0, 0, 1)
	}
	return f, nil
}

func (s *Server) listCustomers(ctx context.Context, in *customerFilterInput) (*struct{ Body customers.CustomersPage }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	p, err := s.Customers.List(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body customers.CustomersPage }{p}, nil
}

type customersExportInput struct {
	customerFilterInput
	Format string `query:"format" required:"true" enum:"csv,xlsx" doc:"csv : pour Excel en français (UTF-8 avec BOM, « ; ») ; xlsx : un classeur"`
}

func (s *Server) registerCustomersExport(api huma.API, op huma.Operation) {
	binary := &huma.Schema{Type: "string", Format: "binary"}
	op.Responses = map[string]*huma.Response{"200": {
		Description: "Le fichier clients.csv ou clients.xlsx",
		Content: map[string]*huma.MediaType{
			"text/csv": {Schema: binary},
			"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {Schema: binary},
		},
	}}
	op.Errors = append(op.Errors, http.StatusUnprocessableEntity)
	huma.Register(api, op, func(ctx context.Context, in *customersExportInput) (*huma.StreamResponse, error) {
		f, err := in.filter()
		if err != nil {
			return nil, problem(ctx, err)
		}
		contentType := "text/csv; charset=utf-8"
		if in.Format == "xlsx" {
			contentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
		}
		p := principal(ctx)
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			w := &lazyBody{hctx: hctx, start: func() {
				hctx.SetHeader("Content-Type", contentType)
				hctx.SetHeader("Content-Disposition", export.ContentDisposition("clients."+in.Format))
				hctx.SetHeader("Cache-Control", "private, no-store")
				hctx.SetStatus(http.StatusOK)
			}}
			err := s.Customers.Export(ctx, p, f, in.Format, w)
			if err == nil {
				return
			}
			if w.started {
				slog.ErrorContext(ctx, "customers export cut short", "err", err)
				return
			}
			var se huma.StatusError
			if !errors.As(problem(ctx, err), &se) {
				return
			}
			hctx.SetHeader("Content-Type", "application/problem+json")
			hctx.SetStatus(se.GetStatus())
			_ = json.NewEncoder(hctx.BodyWriter()).Encode(se)
		}}, nil
	})
}

type customersSummaryInput struct {
	RestaurantID int64 `query:"restaurantId" minimum:"0"`
}

func (s *Server) customersSummary(ctx context.Context, in *customersSummaryInput) (*struct{ Body customers.CustomersSummary }, error) {
	out, err := s.Customers.Summary(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body customers.CustomersSummary }{out}, nil
}

type customersCatchmentInput struct {
	RestaurantID int64  `query:"restaurantId" minimum:"0"`
	From         string `query:"from" format:"date" doc:"AAAA-MM-JJ ; par défaut 90 jours avant to"`
	To           string `query:"to" format:"date" doc:"AAAA-MM-JJ inclus ; par défaut aujourd'hui"`
	Source       string `query:"source" enum:"click_and_collect,all" doc:"all par défaut"`
}

func (s *Server) customersCatchment(ctx context.Context, in *customersCatchmentInput) (*struct{ Body customers.Catchment }, error) {
	to, err := parisDay(in.To, "to")
	if err != nil {
		return nil, err
	}
	if to.IsZero() {
		y, m, d := time.Now().In(paris).Date()
		to = time.Date(y, m, d, 0, 0, 0, 0, paris)
	}
	to = to.AddDate(0, 0, 1)
	from, err := parisDay(in.From, "from")
	if err != nil {
		return nil, err
	}
	if from.IsZero() {
		from = to.AddDate(0, 0, -91)
	}
	if !from.Before(to) {
		return nil, &tenancy.ValidationError{Field: "query.from", Message: "La date de début doit précéder la date de fin."}
	}
	out, err := s.Customers.Catchment(ctx, principal(ctx), in.RestaurantID, from, to, in.Source)
	if err != nil {
		return nil, err
	}
	return &struct{ Body customers.Catchment }{out}, nil
}

type customerOutput struct {
	ETag string `header:"ETag"`
	Body customers.CustomerInfo
}

func customerOut(c customers.CustomerInfo, err error) (*customerOutput, error) {
	if err != nil {
		if pe, ok := customersProblem(err); ok {
			return nil, pe
		}
		return nil, err
	}
	return &customerOutput{ETag: strconv.Quote(strconv.Itoa(c.Version)), Body: c}, nil
}

type createCustomerInput struct {
	Body customers.CustomerInput
}

func (s *Server) createCustomer(ctx context.Context, in *createCustomerInput) (*customerOutput, error) {
	return customerOut(s.Customers.Create(ctx, principal(ctx), in.Body))
}

type customerIDInput struct {
	CustomerID int64 `path:"customerId" minimum:"1"`
}

func (s *Server) getCustomer(ctx context.Context, in *customerIDInput) (*customerOutput, error) {
	return customerOut(s.Customers.Get(ctx, principal(ctx), in.CustomerID))
}

type updateCustomerInput struct {
	CustomerID int64  `path:"customerId" minimum:"1"`
	IfMatch    string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body       customers.CustomerInput
}

func (s *Server) updateCustomer(ctx context.Context, in *updateCustomerInput) (*customerOutput, error) {
	v, err := ifMatch(in.IfMatch, 1, "L'en-tête If-Match doit porter la version du client que vous modifiez.")
	if err != nil {
		return nil, err
	}
	return customerOut(s.Customers.Update(ctx, principal(ctx), in.CustomerID, v, in.Body))
}

func (s *Server) eraseCustomer(ctx context.Context, in *customerIDInput) (*struct{}, error) {
	return nil, s.Customers.Erase(ctx, principal(ctx), in.CustomerID)
}

type customerOrdersInput struct {
	CustomerID int64 `path:"customerId" minimum:"1"`
	Page       int   `query:"page" minimum:"0"`
	PageSize   int   `query:"pageSize" minimum:"0" maximum:"200" doc:"20 par défaut"`
}

func (s *Server) customerOrders(ctx context.Context, in *customerOrdersInput) (*struct{ Body customers.OrdersPage }, error) {
	out, err := s.Customers.Orders(ctx, principal(ctx), in.CustomerID, in.Page, in.PageSize)
	if err != nil {
		return nil, err
	}
	return &struct{ Body customers.OrdersPage }{out}, nil
}

type consentsBody struct {
	Items []customers.CustomerConsent `json:"items"`
}

func (s *Server) customerConsents(ctx context.Context, in *customerIDInput) (*struct{ Body consentsBody }, error) {
	list, err := s.Customers.Consents(ctx, principal(ctx), in.CustomerID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body consentsBody }{consentsBody{list}}, nil
}

type setConsentInput struct {
	CustomerID int64 `path:"customerId" minimum:"1"`
	Body       struct {
		Channel string `json:"channel" enum:"sms,email"`
		Granted bool   `json:"granted"`
	}
}

func (s *Server) setCustomerConsent(ctx context.Context, in *setConsentInput) (*customerOutput, error) {
	return customerOut(s.Customers.SetConsent(ctx, principal(ctx), in.CustomerID, in.Body.Channel, in.Body.Granted))
}

type customerDataOutput struct {
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               customers.CustomerData
}

func (s *Server) customerData(ctx context.Context, in *customerIDInput) (*customerDataOutput, error) {
	d, err := s.Customers.Data(ctx, principal(ctx), in.CustomerID)
	if err != nil {
		return nil, err
	}
	return &customerDataOutput{ContentDisposition: export.ContentDisposition("client-" + strconv.FormatInt(in.CustomerID, 10) + ".json"), CacheControl: "private, no-store", Body: d}, nil
}

type kioskCustomerBody struct {
	Customer customers.KioskCustomer `json:"customer"`
}

type kioskLookupInput struct {
	Body struct {
		Card  string `json:"card,omitempty" maxLength:"64"`
		Phone string `json:"phone,omitempty" maxLength:"40"`
		Email string `json:"email,omitempty" maxLength:"200"`
	}
}

func kioskCustomerOut(c customers.KioskCustomer, err error) (*struct{ Body kioskCustomerBody }, error) {
	if err != nil {
		if pe, ok := customersProblem(err); ok {
			return nil, pe
		}
		return nil, err
	}
	return &struct{ Body kioskCustomerBody }{kioskCustomerBody{c}}, nil
}

func (s *Server) kioskLookupCustomer(ctx context.Context, in *kioskLookupInput) (*struct{ Body kioskCustomerBody }, error) {
	return kioskCustomerOut(s.Customers.Lookup(ctx, deviceFrom(ctx), in.Body.Card, in.Body.Phone, in.Body.Email))
}

type kioskRegisterInput struct {
	Body customers.KioskCustomerInput
}

func (s *Server) kioskRegisterCustomer(ctx context.Context, in *kioskRegisterInput) (*struct{ Body kioskCustomerBody }, error) {
	return kioskCustomerOut(s.Customers.Register(ctx, deviceFrom(ctx), in.Body))
}
