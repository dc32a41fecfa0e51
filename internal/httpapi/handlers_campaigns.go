package httpapi

import (
	"context"
	"errors"
	"html"
	"net/http"
	"strconv"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/campaigns"
	"brigade/internal/tenancy"
)

func (s *Server) campaignsRouteTable() []route {
	const tag = "Campagnes"
	// Franchise admins and moderators write; every login reads what its
	// restaurants reach. The provider's callbacks and the unsubscribe link
	// carry no session: the SMS token, or the link's signature, is checked
	// by the campaigns service.
	writers := []tenancy.Role{tenancy.RoleAdmin, tenancy.RoleModerator}
	return []route{
		{method: http.MethodGet, path: "/api/v1/marketing/campaigns", id: "listMarketingCampaigns", tag: tag, summary: "Campagnes SMS et e-mail, les plus récentes d'abord, avec compteurs, estimation et utilisations du code promo", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listMarketingCampaigns)},
		{method: http.MethodPost, path: "/api/v1/marketing/campaigns", id: "createMarketingCampaign", tag: tag, summary: "Créer une campagne : brouillon, ou programmée avec scheduledAt", access: signedIn, roles: writers, lockable: true, status: http.StatusCreated, register: handle(s.createMarketingCampaign)},
		{method: http.MethodGet, path: "/api/v1/marketing/campaigns/{campaignId}", id: "getMarketingCampaign", tag: tag, summary: "Une campagne ; ETag = version", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getMarketingCampaign)},
		{method: http.MethodPut, path: "/api/v1/marketing/campaigns/{campaignId}", id: "updateMarketingCampaign", tag: tag, summary: "Modifier un brouillon ou une campagne programmée ; If-Match obligatoire", access: signedIn, roles: writers, lockable: true, register: handle(s.updateMarketingCampaign)},
		{method: http.MethodDelete, path: "/api/v1/marketing/campaigns/{campaignId}", id: "deleteMarketingCampaign", tag: tag, summary: "Supprimer un brouillon, une campagne programmée ou annulée", access: signedIn, roles: writers, lockable: true, status: http.StatusNoContent, register: handle(s.deleteMarketingCampaign)},
		{method: http.MethodPost, path: "/api/v1/marketing/campaigns/{campaignId}/send", id: "sendMarketingCampaign", tag: tag, summary: "Envoyer maintenant : tâche de fond, progression par l'événement campaigns.progress ; jamais deux fois au même client", access: signedIn, roles: writers, lockable: true, status: http.StatusAccepted, register: handle(s.sendMarketingCampaign)},
		{method: http.MethodPost, path: "/api/v1/marketing/campaigns/{campaignId}/cancel", id: "cancelMarketingCampaign", tag: tag, summary: "Annuler une campagne programmée", access: signedIn, roles: writers, lockable: true, register: handle(s.cancelMarketingCampaign)},
		{method: http.MethodGet, path: "/api/v1/marketing/campaigns/{campaignId}/messages", id: "listMarketingMessages", tag: tag, summary: "Messages d'une campagne (un par client) : adresse, statut, erreur", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listMarketingMessages)},
		{method: http.MethodPost, path: "/api/v1/marketing/estimate", id: "estimateMarketingCampaign", tag: tag, summary: "Estimation en direct : destinataires, parties SMS (mention STOP comprise), caractères, coût", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.estimateMarketingCampaign)},
		{method: http.MethodGet, path: "/api/v1/marketing/lists", id: "listMarketingLists", tag: tag, summary: "Listes de diffusion (segments enregistrés) avec leurs destinataires SMS et e-mail", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listMarketingLists)},
		{method: http.MethodPost, path: "/api/v1/marketing/lists", id: "createMarketingList", tag: tag, summary: "Enregistrer une liste de diffusion", access: signedIn, roles: writers, lockable: true, status: http.StatusCreated, register: handle(s.createMarketingList)},
		{method: http.MethodGet, path: "/api/v1/marketing/lists/{listId}", id: "getMarketingList", tag: tag, summary: "Une liste de diffusion ; ETag = version", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getMarketingList)},
		{method: http.MethodPut, path: "/api/v1/marketing/lists/{listId}", id: "updateMarketingList", tag: tag, summary: "Modifier une liste de diffusion ; If-Match obligatoire", access: signedIn, roles: writers, lockable: true, register: handle(s.updateMarketingList)},
		{method: http.MethodDelete, path: "/api/v1/marketing/lists/{listId}", id: "deleteMarketingList", tag: tag, summary: "Supprimer une liste de diffusion", access: signedIn, roles: writers, lockable: true, status: http.StatusNoContent, register: handle(s.deleteMarketingList)},
		{method: http.MethodGet, path: "/api/v1/marketing/settings", id: "getMarketingSettings", tag: tag, summary: "Fournisseurs configurés (SMS, e-mail), expéditeur, prix d'un SMS et mention STOP", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.getMarketingSettings)},
		{method: http.MethodPost, path: "/api/v1/marketing/sms/status", id: "smsStatusCallback", tag: tag, summary: "Rappel du fournisseur SMS : statut d'un message (delivered, failed). Authentification : Authorization: Bearer <--sms-token>", access: public, status: http.StatusNoContent, register: handle(s.smsStatusCallback)},
		{method: http.MethodPost, path: "/api/v1/marketing/sms/inbound", id: "smsInbound", tag: tag, summary: "Rappel du fournisseur SMS : réponse d'un client ; STOP retire aussitôt son consentement SMS. Authentification : Authorization: Bearer <--sms-token>", access: public, register: handle(s.smsInbound)},
		{method: http.MethodGet, path: "/u/{token}", id: "unsubscribe", tag: tag, summary: "Lien de désinscription d'un e-mail de campagne : retire aussitôt le consentement e-mail (page HTML)", access: public, register: s.registerUnsubscribe},
		{method: http.MethodPost, path: "/u/{token}", id: "unsubscribeOneClick", tag: tag, summary: "Désinscription en un clic (List-Unsubscribe-Post, RFC 8058)", access: public, register: s.registerUnsubscribe},
	}
}

type campaignsOutput struct {
	Body struct {
		Items []campaigns.MarketingCampaign `json:"items"`
	}
}

func (s *Server) listMarketingCampaigns(ctx context.Context, _ *struct{}) (*campaignsOutput, error) {
	list, err := s.Campaigns.List(ctx, principal(ctx))
	out := &campaignsOutput{}
	out.Body.Items = list
	return out, err
}

type mktCampaignOutput struct {
	ETag string `header:"ETag"`
	Body campaigns.MarketingCampaign
}

func mktCampaignOut(c campaigns.MarketingCampaign, err error) (*mktCampaignOutput, error) {
	if err != nil {
		return nil, err
	}
	return &mktCampaignOutput{ETag: strconv.Quote(strconv.Itoa(c.Version)), Body: c}, nil
}

type createMktCampaignInput struct {
	Body campaigns.MarketingCampaignInput
}

func (s *Server) createMarketingCampaign(ctx context.Context, in *createMktCampaignInput) (*mktCampaignOutput, error) {
	return mktCampaignOut(s.Campaigns.Create(ctx, principal(ctx), in.Body))
}

type mktCampaignIDInput struct {
	CampaignID int64 `path:"campaignId" minimum:"1"`
}

func (s *Server) getMarketingCampaign(ctx context.Context, in *mktCampaignIDInput) (*mktCampaignOutput, error) {
	return mktCampaignOut(s.Campaigns.Get(ctx, principal(ctx), in.CampaignID))
}

type updateMktCampaignInput struct {
	CampaignID int64  `path:"campaignId" minimum:"1"`
	IfMatch    string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body       campaigns.MarketingCampaignInput
}

func (s *Server) updateMarketingCampaign(ctx context.Context, in *updateMktCampaignInput) (*mktCampaignOutput, error) {
	v, err := ifMatch(in.IfMatch, 1, "L'en-tête If-Match doit porter la version de la campagne que vous modifiez.")
	if err != nil {
		return nil, err
	}
	c, err := s.Campaigns.Update(ctx, principal(ctx), in.CampaignID, v, in.Body)
	return mktCampaignOut(c, campaignErr(err))
}

func (s *Server) deleteMarketingCampaign(ctx context.Context, in *mktCampaignIDInput) (*struct{}, error) {
	return nil, campaignErr(s.Campaigns.Delete(ctx, principal(ctx), in.CampaignID))
}

func campaignErr(err error) error {
	if errors.Is(err, campaigns.ErrNotEditable) {
		return newProblem(http.StatusConflict, err.Error())
	}
	return err
}

func (s *Server) sendMarketingCampaign(ctx context.Context, in *mktCampaignIDInput) (*mktCampaignOutput, error) {
	c, err := s.Campaigns.Send(ctx, principal(ctx), in.CampaignID)
	return mktCampaignOut(c, campaignErr(err))
}

func (s *Server) cancelMarketingCampaign(ctx context.Context, in *mktCampaignIDInput) (*mktCampaignOutput, error) {
	return mktCampaignOut(s.Campaigns.Cancel(ctx, principal(ctx), in.CampaignID))
}

type mktMessagesInput struct {
	CampaignID int64  `path:"campaignId" minimum:"1"`
	Status     string `query:"status" enum:"pending,sending,sent,delivered,failed" required:"false"`
	Page       int    `query:"page" minimum:"0" default:"0"`
}

func (s *Server) listMarketingMessages(ctx context.Context, in *mktMessagesInput) (*struct{ Body campaigns.MarketingMessages }, error) {
	m, err := s.Campaigns.Messages(ctx, principal(ctx), in.CampaignID, in.Status, in.Page)
	if err != nil {
		return nil, err
	}
	return &struct{ Body campaigns.MarketingMessages }{m}, nil
}

func (s *Server) estimateMarketingCampaign(ctx context.Context, in *struct {
	Body campaigns.MarketingEstimateInput
}) (*struct {
	Body campaigns.MarketingEstimateResult
}, error) {
	e, err := s.Campaigns.Estimate(ctx, principal(ctx), in.Body)
	if err != nil {
		return nil, err
	}
	return &struct {
		Body campaigns.MarketingEstimateResult
	}{e}, nil
}

type mktListsOutput struct {
	Body struct {
		Items []campaigns.MarketingList `json:"items"`
	}
}

func (s *Server) listMarketingLists(ctx context.Context, _ *struct{}) (*mktListsOutput, error) {
	list, err := s.Campaigns.Lists(ctx, principal(ctx))
	out := &mktListsOutput{}
	out.Body.Items = list
	return out, err
}

type mktListOutput struct {
	ETag string `header:"ETag"`
	Body campaigns.MarketingList
}

func mktListOut(l campaigns.MarketingList, err error) (*mktListOutput, error) {
	if err != nil {
		return nil, err
	}
	return &mktListOutput{ETag: strconv.Quote(strconv.Itoa(l.Version)), Body: l}, nil
}

func (s *Server) createMarketingList(ctx context.Context, in *struct{ Body campaigns.MarketingListInput }) (*mktListOutput, error) {
	return mktListOut(s.Campaigns.CreateList(ctx, principal(ctx), in.Body))
}

type mktListIDInput struct {
	ListID int64 `path:"listId" minimum:"1"`
}

func (s *Server) getMarketingList(ctx context.Context, in *mktListIDInput) (*mktListOutput, error) {
	return mktListOut(s.Campaigns.GetList(ctx, principal(ctx), in.ListID))
}

type updateMktListInput struct {
	ListID  int64  `path:"listId" minimum:"1"`
	IfMatch string `header:"If-Match" required:"true" doc:"Version lue (ETag)"`
	Body    campaigns.MarketingListInput
}

func (s *Server) updateMarketingList(ctx context.Context, in *updateMktListInput) (*mktListOutput, error) {
	v, err := ifMatch(in.IfMatch, 1, "L'en-tête If-Match doit porter la version de la liste que vous modifiez.")
	if err != nil {
		return nil, err
	}
	return mktListOut(s.Campaigns.UpdateList(ctx, principal(ctx), in.ListID, v, in.Body))
}

func (s *Server) deleteMarketingList(ctx context.Context, in *mktListIDInput) (*struct{}, error) {
	return nil, s.Campaigns.DeleteList(ctx, principal(ctx), in.ListID)
}

func (s *Server) getMarketingSettings(ctx context.Context, _ *struct{}) (*struct{ Body campaigns.MarketingSettings }, error) {
	st, err := s.Campaigns.Settings(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	return &struct{ Body campaigns.MarketingSettings }{st}, nil
}

func providerErr(err error) error {
	if errors.Is(err, campaigns.ErrProviderToken) {
		return newProblem(http.StatusUnauthorized, err.Error())
	}
	return err
}

type smsStatusInput struct {
	Authorization string `header:"Authorization" doc:"Bearer <--sms-token>"`
	Body          campaigns.MarketingSMSStatus
}

func (s *Server) smsStatusCallback(ctx context.Context, in *smsStatusInput) (*struct{}, error) {
	return nil, providerErr(s.Campaigns.StatusCallback(ctx, in.Authorization, in.Body))
}

type smsInboundInput struct {
	Authorization string `header:"Authorization" doc:"Bearer <--sms-token>"`
	Body          campaigns.MarketingSMSInbound
}

func (s *Server) smsInbound(ctx context.Context, in *smsInboundInput) (*struct {
	Body campaigns.MarketingInboundResult
}, error) {
	r, err := s.Campaigns.Inbound(ctx, in.Authorization, in.Body)
	if err != nil {
		return nil, providerErr(err)
	}
	return &struct {
		Body campaigns.MarketingInboundResult
	}{r}, nil
}

type unsubscribeInput struct {
	Token string `path:"token" maxLength:"200"`
}

// registerUnsubscribe answers the unsubscribe link with a small French
// page (the customer clicked a link in a mail, not the back-office).
func (s *Server) registerUnsubscribe(api huma.API, op huma.Operation) {
	op.Responses = map[string]*huma.Response{"200": {Description: "Page de confirmation", Content: map[string]*huma.MediaType{
		"text/html": {Schema: &huma.Schema{Type: "string"}}}}}
	huma.Register(api, op, func(ctx context.Context, in *unsubscribeInput) (*huma.StreamResponse, error) {
		err := s.Campaigns.Unsubscribe(ctx, in.Token)
		status, title, text := http.StatusOK, "Désinscription confirmée", "Vous ne recevrez plus nos offres par e-mail."
		if errors.Is(err, campaigns.ErrBadToken) {
			status, title, text = http.StatusNotFound, "Lien invalide", err.Error()
		} else if err != nil {
			return nil, problem(ctx, err)
		}
		return &huma.StreamResponse{Body: func(hctx huma.Context) {
			hctx.SetHeader("Content-Type", "text/html; charset=utf-8")
			hctx.SetHeader("Cache-Control", "no-store")
			hctx.SetStatus(status)
			_, _ = hctx.BodyWriter().Write([]byte(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>` +
				html.EscapeString(title) + `</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>` +
				html.EscapeString(title) + `</h1><p>` + html.EscapeString(text) + `</p></body></html>`))
		}}, nil
	})
}
