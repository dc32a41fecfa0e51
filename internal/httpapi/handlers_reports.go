package httpapi

import (
	"context"
	"net/http"
	"time"

	"brigade/internal/orders"
	"brigade/internal/reports"
	"brigade/internal/tenancy"
)

func (s *Server) reportsRouteTable() []route {
	const tagReports = "Rapports"
	reportRoles := franchiseWide
	return []route{
		{method: http.MethodGet, path: "/api/v1/reports/counts", id: "reportCounts", tag: tagReports, summary: "Commandes confirmées, annulées et click&collect, avec leur tendance sur les mêmes dates un mois plus tôt (sans montant : tous les restaurants du périmètre, toutes devises)", access: signedIn, roles: reportRoles, lockable: true, original: []string{"GET {hash}&{start}&{end}&{startPrevMonth}&{endPrevMonth}&{siret}", "POST /api/v1/dashboard/FindAllMesCommandesTopGuest/{userId}&{start}&{end}&{startPrev}&{endPrev}"}, register: handle(s.reportCounts)},
		{method: http.MethodGet, path: "/api/v1/reports/performance", id: "reportPerformance", tag: tagReports, summary: "Performance : les six widgets des temps de sortie (sans montant : tous les restaurants du périmètre, toutes devises)", access: signedIn, roles: reportRoles, lockable: true, original: []string{"/api/v1/dashboard/FindAllPerformancesLines", "/api/v1/dashboard/GraphPerformancesTempsSortieByDay", "/api/v1/dashboard/FindAllPerformancesTempsSortieByDay", "/api/v1/dashboard/LineChartByTypeCommande", "/api/v1/dashboard/FindAllPerformancesCategoryLines", "/api/v1/dashboard/FindAllPerformancesProductsLines"}, register: handle(s.reportPerformance)},
		{method: http.MethodGet, path: "/api/v1/reports/products", id: "reportProducts", tag: tagReports, summary: "Mes Produits : CA par catégorie, classement des produits, table des catégories (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportProducts)},
		{method: http.MethodGet, path: "/api/v1/reports/discounts", id: "reportDiscounts", tag: tagReports, summary: "Mes Réductions : répartitions, courbe par jour ou par mois, réductions par restaurant (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, original: []string{"RepartitionTypeDiscount", "RepartitionSourceCommande", "RepartitionLabelCommande", "GraphDiscountPaidAt", "GraphDiscountMonth", "ListCommandesDiscountByRestaurant"}, register: handle(s.reportDiscounts)},
		{method: http.MethodGet, path: "/api/v1/reports/discounts/orders", id: "reportDiscountedOrders", tag: tagReports, summary: "Liste Commande en Réduction (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, original: []string{"ListCommandesDiscount"}, register: handle(s.reportDiscountedOrders)},
		{method: http.MethodGet, path: "/api/v1/reports/z", id: "reportZ", tag: tagReports, summary: "Z Équipement : totaux, TVA par taux et paiements par restaurant et équipement (restaurants d'une devise : currency ; chaque ligne porte la sienne)", access: signedIn, roles: reportRoles, lockable: true, original: []string{"FindAllZEquipementList"}, register: handle(s.reportZ)},
		{method: http.MethodGet, path: "/api/v1/reports/z.pdf", id: "reportZPDF", tag: tagReports, summary: "Z du jour imprimable (PDF) : un jour d'exploitation, une page par équipement (totaux, TVA par taux, réductions, moyens de paiement) puis une page de total par restaurant avec les frais et les annulations (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, original: []string{"/Cncstats/BetaPrintZ", "/v2/PDFReader"}, register: s.registerZPDF},
		{method: http.MethodGet, path: "/api/v1/reports/accounting", id: "reportAccountingExport", tag: tagReports, summary: "Export comptable (CSV ou xlsx) : le journal des ventes, une ligne par jour et restaurant (HT et TVA par taux, TTC, remises, frais, moyens de paiement, commandes) ; 366 jours au plus, restaurants d'une devise : currency", access: signedIn, roles: reportRoles, lockable: true, original: []string{"/Cncstats/BetaExportComptable"}, register: s.registerAccountingExport},
		{method: http.MethodGet, path: "/api/v1/reports/accounting/preview", id: "reportAccountingPreview", tag: tagReports, summary: "Export comptable : les colonnes du journal et ses premières lignes (aperçu), avec le nombre total de lignes", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportAccountingPreview)},
		{method: http.MethodGet, path: "/api/v1/reports/sales", id: "reportSales", tag: tagReports, summary: "Ventes v2 : catégories (sans category) ou produits / options d'une catégorie ; commandes plateforme exclues (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, original: []string{"/api/v2/dashboard/TopCategoriesSalesAll", "/api/v2/dashboard/TopProductSalesAll", "/api/v2/dashboard/TopCategoriesOptionsAll", "/api/v2/dashboard/TopOptionSalesAll"}, register: handle(s.reportSales)},
		{method: http.MethodGet, path: "/api/v1/reports/realtime", id: "reportRealtime", tag: tagReports, summary: "Tableau de bord temps réel : la journée en cours (événement orders.changed à chaque commande) ; un chiffre d'affaires par devise, chaque restaurant dans la sienne", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportRealtime)},
		{method: http.MethodGet, path: "/api/v1/reports/flash", id: "reportFlash", tag: tagReports, summary: "Flash du jour : aujourd'hui, hier, la semaine et le mois en cours, chacun contre sa période précédente et la même période un an plus tôt (périodes en cours et comparaisons coupées à l'heure qu'il est) ; par devise (jamais additionnées) et par restaurant", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportFlash)},
		{method: http.MethodGet, path: "/api/v1/reports/revenue", id: "reportRevenue", tag: tagReports, summary: "Chiffre d'affaires dans le temps : par jour, semaine, mois ou heure locale, contre la période précédente et la même période un an plus tôt, avec la carte de chaleur jour × heure (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportRevenue)},
		{method: http.MethodGet, path: "/api/v1/reports/productMix", id: "reportProductMix", tag: tagReports, summary: "Mix produits : produits, catégories et options vendus, part du CA, tendance et rang contre la période précédente de même durée, marge des produits dont le prix d'achat est connu (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportProductMix)},
		{method: http.MethodGet, path: "/api/v1/reports/clickAndCollect", id: "reportClickAndCollect", tag: tagReports, summary: "Click & collect : chiffre d'affaires, part du total, commandes, panier, frais, par jour, par heure locale, par type et par restaurant, contre la période précédente (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportClickAndCollect)},
		{method: http.MethodGet, path: "/api/v1/reports/cancellations", id: "reportCancellations", tag: tagReports, summary: "Mes Annulations : commandes annulées, remboursées ou refusées par statut, source, jour, restaurant et équipement, part des commandes, contre la période précédente (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportCancellations)},
		{method: http.MethodGet, path: "/api/v1/reports/cancellations/orders", id: "reportCancelledOrders", tag: tagReports, summary: "Mes Annulations : les dernières commandes annulées, page par page (restaurants d'une devise : currency)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportCancelledOrders)},
		{method: http.MethodGet, path: "/api/v1/reports/export", id: "exportReport", tag: tagReports, summary: "Exporter un rapport en CSV ou xlsx : les tableaux du rapport lancé avec ses propres paramètres, chiffres tels qu'affichés (montants avec leur devise, jamais deux devises dans une colonne) ; envoyé au fil de la lecture", access: signedIn, roles: reportRoles, lockable: true, register: s.registerReportExport},
		{method: http.MethodGet, path: "/api/v1/reports/restaurants", id: "reportRestaurants", tag: tagReports, summary: "Comparaison des restaurants : CA TTC et HT, commandes, panier moyen, temps de sortie, réductions et annulations de chaque restaurant sur la période et la précédente, avec le total et la moyenne de la franchise (restaurants d'une devise : currency ; restaurantId : le restaurant mis en avant, comparé aux autres de sa devise)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportRestaurants)},
		{method: http.MethodGet, path: "/api/v1/reports/restaurants/today", id: "reportRestaurantsToday", tag: tagReports, summary: "Mes restaurants aujourd'hui : par restaurant, la journée jusqu'à maintenant contre le même jour de la semaine précédente à la même heure (chacun dans sa devise), la dernière commande et les caisses et bornes en ligne ou hors ligne", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportRestaurantsToday)},
		{method: http.MethodGet, path: "/api/v1/reports/equipments", id: "reportEquipments", tag: tagReports, summary: "Historique équipements : chaque caisse et borne, son dernier appel, son statut et ses commandes payées de la période (chaque ligne dans la devise de son restaurant)", access: signedIn, roles: reportRoles, lockable: true, register: handle(s.reportEquipments)},
	}
}

// ReportRange are the date filters of every report.
type ReportRange struct {
	Start        string `query:"start" required:"true" format:"date" doc:"AAAA-MM-JJ, jour d'exploitation"`
	End          string `query:"end" required:"true" format:"date" doc:"AAAA-MM-JJ, inclus"`
	RestaurantID int64  `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
	Currency     string `query:"currency" pattern:"^[A-Za-z]{3}$" doc:"Rapports avec des montants, périmètre de plusieurs devises : la devise des restaurants à compter (ISO 4217, parmi la liste currencies de la réponse) ; par défaut celle du franchiseur, sinon celle du plus grand nombre de restaurants. Sans effet quand restaurantId est donné ou que le périmètre n'a qu'une devise."`
}

func (r ReportRange) filter() (reports.Filter, error) {
	start, err := orders.ParseDate(r.Start)
	if err != nil {
		return reports.Filter{}, &tenancy.ValidationError{Field: "query.start", Message: "La date de début doit être au format AAAA-MM-JJ."}
	}
	end, err := orders.ParseDate(r.End)
	if err != nil {
		return reports.Filter{}, &tenancy.ValidationError{Field: "query.end", Message: "La date de fin doit être au format AAAA-MM-JJ."}
	}
	if end < start {
		return reports.Filter{}, &tenancy.ValidationError{Field: "query.end", Message: reports.ErrRange.Error()}
	}
	return reports.Filter{RestaurantID: r.RestaurantID, Range: orders.Range{Start: start, End: end}, Currency: r.Currency}, nil
}

func (s *Server) reportCounts(ctx context.Context, in *ReportRange) (*struct{ Body reports.Counts }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	c, err := s.Reports.OrderCounts(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.Counts }{Body: c}, nil
}

type performanceInput struct {
	ReportRange
	TZ string `query:"tz" maxLength:"64" doc:"Fuseau IANA de la carte de chaleur (ex. Europe/Paris) ; UTC par défaut"`
}

func (s *Server) reportPerformance(ctx context.Context, in *performanceInput) (*struct{ Body reports.Performance }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	p, err := s.Reports.Performance(ctx, principal(ctx), f, in.TZ)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.Performance }{Body: p}, nil
}

func (s *Server) reportProducts(ctx context.Context, in *ReportRange) (*struct{ Body reports.ProductReport }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Products(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.ProductReport }{Body: r}, nil
}

type discountsInput struct {
	ReportRange
	Grain string `query:"grain" enum:"day,month" default:"day" doc:"Par Jour ou Par Mensuel"`
}

func (s *Server) reportDiscounts(ctx context.Context, in *discountsInput) (*struct{ Body reports.DiscountReport }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Discounts(ctx, principal(ctx), f, in.Grain == "month")
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.DiscountReport }{Body: r}, nil
}

type discountedInput struct {
	ReportRange
	Page     int `query:"page" minimum:"0" default:"0"`
	PageSize int `query:"pageSize" minimum:"-1" maximum:"200" default:"25" doc:"5, 10, 25 ; -1 : tout"`
}

// DiscountedRow is a row of 'Liste Commande en Réduction'.
type DiscountedRow struct {
	ID            int64  `json:"id"`
	OrderID       string `json:"id_commande"`
	DiscountType  string `json:"type_discount"`
	DiscountValue int64  `json:"discount_value" doc:"pourcentage : points de base ; montant : centimes"`
	Discount      int64  `json:"discountCents"`
	RealTotal     int64  `json:"real_totalCents" doc:"Total avant réduction"`
	Total         int64  `json:"totalCents"`
	Type          string `json:"type_order"`
	Label         string `json:"label_discount"`
	Cashier       string `json:"cashier"`
	Source        string `json:"source"`
	PaidAt        string `json:"paid_at" format:"date-time"`
	Restaurant    string `json:"restaurant"`
}

// DiscountedPage is a page of discounted orders of the restaurants of one
// currency.
type DiscountedPage struct {
	reports.Coverage
	Items []DiscountedRow `json:"items"`
	Total int             `json:"total"`
}

func (s *Server) reportDiscountedOrders(ctx context.Context, in *discountedInput) (*struct{ Body DiscountedPage }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	items, total, name, cov, err := s.Reports.DiscountedOrders(ctx, principal(ctx), f, in.Page, in.PageSize)
	if err != nil {
		return nil, err
	}
	out := &struct{ Body DiscountedPage }{Body: DiscountedPage{Coverage: cov, Items: make([]DiscountedRow, 0, len(items)), Total: total}}
	for _, it := range items {
		out.Body.Items = append(out.Body.Items, DiscountedRow{ID: it.ID, OrderID: it.OrderID, DiscountType: it.DiscountType, DiscountValue: it.DiscountValue,
			Discount: it.Discount, RealTotal: it.RealTotal, Total: it.Total, Type: orders.TypeNames[it.Type], Label: it.Label, Cashier: it.Cashier,
			Source: it.Source, PaidAt: it.PaidAt.Format(time.RFC3339), Restaurant: name(it.RestaurantID)})
	}
	return out, nil
}

func (s *Server) reportZ(ctx context.Context, in *ReportRange) (*struct{ Body reports.ZReport }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	z, err := s.Reports.Z(ctx, principal(ctx), f)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.ZReport }{Body: z}, nil
}

type salesInput struct {
	ReportRange
	Kind     string `query:"kind" enum:"products,options" default:"products"`
	Category string `query:"category" maxLength:"200" doc:"Vide : la liste des catégories"`
}

func (s *Server) reportSales(ctx context.Context, in *salesInput) (*struct{ Body reports.SalesReport }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Sales(ctx, principal(ctx), f, reports.SalesKind(in.Kind), in.Category)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.SalesReport }{Body: r}, nil
}

type realtimeInput struct {
	RestaurantID int64 `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
}

func (s *Server) reportRealtime(ctx context.Context, in *realtimeInput) (*struct{ Body reports.Realtime }, error) {
	r, err := s.Reports.Realtime(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.Realtime }{Body: r}, nil
}

type flashInput struct {
	RestaurantID int64 `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
}

func (s *Server) reportFlash(ctx context.Context, in *flashInput) (*struct{ Body reports.Flash }, error) {
	r, err := s.Reports.Flash(ctx, principal(ctx), in.RestaurantID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.Flash }{Body: r}, nil
}

type revenueInput struct {
	ReportRange
	Grain string `query:"grain" enum:"day,week,month,hour" default:"day" doc:"day : par jour ; week : par semaine ISO ; month : par mois ; hour : par heure locale de la journée. Période de 366 jours au plus par jour ou par heure, de 3 ans par semaine ou par mois."`
}

func (s *Server) reportRevenue(ctx context.Context, in *revenueInput) (*struct{ Body reports.Revenue }, error) {
	f, err := in.filter()
	if err != nil {
		return nil, err
	}
	r, err := s.Reports.Revenue(ctx, principal(ctx), f, in.Grain)
	if err != nil {
		return nil, err
	}
	return &struct{ Body reports.Revenue }{Body: r}, nil
}
