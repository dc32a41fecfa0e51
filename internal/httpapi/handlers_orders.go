package httpapi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/orders"
	"brigade/internal/tenancy"
)

func (s *Server) ordersRouteTable() []route {
	const tagOrders, tagDevices = "Commandes", "Bornes et caisses"
	reportRoles := franchiseWide
	return []route{
		// Ingestion by tills, kiosks and click&collect.
		{method: http.MethodPost, path: "/kiosk/v1/orders", id: "postOrder", tag: tagDevices, summary: "Envoyer une commande (idempotent : une commande déjà reçue est renvoyée telle qu'enregistrée, statut 200)", access: device, status: http.StatusCreated, register: handle(s.postOrder)},
		{method: http.MethodPost, path: "/kiosk/v1/orders/{orderId}/status", id: "changeOrderStatus", tag: tagDevices, summary: "Changer le statut d'une commande envoyée (payée, annulée, remboursée, remboursée en partie, paiement refusé) ; idempotent par event_id : un changement déjà reçu est renvoyé, statut 200", access: device, status: http.StatusCreated, register: handle(s.changeOrderStatus)},
		{method: http.MethodPost, path: "/kiosk/v1/orders/import", id: "importOrders", tag: tagDevices, summary: "Importer un historique de commandes (NDJSON, une commande par ligne) ; les lignes refusées sont listées", access: device, register: s.registerImportOrders},

		// Mes Commandes.
		{method: http.MethodGet, path: "/api/v1/orders", id: "listOrders", tag: tagOrders, summary: "Liste des commandes d'un restaurant (Caisse & Borne ou Click&Collect), les plus récentes d'abord", access: signedIn, roles: reportRoles, lockable: true, original: []string{"GET /api/v1/orders/findAllCommandes/{userId}&{start}&{end}&{siret}&{page}&{rowsPerPage}", "POST /ordersByLicenceAndDayClickv3/{licence}&{start}&{end}"}, register: handle(s.listOrders)},
		{method: http.MethodGet, path: "/api/v1/orders/lookup", id: "lookupOrder", tag: tagOrders, summary: "Détail d'une commande par le lien order_id + siret + keenio", access: signedIn, roles: reportRoles, lockable: true, original: []string{"GET /api/v1/orders/findOneOrderDetails/{orderId}&{siret}&{keenio}"}, register: handle(s.lookupOrder)},
		{method: http.MethodGet, path: "/api/v1/orders/{orderId}/ticket.pdf", id: "getOrderTicket", tag: tagOrders, summary: "Le ticket en PDF (A4 portrait, marges 10 mm), nommé {order_id}.pdf", access: signedIn, roles: reportRoles, lockable: true, register: s.registerOrderTicket},
		{method: http.MethodGet, path: "/api/v1/orders/{orderId}", id: "getOrder", tag: tagOrders, summary: "Détail d'une commande (ticket)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.getOrder)},
	}
}

// ---- ingestion ----

type postOrderInput struct {
	Body orders.Order
}

// OrderOut is an order as stored, with the ticket's context.
type OrderOut struct {
	ID            int64                `json:"id"`
	Duplicate     bool                 `json:"duplicate,omitempty" doc:"true : la commande avait déjà été reçue ; voici celle enregistrée"`
	BusinessDate  string               `json:"business_date" doc:"Jour d'exploitation dans le fuseau du restaurant"`
	Restaurant    string               `json:"restaurant"`
	Currency      string               `json:"currency" example:"EUR" doc:"Devise de tous les montants de la commande (celle du restaurant)"`
	Siret         string               `json:"siret"`
	Equipment     string               `json:"equipement"`
	EquipmentKeen string               `json:"user_keen_id"`
	Order         orders.Order         `json:"order"`
	RefundedCents int64                `json:"refunded_cents,omitempty" doc:"Montant rendu par les remboursements partiels depuis le paiement"`
	History       []orders.StatusEvent `json:"history" doc:"Les changements de statut envoyés après la commande, du plus ancien au plus récent"`
}

type orderOutput struct {
	Status int
	Body   OrderOut
}

func orderOut(d orders.Detail) OrderOut {
	return OrderOut{ID: d.ID, BusinessDate: orders.FormatDate(d.BusinessDate), Restaurant: d.Restaurant.Nom, Currency: d.Currency, Siret: d.Restaurant.Siret,
		Equipment: d.Equipment, EquipmentKeen: d.EquipmentKeen, Order: d.Order, RefundedCents: d.Refunded, History: orEmpty(d.History)}
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

type changeOrderStatusInput struct {
	OrderID string `path:"orderId" maxLength:"64" doc:"order_id de la commande, tel que la caisse l'a envoyé"`
	Body    orders.StatusChange
}

type changeOrderStatusOutput struct {
	Status int
	Body   OrderOut
}

func (s *Server) changeOrderStatus(ctx context.Context, in *changeOrderStatusInput) (*changeOrderStatusOutput, error) {
	dev := deviceFrom(ctx)
	ch, err := s.Orders.ChangeStatus(ctx, dev, in.OrderID, in.Body)
	if err != nil {
		return nil, err
	}
	d, err := s.Orders.Get(ctx, devicePrincipal(dev), ch.OrderID)
	if err != nil {
		return nil, err
	}
	out := &changeOrderStatusOutput{Status: http.StatusCreated, Body: orderOut(d)}
	if ch.Duplicate {
		out.Status, out.Body.Duplicate = http.StatusOK, true
	}
	return out, nil
}

func (s *Server) postOrder(ctx context.Context, in *postOrderInput) (*orderOutput, error) {
	dev := deviceFrom(ctx)
	st, err := s.Orders.Post(ctx, dev, in.Body)
	if err != nil {
		if _, invalid := errors.AsType[*orders.ValidationError](err); invalid {
			s.Metrics.OrdersIngested.WithLabelValues("post", "rejected").Inc()
		}
		return nil, err
	}
	s.countOrders("post", st.Duplicate)
	if st.Duplicate {
		d, err := s.Orders.Get(ctx, devicePrincipal(dev), st.ID)
		if err != nil {
			return nil, err
		}
		out := orderOut(d)
		out.Duplicate = true
		return &orderOutput{Status: http.StatusOK, Body: out}, nil
	}
	return &orderOutput{Status: http.StatusCreated, Body: OrderOut{ID: st.ID, BusinessDate: orders.FormatDate(st.BusinessDate),
		Restaurant: dev.Restaurant.Nom, Siret: dev.Restaurant.Siret, Equipment: dev.Equipment.Name, EquipmentKeen: dev.Equipment.UserKeenID, Order: st.Order, History: []orders.StatusEvent{}}}, nil
}

// countOrders counts an order received for /metrics.
func (s *Server) countOrders(via string, duplicate bool) {
	outcome := "created"
	if duplicate {
		outcome = "duplicate"
	}
	s.Metrics.OrdersIngested.WithLabelValues(via, outcome).Inc()
}

// devicePrincipal reads back what a device wrote: its own restaurant only.
func devicePrincipal(d tenancy.Device) tenancy.Principal {
	return tenancy.Principal{Role: tenancy.RoleRestaurant, FranchiseID: d.Restaurant.FranchiseID, Restaurants: []int64{d.Restaurant.ID}}
}

// ImportOut sums up an NDJSON import.
type ImportOut struct {
	Imported   int               `json:"imported"`
	Duplicates int               `json:"duplicates" doc:"Commandes déjà reçues, ignorées"`
	Rejected   int               `json:"rejected" doc:"Nombre de lignes refusées (toutes, errors n'en détaille que les 100 premières)"`
	Errors     []ImportLineError `json:"errors" doc:"Les 100 premières lignes refusées"`
}

// ImportLineError is a refused line.
type ImportLineError struct {
	Line    int    `json:"line"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// importOrdersInput is the import's body, read as it arrives rather than
// whole: huma hands a Resolver the request before reading any body.
type importOrdersInput struct {
	body   io.Reader
	length int64 // Content-Length, -1 when unknown
}

func (in *importOrdersInput) Resolve(hctx huma.Context) []error {
	in.body, in.length = hctx.BodyReader(), -1
	if n, err := strconv.ParseInt(hctx.Header("Content-Length"), 10, 64); err == nil {
		in.length = n
	}
	return nil
}

func (s *Server) registerImportOrders(api huma.API, op huma.Operation) {
	op.RequestBody = &huma.RequestBody{Required: true, Description: fmt.Sprintf("Une commande JSON par ligne (le schéma de POST /kiosk/v1/orders), %d Mio au plus, %d Kio par ligne au plus.",
		orders.MaxImportBytes>>20, orders.MaxImportLineBytes>>10), Content: map[string]*huma.MediaType{
		"application/x-ndjson": {Schema: &huma.Schema{Type: "string"}}}}
	tooLarge := fmt.Sprintf("L'import dépasse %d Mio.", orders.MaxImportBytes>>20)
	huma.Register(api, op, func(ctx context.Context, in *importOrdersInput) (*struct{ Body ImportOut }, error) {
		if in.length > orders.MaxImportBytes {
			return nil, newProblem(http.StatusRequestEntityTooLarge, tooLarge+" Découpez l'historique en plusieurs fichiers (par mois, par exemple).")
		}
		res, err := s.Orders.ImportNDJSON(ctx, deviceFrom(ctx), in.body)
		s.Metrics.OrdersIngested.WithLabelValues("import", "created").Add(float64(res.Imported))
		s.Metrics.OrdersIngested.WithLabelValues("import", "duplicate").Add(float64(res.Duplicates))
		s.Metrics.OrdersIngested.WithLabelValues("import", "rejected").Add(float64(res.Rejected))
		if errors.Is(err, orders.ErrImportTooLarge) {
			return nil, newProblem(http.StatusRequestEntityTooLarge, fmt.Sprintf("%s Les lignes 1 à %d ont été traitées (%d commandes importées, %d déjà reçues, %d lignes refusées) ; "+
				"envoyez la suite dans un autre fichier : une commande déjà reçue n'est jamais enregistrée deux fois.", tooLarge, res.Lines, res.Imported, res.Duplicates, res.Rejected))
		}
		if err != nil {
			return nil, problem(ctx, err)
		}
		out := &struct{ Body ImportOut }{Body: ImportOut{Imported: res.Imported, Duplicates: res.Duplicates, Rejected: res.Rejected,
			Errors: make([]ImportLineError, 0, len(res.Errors))}}
		for _, e := range res.Errors {
			out.Body.Errors = append(out.Body.Errors, ImportLineError{Line: e.Line, Field: e.Field, Message: e.Message})
		}
		return out, nil
	})
}

// ---- Mes Commandes ----

type listOrdersInput struct {
	ReportRange
	Source   string `query:"source" enum:"caisse_borne,clickncollect" default:"caisse_borne"`
	Page     int    `query:"page" minimum:"0" default:"0"`
	PageSize int    `query:"pageSize" minimum:"-1" maximum:"200" default:"25" doc:"5, 10, 25, 50, 100, 200 ; -1 : tout"`
}

// OrderRow is a row of the orders list (spec §3).
type OrderRow struct {
	ID         int64  `json:"id"`
	OrderID    string `json:"id_cmd"`
	Total      int64  `json:"totalCents"`
	Currency   string `json:"currency" example:"EUR" doc:"Devise du restaurant de la commande"`
	Equipment  string `json:"equipement"`
	PaidAt     string `json:"paid_at" format:"date-time"`
	Status     string `json:"status" doc:"Statut envoyé par la caisse (voir Order.status) : paid en vert, pending en orange, tous les autres en rouge et comptés comme annulations"`
	Source     string `json:"source"`
	Type       int    `json:"type"`
	Siret      string `json:"siret"`
	UserKeenID string `json:"user_keen_id"`
}

// OrderPage is a page of orders.
type OrderPage struct {
	Items []OrderRow `json:"items"`
	Total int        `json:"total"`
}

func (s *Server) listOrders(ctx context.Context, in *listOrdersInput) (*struct{ Body OrderPage }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	if in.RestaurantID == 0 {
		return nil, &tenancy.ValidationError{Field: "query.restaurantId", Message: "Veuillez Choisir un restaurant."}
	}
	items, total, err := s.Orders.List(ctx, principal(ctx), orders.ListFilter{RestaurantID: in.RestaurantID, Range: f.Range,
		Collect: in.Source == "clickncollect", Page: in.Page, PageSize: in.PageSize})
	if err != nil {
		return nil, err
	}
	out := &struct{ Body OrderPage }{Body: OrderPage{Items: make([]OrderRow, 0, len(items)), Total: total}}
	for _, it := range items {
		out.Body.Items = append(out.Body.Items, OrderRow{ID: it.ID, OrderID: it.OrderID, Total: it.Total, Currency: it.Currency, Equipment: it.Equipment,
			PaidAt: it.PaidAt.Format(time.RFC3339), Status: it.Status, Source: it.Source, Type: it.Type, Siret: it.Siret, UserKeenID: it.EquipmentKeen})
	}
	return out, nil
}

type orderPath struct {
	OrderID int64 `path:"orderId"`
}

func (s *Server) getOrder(ctx context.Context, in *orderPath) (*struct{ Body OrderOut }, error) {
	d, err := s.Orders.Get(ctx, principal(ctx), in.OrderID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body OrderOut }{Body: orderOut(d)}, nil
}

func (s *Server) registerOrderTicket(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {Description: "{order_id}.pdf", Content: map[string]*huma.MediaType{
		"application/pdf": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}}
	huma.Register(api, op, func(ctx context.Context, in *orderPath) (*huma.StreamResponse, error) {
		d, err := s.Orders.Get(ctx, principal(ctx), in.OrderID)
		if err != nil {
			return nil, problem(ctx, err)
		}
		data, err := orders.TicketPDF(d)
		if err != nil {
			return nil, problem(ctx, err)
		}
		name := strings.NewReplacer(`"`, "_", "\\", "_", "/", "_").Replace(d.Order.OrderID) + ".pdf"
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", "application/pdf")
			hctx.SetHeader("Content-Disposition", `attachment; filename="`+name+`"`)
			hctx.SetStatus(http.StatusOK)
			_, _ = hctx.BodyWriter().Write(data)
		}}, nil
	})
}

type lookupInput struct {
	OrderID string `query:"order_id" required:"true" minLength:"1"`
	Siret   string `query:"siret" required:"true" minLength:"1"`
	Keenio  string `query:"keenio" required:"true" minLength:"1" doc:"user_keen_id de l'équipement"`
}

func (s *Server) lookupOrder(ctx context.Context, in *lookupInput) (*struct{ Body OrderOut }, error) {
	d, err := s.Orders.Lookup(ctx, principal(ctx), in.OrderID, in.Siret, in.Keenio)
	if err != nil {
		return nil, err
	}
	return &struct{ Body OrderOut }{Body: orderOut(d)}, nil
}
