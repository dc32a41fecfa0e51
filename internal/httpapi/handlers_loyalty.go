package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"brigade/internal/loyalty"
)

func (s *Server) loyaltyRouteTable() []route {
	const tag = "Fidélité"
	// Admins and moderators run the program (the service checks it: a
	// guest reads); restaurant logins read their restaurants' figures.
	return []route{
		{method: http.MethodGet, path: "/api/v1/loyalty/rules", id: "listLoyaltyRules", tag: tag, summary: "Règles de gain de points (plusieurs règles actives s'additionnent)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listLoyaltyRules)},
		{method: http.MethodPost, path: "/api/v1/loyalty/rules", id: "createLoyaltyRule", tag: tag, summary: "Créer une règle : par commande (visit), par montant dépensé (amount), par produit (product)", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusCreated, register: handle(s.createLoyaltyRule)},
		{method: http.MethodPut, path: "/api/v1/loyalty/rules/{ruleId}", id: "updateLoyaltyRule", tag: tag, summary: "Modifier une règle ; If-Match obligatoire", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.updateLoyaltyRule)},
		{method: http.MethodDelete, path: "/api/v1/loyalty/rules/{ruleId}", id: "deleteLoyaltyRule", tag: tag, summary: "Supprimer une règle (les points déjà gagnés restent)", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusNoContent, register: handle(s.deleteLoyaltyRule)},
		{method: http.MethodGet, path: "/api/v1/loyalty/tiers", id: "listLoyaltyTiers", tag: tag, summary: "Niveaux, par seuil de points cumulés", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listLoyaltyTiers)},
		{method: http.MethodPost, path: "/api/v1/loyalty/tiers", id: "createLoyaltyTier", tag: tag, summary: "Créer un niveau", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusCreated, register: handle(s.createLoyaltyTier)},
		{method: http.MethodPut, path: "/api/v1/loyalty/tiers/{tierId}", id: "updateLoyaltyTier", tag: tag, summary: "Modifier un niveau ; If-Match obligatoire", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.updateLoyaltyTier)},
		{method: http.MethodDelete, path: "/api/v1/loyalty/tiers/{tierId}", id: "deleteLoyaltyTier", tag: tag, summary: "Supprimer un niveau", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusNoContent, register: handle(s.deleteLoyaltyTier)},
		{method: http.MethodGet, path: "/api/v1/loyalty/rewards", id: "listLoyaltyRewards", tag: tag, summary: "Récompenses (produit offert ou remise), les moins chères d'abord", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listLoyaltyRewards)},
		{method: http.MethodPost, path: "/api/v1/loyalty/rewards", id: "createLoyaltyReward", tag: tag, summary: "Créer une récompense", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusCreated, register: handle(s.createLoyaltyReward)},
		{method: http.MethodPut, path: "/api/v1/loyalty/rewards/{rewardId}", id: "updateLoyaltyReward", tag: tag, summary: "Modifier une récompense ; If-Match obligatoire", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.updateLoyaltyReward)},
		{method: http.MethodDelete, path: "/api/v1/loyalty/rewards/{rewardId}", id: "deleteLoyaltyReward", tag: tag, summary: "Supprimer une récompense (ses échanges passés restent)", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusNoContent, register: handle(s.deleteLoyaltyReward)},
		{method: http.MethodGet, path: "/api/v1/loyalty/dashboard", id: "loyaltyDashboard", tag: tag, summary: "Tableau de bord de la fidélité sur une période : membres, membres actifs, taux de retour, points gagnés et dépensés, coût des récompenses par devise, par jour", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.loyaltyDashboard)},
		{method: http.MethodGet, path: "/api/v1/loyalty/history", id: "loyaltyHistory", tag: tag, summary: "Historique des mouvements de points, les plus récents d'abord", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.loyaltyHistory)},
		{method: http.MethodGet, path: "/api/v1/loyalty/members", id: "loyaltyMembers", tag: tag, summary: "Membres du programme classés par points", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.loyaltyMembers)},
		{method: http.MethodGet, path: "/api/v1/customers/{customerId}/loyalty", id: "getCustomerLoyalty", tag: tag, summary: "Points, niveau et mouvements d'un client", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getCustomerLoyalty)},
		{method: http.MethodPost, path: "/api/v1/customers/{customerId}/loyalty/adjust", id: "adjustCustomerLoyalty", tag: tag, summary: "Corriger les points d'un client (motif obligatoire ; le solde ne devient jamais négatif)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.adjustCustomerLoyalty)},
		{method: http.MethodPost, path: "/kiosk/v1/loyalty/redeem", id: "kioskLoyaltyRedeem", tag: "Bornes et caisses", summary: "Échanger des points contre une récompense pour une commande de la borne : 409 « Points insuffisants. » ; une seule fois par commande et récompense", access: device, register: handle(s.kioskLoyaltyRedeem)},
		{method: http.MethodPost, path: "/kiosk/v1/loyalty/release", id: "kioskLoyaltyRelease", tag: "Bornes et caisses", summary: "Rendre les points d'un échange (commande abandonnée), une seule fois", access: device, register: handle(s.kioskLoyaltyRelease)},
	}
}

// loyaltyProblem gives the program's conflicts their 409.
func loyaltyProblem(err error) error {
	if errors.Is(err, loyalty.ErrStale) || errors.Is(err, loyalty.ErrInsufficient) {
		return newProblem(http.StatusConflict, err.Error())
	}
	return err
}

func loyaltyOut[T any](v T, version int, err error) (*versioned[T], error) {
	if err != nil {
		return nil, loyaltyProblem(err)
	}
	return &versioned[T]{ETag: strconv.Quote(strconv.Itoa(version)), Body: v}, nil
}

type versioned[T any] struct {
	ETag string `header:"ETag"`
	Body T
}

type listOf[T any] struct {
	Body struct {
		Items []T `json:"items"`
	}
}

func listOut[T any](items []T, err error) (*listOf[T], error) {
	if err != nil {
		return nil, err
	}
	out := &listOf[T]{}
	out.Body.Items = items
	return out, nil
}

const loyaltyIfMatch = "L'en-tête If-Match doit porter la version que vous modifiez."

func (s *Server) listLoyaltyRules(ctx context.Context, _ *struct{}) (*listOf[loyalty.EarnRule], error) {
	return listOut(s.Loyalty.Rules(ctx, principal(ctx)))
}

type loyaltyRuleInput struct{ Body loyalty.EarnRule }

func (s *Server) createLoyaltyRule(ctx context.Context, in *loyaltyRuleInput) (*versioned[loyalty.EarnRule], error) {
	r, err := s.Loyalty.CreateRule(ctx, principal(ctx), in.Body)
	return loyaltyOut(r, r.Version, err)
}

type loyaltyRuleIDInput struct {
	RuleID int64 `path:"ruleId" minimum:"1"`
}

type updateLoyaltyRuleInput struct {
	RuleID  int64  `path:"ruleId" minimum:"1"`
	IfMatch string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body    loyalty.EarnRule
}

func (s *Server) updateLoyaltyRule(ctx context.Context, in *updateLoyaltyRuleInput) (*versioned[loyalty.EarnRule], error) {
	v, err := ifMatch(in.IfMatch, 1, loyaltyIfMatch)
	if err != nil {
		return nil, err
	}
	r, err := s.Loyalty.UpdateRule(ctx, principal(ctx), in.RuleID, v, in.Body)
	return loyaltyOut(r, r.Version, err)
}

func (s *Server) deleteLoyaltyRule(ctx context.Context, in *loyaltyRuleIDInput) (*struct{}, error) {
	return nil, s.Loyalty.DeleteRule(ctx, principal(ctx), in.RuleID)
}

func (s *Server) listLoyaltyTiers(ctx context.Context, _ *struct{}) (*listOf[loyalty.Tier], error) {
	return listOut(s.Loyalty.Tiers(ctx, principal(ctx)))
}

type loyaltyTierInput struct{ Body loyalty.Tier }

func (s *Server) createLoyaltyTier(ctx context.Context, in *loyaltyTierInput) (*versioned[loyalty.Tier], error) {
	t, err := s.Loyalty.CreateTier(ctx, principal(ctx), in.Body)
	return loyaltyOut(t, t.Version, err)
}

type loyaltyTierIDInput struct {
	TierID int64 `path:"tierId" minimum:"1"`
}

type updateLoyaltyTierInput struct {
	TierID  int64  `path:"tierId" minimum:"1"`
	IfMatch string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body    loyalty.Tier
}

func (s *Server) updateLoyaltyTier(ctx context.Context, in *updateLoyaltyTierInput) (*versioned[loyalty.Tier], error) {
	v, err := ifMatch(in.IfMatch, 1, loyaltyIfMatch)
	if err != nil {
		return nil, err
	}
	t, err := s.Loyalty.UpdateTier(ctx, principal(ctx), in.TierID, v, in.Body)
	return loyaltyOut(t, t.Version, err)
}

func (s *Server) deleteLoyaltyTier(ctx context.Context, in *loyaltyTierIDInput) (*struct{}, error) {
	return nil, s.Loyalty.DeleteTier(ctx, principal(ctx), in.TierID)
}

func (s *Server) listLoyaltyRewards(ctx context.Context, _ *struct{}) (*listOf[loyalty.Reward], error) {
	return listOut(s.Loyalty.Rewards(ctx, principal(ctx)))
}

type loyaltyRewardInput struct{ Body loyalty.Reward }

func (s *Server) createLoyaltyReward(ctx context.Context, in *loyaltyRewardInput) (*versioned[loyalty.Reward], error) {
	w, err := s.Loyalty.CreateReward(ctx, principal(ctx), in.Body)
	return loyaltyOut(w, w.Version, err)
}

type loyaltyRewardIDInput struct {
	RewardID int64 `path:"rewardId" minimum:"1"`
}

type updateLoyaltyRewardInput struct {
	RewardID int64  `path:"rewardId" minimum:"1"`
	IfMatch  string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body     loyalty.Reward
}

func (s *Server) updateLoyaltyReward(ctx context.Context, in *updateLoyaltyRewardInput) (*versioned[loyalty.Reward], error) {
	v, err := ifMatch(in.IfMatch, 1, loyaltyIfMatch)
	if err != nil {
		return nil, err
	}
	w, err := s.Loyalty.UpdateReward(ctx, principal(ctx), in.RewardID, v, in.Body)
	return loyaltyOut(w, w.Version, err)
}

func (s *Server) deleteLoyaltyReward(ctx context.Context, in *loyaltyRewardIDInput) (*struct{}, error) {
	return nil, s.Loyalty.DeleteReward(ctx, principal(ctx), in.RewardID)
}

type loyaltyPeriodInput struct {
	From         string `query:"from" required:"false" format:"date" doc:"AAAA-MM-JJ (par défaut : 29 jours avant to)"`
	To           string `query:"to" required:"false" format:"date" doc:"AAAA-MM-JJ, inclus (par défaut : aujourd'hui)"`
	RestaurantID int64  `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
}

func (s *Server) loyaltyDashboard(ctx context.Context, in *loyaltyPeriodInput) (*struct{ Body loyalty.LoyaltyDashboard }, error) {
	d, err := s.Loyalty.Dashboard(ctx, principal(ctx), loyalty.Filter{From: in.From, To: in.To, RestaurantID: in.RestaurantID})
	if err != nil {
		return nil, err
	}
	return &struct{ Body loyalty.LoyaltyDashboard }{d}, nil
}

type loyaltyHistoryInput struct {
	loyaltyPeriodInput
	Kind     string `query:"kind" required:"false" enum:"earn,reverse,redeem,restore,adjust" doc:"Vide : tous les mouvements"`
	Page     int    `query:"page" minimum:"0" default:"0"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"200" default:"50"`
}

func (s *Server) loyaltyHistory(ctx context.Context, in *loyaltyHistoryInput) (*struct{ Body loyalty.LoyaltyHistoryPage }, error) {
	h, err := s.Loyalty.History(ctx, principal(ctx), loyalty.Filter{From: in.From, To: in.To, RestaurantID: in.RestaurantID, Kind: in.Kind, Page: in.Page, PageSize: in.PageSize})
	if err != nil {
		return nil, err
	}
	return &struct{ Body loyalty.LoyaltyHistoryPage }{h}, nil
}

type loyaltyMembersInput struct {
	RestaurantID int64 `query:"restaurantId" minimum:"0" doc:"0 : tous les restaurants visibles"`
	Page         int   `query:"page" minimum:"0" default:"0"`
	PageSize     int   `query:"pageSize" minimum:"1" maximum:"200" default:"50"`
}

func (s *Server) loyaltyMembers(ctx context.Context, in *loyaltyMembersInput) (*struct{ Body loyalty.LoyaltyMemberPage }, error) {
	m, err := s.Loyalty.Members(ctx, principal(ctx), loyalty.Filter{RestaurantID: in.RestaurantID, Page: in.Page, PageSize: in.PageSize})
	if err != nil {
		return nil, err
	}
	return &struct{ Body loyalty.LoyaltyMemberPage }{m}, nil
}

type customerLoyaltyInput struct {
	CustomerID int64 `path:"customerId" minimum:"1"`
}

func (s *Server) getCustomerLoyalty(ctx context.Context, in *customerLoyaltyInput) (*struct{ Body loyalty.CustomerLoyalty }, error) {
	c, err := s.Loyalty.CustomerLoyalty(ctx, principal(ctx), in.CustomerID)
	if err != nil {
		return nil, err
	}
	return &struct{ Body loyalty.CustomerLoyalty }{c}, nil
}

type adjustLoyaltyInput struct {
	CustomerID int64 `path:"customerId" minimum:"1"`
	Body       loyalty.LoyaltyAdjustment
}

func (s *Server) adjustCustomerLoyalty(ctx context.Context, in *adjustLoyaltyInput) (*struct{ Body loyalty.CustomerLoyalty }, error) {
	c, err := s.Loyalty.Adjust(ctx, principal(ctx), in.CustomerID, in.Body)
	if err != nil {
		return nil, err
	}
	return &struct{ Body loyalty.CustomerLoyalty }{c}, nil
}

type redemptionInput struct{ Body loyalty.Redemption }

func (s *Server) kioskLoyaltyRedeem(ctx context.Context, in *redemptionInput) (*struct{ Body loyalty.Redeemed }, error) {
	r, err := s.Loyalty.Redeem(ctx, deviceFrom(ctx), in.Body)
	if err != nil {
		return nil, loyaltyProblem(err)
	}
	return &struct{ Body loyalty.Redeemed }{r}, nil
}

func (s *Server) kioskLoyaltyRelease(ctx context.Context, in *redemptionInput) (*struct{ Body loyalty.Redeemed }, error) {
	r, err := s.Loyalty.Release(ctx, deviceFrom(ctx), in.Body)
	if err != nil {
		return nil, loyaltyProblem(err)
	}
	return &struct{ Body loyalty.Redeemed }{r}, nil
}
