package httpapi

import (
	"context"
	"errors"
	"net/http"

	"brigade/internal/notices"
	"brigade/internal/presence"
	"brigade/internal/tenancy"
)

// ---- presence ----

// PresenceReport is the browser's activity report.
type PresenceReport struct {
	Page   string `json:"page" maxLength:"300" doc:"La route affichée (jamais une page de connexion)"`
	Online bool   `json:"online" doc:"false : départ (fermeture, déconnexion, inactivité de 60 s)"`
}

// PresenceEntry is a colleague's presence.
type PresenceEntry struct {
	UserID     int64  `json:"userId"`
	UserName   string `json:"userName"`
	Role       string `json:"role"`
	Source     string `json:"source"`
	Page       string `json:"page"`
	Online     bool   `json:"online"`
	LastActive string `json:"lastActive" format:"date-time"`
}

// PresenceList is who was seen in the franchise in the last day.
type PresenceList struct {
	Items []PresenceEntry `json:"items"`
}

func (s *Server) reportPresence(ctx context.Context, in *struct{ Body PresenceReport }) (*struct{}, error) {
	err := s.Presence.Report(ctx, principal(ctx), in.Body.Page, in.Body.Online)
	if errors.Is(err, presence.ErrLoginPage) {
		return nil, &tenancy.ValidationError{Field: "page", Message: err.Error()}
	}
	return nil, err
}

func (s *Server) listPresence(ctx context.Context, _ *struct{}) (*struct{ Body PresenceList }, error) {
	list, err := s.Presence.List(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := &struct{ Body PresenceList }{Body: PresenceList{Items: make([]PresenceEntry, 0, len(list))}}
	for _, e := range list {
		out.Body.Items = append(out.Body.Items, PresenceEntry{UserID: e.UserID, UserName: e.UserName, Role: string(e.Role), Source: e.Source,
			Page: e.Page, Online: e.Online, LastActive: e.LastActive.UTC().Format("2006-01-02T15:04:05Z")})
	}
	return out, nil
}

// ---- notices ----

// NoticeOut is a notice of the feed.
type NoticeOut struct {
	ID               int64    `json:"id"`
	Title            string   `json:"title"`
	Date             string   `json:"date" doc:"AAAA-MM-JJ"`
	Type             string   `json:"type"`
	ShortDescription string   `json:"shortDescription"`
	Content          string   `json:"content" doc:"Texte de la nouveauté (paragraphes séparés par une ligne vide)"`
	ContentURL       string   `json:"contentUrl"`
	Roles            []string `json:"roles"`
	DomainName       string   `json:"domaineName"`
	Read             bool     `json:"read"`
}

func noticeOut(n notices.Notice) NoticeOut {
	roles := make([]string, len(n.Roles))
	for i, r := range n.Roles {
		roles[i] = string(r)
	}
	return NoticeOut{ID: n.ID, Title: n.Title, Date: n.Date, Type: n.Type, ShortDescription: n.ShortDescription, Content: n.Content,
		ContentURL: n.ContentURL, Roles: roles, DomainName: n.DomainName, Read: n.Read}
}

// NoticeFeed is the user's feed.
type NoticeFeed struct {
	Items       []NoticeOut `json:"items"`
	Unread      int         `json:"unread"`
	TooltipSeen bool        `json:"tooltipSeen"`
}

type domainQuery struct {
	Domain string `query:"domain" maxLength:"200" doc:"L'hôte du back-office (notices ciblées par domaine)"`
}

func (s *Server) listNotices(ctx context.Context, in *domainQuery) (*struct{ Body NoticeFeed }, error) {
	f, err := s.Notices.List(ctx, principal(ctx), in.Domain)
	if err != nil {
		return nil, err
	}
	out := &struct{ Body NoticeFeed }{Body: NoticeFeed{Items: make([]NoticeOut, 0, len(f.Items)), Unread: f.Unread, TooltipSeen: f.TooltipSeen}}
	for _, n := range f.Items {
		out.Body.Items = append(out.Body.Items, noticeOut(n))
	}
	return out, nil
}

func (s *Server) openNotice(ctx context.Context, in *struct {
	NoticeID int64  `path:"noticeId" minimum:"1"`
	Domain   string `query:"domain" maxLength:"200"`
}) (*struct{ Body NoticeOut }, error) {
	n, err := s.Notices.Open(ctx, principal(ctx), in.NoticeID, in.Domain)
	if err != nil {
		return nil, err
	}
	return &struct{ Body NoticeOut }{Body: noticeOut(n)}, nil
}

func (s *Server) noticeTooltipSeen(ctx context.Context, _ *struct{}) (*struct{}, error) {
	return nil, s.Notices.TooltipSeen(ctx, principal(ctx))
}

func (s *Server) adminListNotices(ctx context.Context, _ *struct{}) (*struct{ Body []NoticeOut }, error) {
	all, err := s.Notices.All(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := make([]NoticeOut, len(all))
	for i, n := range all {
		out[i] = noticeOut(n)
	}
	return &struct{ Body []NoticeOut }{out}, nil
}

// NoticeBody is a notice as a super-admin writes it.
type NoticeBody struct {
	Title            string   `json:"title" minLength:"1" maxLength:"200"`
	Date             string   `json:"date" doc:"AAAA-MM-JJ"`
	Type             string   `json:"type" enum:"new_feature" required:"false"`
	ShortDescription string   `json:"shortDescription" maxLength:"500" required:"false"`
	Content          string   `json:"content" maxLength:"20000" required:"false"`
	ContentURL       string   `json:"contentUrl" maxLength:"500" required:"false"`
	Roles            []string `json:"roles" required:"false" doc:"Par défaut admin et guest"`
	DomainName       string   `json:"domaineName" maxLength:"200" required:"false" doc:"Vide : tous les domaines"`
}

func (b NoticeBody) notice(id int64) notices.Notice {
	n := notices.Notice{ID: id, Title: b.Title, Date: b.Date, Type: b.Type, ShortDescription: b.ShortDescription, Content: b.Content, ContentURL: b.ContentURL, DomainName: b.DomainName}
	for _, r := range b.Roles {
		n.Roles = append(n.Roles, tenancy.Role(r))
	}
	return n
}

func (s *Server) createNotice(ctx context.Context, in *struct{ Body NoticeBody }) (*struct{ Body NoticeOut }, error) {
	n, err := s.Notices.Save(ctx, principal(ctx), in.Body.notice(0))
	if err != nil {
		return nil, err
	}
	return &struct{ Body NoticeOut }{Body: noticeOut(n)}, nil
}

func (s *Server) updateNotice(ctx context.Context, in *struct {
	NoticeID int64 `path:"noticeId" minimum:"1"`
	Body     NoticeBody
}) (*struct{ Body NoticeOut }, error) {
	n, err := s.Notices.Save(ctx, principal(ctx), in.Body.notice(in.NoticeID))
	if err != nil {
		return nil, err
	}
	return &struct{ Body NoticeOut }{Body: noticeOut(n)}, nil
}

func (s *Server) deleteNotice(ctx context.Context, in *struct {
	NoticeID int64 `path:"noticeId" minimum:"1"`
}) (*struct{}, error) {
	return nil, s.Notices.Delete(ctx, principal(ctx), in.NoticeID)
}

func (s *Server) presenceRouteTable() []route {
	return []route{
		{method: http.MethodPost, path: "/api/v1/presence", id: "reportPresence", tag: "Présence", summary: "Signaler l'activité (page affichée) ou le départ", access: signedIn, status: http.StatusNoContent, original: []string{"onlineUsers"}, register: handle(s.reportPresence)},
		{method: http.MethodGet, path: "/api/v1/presence", id: "listPresence", tag: "Présence", summary: "Qui est en ligne dans la franchise, et où (dernières 24 h)", access: signedIn, roles: admins, lockable: true, register: handle(s.listPresence)},
		{method: http.MethodGet, path: "/api/v1/notices", id: "listNotices", tag: "Nouveautés", summary: "Les nouveautés pour le rôle et le domaine de l'utilisateur, avec le nombre de non lues", access: signedIn, original: []string{"adminNotices"}, register: handle(s.listNotices)},
		{method: http.MethodPost, path: "/api/v1/notices/{noticeId}/open", id: "openNotice", tag: "Nouveautés", summary: "Lire une nouveauté (la marque comme lue)", access: signedIn, register: handle(s.openNotice)},
		{method: http.MethodPost, path: "/api/v1/notices/tooltip-seen", id: "noticeTooltipSeen", tag: "Nouveautés", summary: "L'info-bulle de première visite a été vue", access: signedIn, status: http.StatusNoContent, register: handle(s.noticeTooltipSeen)},
		{method: http.MethodGet, path: "/api/v1/admin/notices", id: "adminListNotices", tag: "Super-admin", summary: "Toutes les nouveautés publiées, quels que soient leurs rôles et domaine", access: signedIn, roles: superAdmins, register: handle(s.adminListNotices)},
		{method: http.MethodPost, path: "/api/v1/admin/notices", id: "adminCreateNotice", tag: "Super-admin", summary: "Publier une nouveauté", access: signedIn, roles: superAdmins, status: http.StatusCreated, register: handle(s.createNotice)},
		{method: http.MethodPut, path: "/api/v1/admin/notices/{noticeId}", id: "adminUpdateNotice", tag: "Super-admin", summary: "Modifier une nouveauté", access: signedIn, roles: superAdmins, register: handle(s.updateNotice)},
		{method: http.MethodDelete, path: "/api/v1/admin/notices/{noticeId}", id: "adminDeleteNotice", tag: "Super-admin", summary: "Supprimer une nouveauté", access: signedIn, roles: superAdmins, status: http.StatusNoContent, register: handle(s.deleteNotice)},
	}
}
