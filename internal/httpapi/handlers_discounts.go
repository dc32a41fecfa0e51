package httpapi

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/discounts"
	"brigade/internal/tenancy"
)

func (s *Server) discountsRouteTable() []route {
	const tag, tagDevices = "Réductions et codes promo", "Bornes et caisses"
	// Admins manage every discount; moderators and restaurant logins those of
	// their restaurants (the service checks which); guests read.
	managers := []tenancy.Role{tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleRestaurant}
	return []route{
		{method: http.MethodGet, path: "/api/v1/discounts", id: "listDiscounts", tag: tag, summary: "Réductions de la franchise (celles de toute la franchise et celles des restaurants visibles)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listDiscounts)},
		{method: http.MethodPost, path: "/api/v1/discounts", id: "createDiscount", tag: tag, summary: "Créer une réduction (un modérateur ou un restaurant : pour ses restaurants seulement)", access: signedIn, roles: managers, lockable: true, status: http.StatusCreated, register: handle(s.createDiscount)},
		{method: http.MethodGet, path: "/api/v1/discounts/{discountId}", id: "getDiscount", tag: tag, summary: "Une réduction ; ETag = version", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getDiscount)},
		{method: http.MethodPut, path: "/api/v1/discounts/{discountId}", id: "updateDiscount", tag: tag, summary: "Modifier une réduction ; If-Match obligatoire", access: signedIn, roles: managers, lockable: true, register: handle(s.updateDiscount)},
		{method: http.MethodDelete, path: "/api/v1/discounts/{discountId}", id: "deleteDiscount", tag: tag, summary: "Supprimer une réduction (ses codes cessent aussitôt de fonctionner ; les commandes qui l'ont utilisée la gardent)", access: signedIn, roles: managers, lockable: true, status: http.StatusNoContent, register: handle(s.deleteDiscount)},
		{method: http.MethodGet, path: "/api/v1/promocodes", id: "listPromoCodes", tag: tag, summary: "Codes promo, avec leurs utilisations", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listPromoCodes)},
		{method: http.MethodPost, path: "/api/v1/promocodes", id: "createPromoCode", tag: tag, summary: "Créer un code promo qui accorde une réduction", access: signedIn, roles: managers, lockable: true, status: http.StatusCreated, register: handle(s.createPromoCode)},
		{method: http.MethodPut, path: "/api/v1/promocodes/{codeId}", id: "updatePromoCode", tag: tag, summary: "Modifier le quota, la validité ou l'activation d'un code", access: signedIn, roles: managers, lockable: true, register: handle(s.updatePromoCode)},
		{method: http.MethodDelete, path: "/api/v1/promocodes/{codeId}", id: "deletePromoCode", tag: tag, summary: "Supprimer un code jamais utilisé (un code utilisé se désactive)", access: signedIn, roles: managers, lockable: true, status: http.StatusNoContent, register: handle(s.deletePromoCode)},

		{method: http.MethodGet, path: "/kiosk/v1/discounts", id: "kioskDiscounts", tag: tagDevices, summary: "Les réductions automatiques qui peuvent s'appliquer dans le restaurant de la borne, avec ETag / 304 ; le flux SSE annonce `discounts` quand elles changent", access: device, register: s.registerKioskDiscounts},
		{method: http.MethodPost, path: "/kiosk/v1/promocodes/check", id: "kioskCheckPromoCode", tag: tagDevices, summary: "Vérifier un code promo sur un panier, sans l'utiliser : la réduction et son montant, ou le motif du refus en français", access: device, register: handle(s.kioskCheckPromoCode)},
		{method: http.MethodPost, path: "/kiosk/v1/promocodes/redeem", id: "kioskRedeemPromoCode", tag: tagDevices, summary: "Utiliser un code promo pour une commande, avant le paiement (une fois par commande, dans la limite du quota, même avec plusieurs bornes à la fois) ; 409 avec le motif si le code ne peut pas servir", access: device, register: handle(s.kioskRedeemPromoCode)},
		{method: http.MethodPost, path: "/kiosk/v1/promocodes/release", id: "kioskReleasePromoCode", tag: tagDevices, summary: "Rendre l'utilisation d'un code par une commande abandonnée ou dont le paiement a échoué", access: device, register: handle(s.kioskReleasePromoCode)},
	}
}

type discountsOutput struct {
	Body []discounts.FranchiseDiscount
}

func (s *Server) listDiscounts(ctx context.Context, _ *struct{}) (*discountsOutput, error) {
	list, err := s.Discounts.List(ctx, principal(ctx))
	return &discountsOutput{list}, err
}

type discountOutput struct {
	ETag string `header:"ETag"`
	Body discounts.FranchiseDiscount
}

func discountOut(d discounts.FranchiseDiscount, err error) (*discountOutput, error) {
	if err != nil {
		return nil, err
	}
	return &discountOutput{ETag: strconv.Quote(strconv.Itoa(d.Version)), Body: d}, nil
}

type createDiscountInput struct {
	Body discounts.FranchiseDiscount
}

func (s *Server) createDiscount(ctx context.Context, in *createDiscountInput) (*discountOutput, error) {
	return discountOut(s.Discounts.Create(ctx, principal(ctx), in.Body))
}

type discountIDInput struct {
	DiscountID int64 `path:"discountId" minimum:"1"`
}

func (s *Server) getDiscount(ctx context.Context, in *discountIDInput) (*discountOutput, error) {
	return discountOut(s.Discounts.Get(ctx, principal(ctx), in.DiscountID))
}

type updateDiscountInput struct {
	DiscountID int64  `path:"discountId" minimum:"1"`
	IfMatch    string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body       discounts.FranchiseDiscount
}

func (s *Server) updateDiscount(ctx context.Context, in *updateDiscountInput) (*discountOutput, error) {
	v, err := ifMatch(in.IfMatch, 1, "L'en-tête If-Match doit porter la version de la réduction que vous modifiez.")
	if err != nil {
		return nil, err
	}
	return discountOut(s.Discounts.Update(ctx, principal(ctx), in.DiscountID, v, in.Body))
}

func (s *Server) deleteDiscount(ctx context.Context, in *discountIDInput) (*struct{}, error) {
	return nil, s.Discounts.Delete(ctx, principal(ctx), in.DiscountID)
}

type promoCodesOutput struct {
	Body []discounts.PromoCode
}

func (s *Server) listPromoCodes(ctx context.Context, _ *struct{}) (*promoCodesOutput, error) {
	list, err := s.Discounts.Codes(ctx, principal(ctx))
	return &promoCodesOutput{list}, err
}

type promoCodeOutput struct {
	Body discounts.PromoCode
}

type createPromoCodeInput struct {
	Body discounts.PromoCode
}

func (s *Server) createPromoCode(ctx context.Context, in *createPromoCodeInput) (*promoCodeOutput, error) {
	c, err := s.Discounts.CreateCode(ctx, principal(ctx), in.Body)
	return &promoCodeOutput{c}, err
}

type updatePromoCodeInput struct {
	CodeID int64 `path:"codeId" minimum:"1"`
	Body   discounts.PromoCodeChange
}

func (s *Server) updatePromoCode(ctx context.Context, in *updatePromoCodeInput) (*promoCodeOutput, error) {
	c, err := s.Discounts.UpdateCode(ctx, principal(ctx), in.CodeID, in.Body)
	return &promoCodeOutput{c}, err
}

type promoCodeIDInput struct {
	CodeID int64 `path:"codeId" minimum:"1"`
}

func (s *Server) deletePromoCode(ctx context.Context, in *promoCodeIDInput) (*struct{}, error) {
	return nil, s.Discounts.DeleteCode(ctx, principal(ctx), in.CodeID)
}

// ---- kiosks ----

type kioskDiscountsInput struct {
	IfNoneMatch string `header:"If-None-Match"`
}

func (s *Server) registerKioskDiscounts(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{
		"200": {Description: "Les réductions automatiques du restaurant (document `{currency, discounts}`)", Content: map[string]*huma.MediaType{
			"application/json": {Schema: api.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[discounts.KioskDiscounts](), true, "")}}},
		"304": {Description: "Inchangé depuis l'ETag envoyé"},
	}
	huma.Register(api, op, func(ctx context.Context, in *kioskDiscountsInput) (*huma.StreamResponse, error) {
		body, etag, err := s.Discounts.KioskDocument(ctx, deviceFrom(ctx))
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("ETag", etag)
			hctx.SetHeader("Cache-Control", feedCacheControl)
			if etagMatches(in.IfNoneMatch, etag) {
				hctx.SetStatus(http.StatusNotModified)
				return
			}
			hctx.SetHeader("Content-Type", "application/json")
			hctx.SetStatus(http.StatusOK)
			_, _ = hctx.BodyWriter().Write(body)
		}}, nil
	})
}

// PromoCheck is the answer to a code check.
type PromoCheck struct {
	Valid    bool                       `json:"valid"`
	Reason   string                     `json:"reason,omitempty" doc:"Pourquoi le code ne s'applique pas, à afficher tel quel"`
	Discount *discounts.AppliedDiscount `json:"discount,omitempty"`
}

type kioskCheckInput struct {
	Body struct {
		Code   string           `json:"code" minLength:"1" maxLength:"40"`
		Basket discounts.Basket `json:"basket"`
	}
}

func (s *Server) kioskCheckPromoCode(ctx context.Context, in *kioskCheckInput) (*struct{ Body PromoCheck }, error) {
	a, err := s.Discounts.Check(ctx, deviceFrom(ctx), in.Body.Code, in.Body.Basket)
	if r, ok := errors.AsType[*discounts.Refusal](err); ok {
		return &struct{ Body PromoCheck }{PromoCheck{Reason: r.Reason}}, nil
	}
	if err != nil {
		return nil, err
	}
	return &struct{ Body PromoCheck }{PromoCheck{Valid: true, Discount: &a}}, nil
}

type kioskRedeemInput struct {
	Body struct {
		Code    string           `json:"code" minLength:"1" maxLength:"40"`
		OrderID string           `json:"order_id" minLength:"1" maxLength:"64" doc:"L'identifiant que la commande aura dans POST /kiosk/v1/orders"`
		Basket  discounts.Basket `json:"basket"`
	}
}

func (s *Server) kioskRedeemPromoCode(ctx context.Context, in *kioskRedeemInput) (*struct{ Body discounts.AppliedDiscount }, error) {
	a, err := s.Discounts.Redeem(ctx, deviceFrom(ctx), in.Body.Code, in.Body.OrderID, in.Body.Basket)
	return &struct{ Body discounts.AppliedDiscount }{a}, err
}

type kioskReleaseInput struct {
	Body struct {
		Code    string `json:"code" minLength:"1" maxLength:"40"`
		OrderID string `json:"order_id" minLength:"1" maxLength:"64"`
	}
}

// PromoRelease says whether a use was given back.
type PromoRelease struct {
	Released bool `json:"released" doc:"false : la commande n'avait pas utilisé ce code (ou l'avait déjà rendu)"`
}

func (s *Server) kioskReleasePromoCode(ctx context.Context, in *kioskReleaseInput) (*struct{ Body PromoRelease }, error) {
	ok, err := s.Discounts.Release(ctx, deviceFrom(ctx), in.Body.Code, in.Body.OrderID)
	return &struct{ Body PromoRelease }{PromoRelease{ok}}, err
}
