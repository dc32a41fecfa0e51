package httpapi

import (
	"context"
	"errors"
	"net/http"

	"brigade/internal/summaries"
)

// Scheduled summaries by e-mail (issue 18): each login manages its own
// subscriptions; the domain (scope, periods, sending) is internal/summaries.
func (s *Server) summariesRouteTable() []route {
	const tagReports = "Rapports"
	return []route{
		{method: http.MethodGet, path: "/api/v1/reports/subscriptions", id: "listSummarySubscriptions", tag: tagReports, summary: "Mes résumés par e-mail : les abonnements de l'utilisateur connecté (quotidien ou hebdomadaire, tous ses restaurants ou un seul)", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.listSummarySubscriptions)},
		{method: http.MethodPost, path: "/api/v1/reports/subscriptions", id: "createSummarySubscription", tag: tagReports, summary: "S'abonner à un résumé par e-mail : quotidien (la veille, vers 7 h heure locale) ou hebdomadaire (la semaine précédente, le lundi vers 7 h) ; un restaurant hors du périmètre de l'utilisateur est refusé (422)", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusCreated, register: handle(s.createSummarySubscription)},
		{method: http.MethodDelete, path: "/api/v1/reports/subscriptions/{subscriptionId}", id: "deleteSummarySubscription", tag: tagReports, summary: "Se désabonner d'un résumé par e-mail (seulement les siens)", access: signedIn, roles: franchiseWide, lockable: true, status: http.StatusNoContent, register: handle(s.deleteSummarySubscription)},
		{method: http.MethodPost, path: "/api/v1/reports/subscriptions/preview", id: "previewSummary", tag: tagReports, summary: "Envoyer un aperçu maintenant : le résumé de la dernière période (hier, ou la semaine dernière) envoyé tout de suite à l'adresse donnée, sans abonnement (dix par heure et par utilisateur, 429 au-delà) ; 503 si le serveur de mail ne répond pas", access: signedIn, roles: franchiseWide, lockable: true, register: handle(s.previewSummary)},
	}
}

type summarySubscriptionsOutput struct {
	Body []summaries.Subscription
}

func (s *Server) listSummarySubscriptions(ctx context.Context, _ *struct{}) (*summarySubscriptionsOutput, error) {
	list, err := s.Summaries.List(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	return &summarySubscriptionsOutput{Body: list}, nil
}

type summaryInput struct {
	Body summaries.SubscriptionInput
}

func (s *Server) createSummarySubscription(ctx context.Context, in *summaryInput) (*struct{ Body summaries.Subscription }, error) {
	sub, err := s.Summaries.Create(ctx, principal(ctx), in.Body)
	if err != nil {
		return nil, err
	}
	return &struct{ Body summaries.Subscription }{Body: sub}, nil
}

type summarySubscriptionPath struct {
	SubscriptionID int64 `path:"subscriptionId"`
}

func (s *Server) deleteSummarySubscription(ctx context.Context, in *summarySubscriptionPath) (*struct{}, error) {
	return nil, s.Summaries.Delete(ctx, principal(ctx), in.SubscriptionID)
}

func (s *Server) previewSummary(ctx context.Context, in *summaryInput) (*struct{ Body summaries.SummaryPreview }, error) {
	pv, err := s.Summaries.SendPreview(ctx, principal(ctx), in.Body)
	if errors.Is(err, summaries.ErrSend) {
		return nil, newProblem(http.StatusServiceUnavailable, err.Error())
	}
	if errors.Is(err, summaries.ErrTooManyPreviews) {
		return nil, newProblem(http.StatusTooManyRequests, err.Error())
	}
	if err != nil {
		return nil, err
	}
	return &struct{ Body summaries.SummaryPreview }{Body: pv}, nil
}
