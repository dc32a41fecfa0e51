package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"brigade/internal/auth"
	"brigade/internal/tenancy"
)

// SigninBody is the body of the three sign-in calls.
type SigninBody struct {
	Login    string `json:"login" minLength:"1" maxLength:"200" doc:"Identifiant"`
	Password string `json:"password" minLength:"1" maxLength:"200" doc:"Mot de passe"`
}

// CurrentUser is the spec's current-user record, with the session token.
type CurrentUser struct {
	ID              int64          `json:"id"`
	Roles           string         `json:"roles" enum:"admin,moderator,guest,restaurant,superadmin" doc:"Rôle de la session"`
	UserName        string         `json:"user_name" doc:"Nom affiché : nom de la franchise (admin), nom (modérateur, restaurant), prénom et nom (invité)"`
	FranchiseName   string         `json:"franchise_name"`
	FranchiseID     int64          `json:"fk_franchise"`
	Nom             string         `json:"nom"`
	Prenom          string         `json:"prenom"`
	IDGuest         int64          `json:"id_guest" doc:"Identifiant d'invité (0 si la session n'est pas celle d'un invité)"`
	AccessToken     string         `json:"accessToken"`
	ExpiresAt       time.Time      `json:"expiresAt"`
	UserEmail       string         `json:"user_email"`
	Login           string         `json:"login"`
	Siret           string         `json:"siret" doc:"SIRET du restaurant de la session (modérateur, restaurant)"`
	SuperAdminLogin bool           `json:"superAdminLogin" doc:"Session ouverte par un super-admin : exemptée du contrôle de suspension"`
	Franchises      []FranchiseRef `json:"franchises" doc:"Franchises où la session peut basculer (POST /api/v1/auth/switch), la franchise d'origine en premier ; la franchise en cours est fk_franchise"`
}

type currentUserOutput struct {
	Body CurrentUser
}

func currentUser(sess auth.Session) CurrentUser {
	u := sess.User
	cu := CurrentUser{
		ID: u.ID, Roles: string(u.Role), UserName: sess.DisplayName(), FranchiseName: sess.Franchise.Name,
		FranchiseID: u.FranchiseID, Nom: u.Nom, Prenom: u.Prenom, AccessToken: sess.Token, ExpiresAt: sess.ExpiresAt,
		UserEmail: u.Email, Login: u.Login, Siret: sess.Restaurant.Siret, SuperAdminLogin: sess.SuperAdminLogin,
	}
	if u.Role == tenancy.RoleGuest {
		cu.IDGuest = u.ID
	}
	cu.Franchises = franchiseRefs(sess.Franchises)
	return cu
}

func franchiseRefs(list []tenancy.FranchiseName) []FranchiseRef {
	out := make([]FranchiseRef, 0, len(list))
	for _, f := range list {
		out = append(out, FranchiseRef{ID: f.ID, Name: f.Name})
	}
	return out
}

// SwitchFranchiseBody names the franchise to work in.
type SwitchFranchiseBody struct {
	FranchiseID int64 `json:"franchiseId" minimum:"1" doc:"Une des franchises de la session (franchises)"`
}

type switchFranchiseInput struct{ Body SwitchFranchiseBody }

func (s *Server) switchFranchise(ctx context.Context, in *switchFranchiseInput) (*currentUserOutput, error) {
	sess, err := s.Auth.SwitchFranchise(ctx, principal(ctx), in.Body.FranchiseID)
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{Body: currentUser(sess)}, nil
}

type signinInput struct {
	Body SigninBody
}

func (s *Server) signinKind(ctx context.Context, kind auth.Kind, in *signinInput) (*currentUserOutput, error) {
	sess, err := s.Auth.SignIn(ctx, kind, in.Body.Login, in.Body.Password, clientIP(ctx))
	var te *auth.ThrottledError
	if errors.As(err, &te) {
		// 429 with the wait in Retry-After: the password was not checked.
		return nil, huma.ErrorWithHeaders(newProblem(http.StatusTooManyRequests, te.Error()),
			http.Header{"Retry-After": {strconv.Itoa(te.RetryAfterSeconds())}})
	}
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{Body: currentUser(sess)}, nil
}

func (s *Server) signin(ctx context.Context, in *signinInput) (*currentUserOutput, error) {
	return s.signinKind(ctx, auth.KindOwner, in)
}

func (s *Server) signinResto(ctx context.Context, in *signinInput) (*currentUserOutput, error) {
	return s.signinKind(ctx, auth.KindRestaurant, in)
}

func (s *Server) signinGuest(ctx context.Context, in *signinInput) (*currentUserOutput, error) {
	return s.signinKind(ctx, auth.KindGuest, in)
}

// SignupBody creates a franchise owner with a new franchise.
type SignupBody struct {
	Login         string `json:"login" minLength:"1" maxLength:"80"`
	Email         string `json:"email" minLength:"3" maxLength:"200"`
	Password      string `json:"password" minLength:"1" maxLength:"200"`
	FranchiseName string `json:"franchiseName,omitempty" maxLength:"120" doc:"Nom de la nouvelle franchise (l'identifiant par défaut)"`
}

type signupInput struct{ Body SignupBody }

func (s *Server) signup(ctx context.Context, in *signupInput) (*currentUserOutput, error) {
	sess, err := s.Auth.SignUp(ctx, in.Body.Login, in.Body.Email, in.Body.Password, in.Body.FranchiseName)
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{Body: currentUser(sess)}, nil
}

func (s *Server) refresh(ctx context.Context, _ *struct{}) (*currentUserOutput, error) {
	sess, err := s.Auth.Reissue(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	return &currentUserOutput{Body: currentUser(sess)}, nil
}

// CurrencyInfo is the franchise currency.
type CurrencyInfo struct {
	Code   string `json:"code" example:"EUR"`
	Symbol string `json:"symbol" example:"€"`
}

// CountryLanguage is a language of the franchise's country.
type CountryLanguage struct {
	ID               int    `json:"id"`
	Code             string `json:"code"`
	Label            string `json:"label"`
	CountryLanguages struct {
		IsDefault bool `json:"is_default"`
	} `json:"country_languages"`
}

// CountryInfo is the spec's countryFranchiseInfo.
type CountryInfo struct {
	Name         string            `json:"name"`
	Code         string            `json:"code"`
	TimeZone     string            `json:"timeZone"`
	GMTOffset    string            `json:"GMTOfsset" doc:"Décalage GMT (orthographe de la spécification)"`
	CurrencyInfo CurrencyInfo      `json:"currencyInfo"`
	Languages    []CountryLanguage `json:"languages"`
}

// FranchiseRef is an entry of franchisesInfo.
type FranchiseRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// UserInfo is the spec's user info record.
type UserInfo struct {
	ID                   int64          `json:"id"`
	Login                string         `json:"login"`
	Role                 string         `json:"role" enum:"admin,moderator,guest,restaurant,superadmin"`
	UserType             string         `json:"userType" enum:"Franchise,Guest,RestauNormal,MonoRestau,SuperAdmin"`
	DisplayName          string         `json:"displayName"`
	IsBlocked            bool           `json:"isBlocked"`
	SuperAdminLogin      bool           `json:"superAdminLogin"`
	FranchiseID          int64          `json:"fk_franchise"`
	FranchiseName        string         `json:"franchise_name"`
	Logo                 string         `json:"logo"`
	CountryFranchiseInfo CountryInfo    `json:"countryFranchiseInfo"`
	FranchisesInfo       []FranchiseRef `json:"franchisesInfo"`
	Nom                  string         `json:"nom"`
	Prenom               string         `json:"prenom"`
	Email                string         `json:"email"`
	Siret                string         `json:"siret"`
	CurrentLicence       string         `json:"current_licence"`
	Ville                string         `json:"ville"`
	Adresse              string         `json:"adresse"`
	RestaurantIDs        []int64        `json:"restaurantIds" doc:"Restaurants accessibles (vide pour l'admin : tous ceux de la franchise)"`
}

type userInfoOutput struct {
	Body UserInfo
}

func countryInfo(code, currency string) CountryInfo {
	c := tenancy.CountryByCode(code)
	info := CountryInfo{Name: c.Name, Code: c.Code, TimeZone: c.TimeZone, GMTOffset: c.GMTOffset,
		CurrencyInfo: CurrencyInfo{Code: c.CurrencyCode, Symbol: c.CurrencySymbol}, Languages: []CountryLanguage{}}
	if currency != "" && currency != c.CurrencyCode {
		info.CurrencyInfo = CurrencyInfo{Code: currency, Symbol: currency}
	}
	for _, l := range c.Languages {
		cl := CountryLanguage{ID: l.ID, Code: l.Code, Label: l.Label}
		cl.CountryLanguages.IsDefault = l.IsDefault
		info.Languages = append(info.Languages, cl)
	}
	return info
}

func (s *Server) me(ctx context.Context, _ *struct{}) (*userInfoOutput, error) {
	p := principal(ctx)
	sess, err := s.Auth.Current(ctx, p)
	if err != nil {
		return nil, err
	}
	u, f, x := sess.User, sess.Franchise, sess.Restaurant
	info := UserInfo{
		ID: u.ID, Login: u.Login, Role: string(u.Role), UserType: u.UserType, DisplayName: sess.DisplayName(),
		SuperAdminLogin: p.SuperAdminLogin, FranchiseID: f.ID, FranchiseName: f.Name, Logo: f.Logo,
		Nom: u.Nom, Prenom: u.Prenom, Email: u.Email, Siret: x.Siret, CurrentLicence: x.CurrentLicence,
		Ville: x.Ville, Adresse: x.Adresse, FranchisesInfo: []FranchiseRef{}, RestaurantIDs: p.Restaurants,
	}
	if info.RestaurantIDs == nil {
		info.RestaurantIDs = []int64{}
	}
	if f.ID != 0 {
		info.IsBlocked = f.IsBlocked
		info.CountryFranchiseInfo = countryInfo(f.CountryCode, f.Currency)
		info.FranchisesInfo = franchiseRefs(sess.Franchises)
	} else {
		info.CountryFranchiseInfo = countryInfo("FR", "")
	}
	return &userInfoOutput{Body: info}, nil
}

// SuspensionCheck is the original client's body: role and id.
type SuspensionCheck struct {
	Role string `json:"role,omitempty" doc:"Rôle annoncé par le client (ignoré : le jeton fait foi)"`
	ID   int64  `json:"id,omitempty" doc:"Identifiant annoncé par le client (ignoré : le jeton fait foi)"`
}

// SuspensionStatus says whether the session's franchise is blocked.
type SuspensionStatus struct {
	IsBlocked bool `json:"isBlocked"`
}

type checkSuspensionInput struct{ Body SuspensionCheck }

type checkSuspensionOutput struct{ Body SuspensionStatus }

// checkSuspension answers for the token's franchise, whatever role and id
// the body names: the body is kept for the original client's shape only.
func (s *Server) checkSuspension(ctx context.Context, _ *checkSuspensionInput) (*checkSuspensionOutput, error) {
	blocked, err := s.Auth.Suspended(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := &checkSuspensionOutput{}
	out.Body.IsBlocked = blocked
	return out, nil
}

// ForgotPasswordBody asks for a reset link.
type ForgotPasswordBody struct {
	Login string `json:"login" minLength:"1" maxLength:"200"`
}

type forgotPasswordInput struct{ Body ForgotPasswordBody }

func (s *Server) forgotPassword(ctx context.Context, in *forgotPasswordInput) (*struct{}, error) {
	return nil, s.Auth.ForgotPassword(ctx, in.Body.Login)
}

// ResetPasswordBody sets a new password with a reset link's token.
type ResetPasswordBody struct {
	FranchiseID int64  `json:"franchiseId" minimum:"0"`
	Token       string `json:"token" minLength:"1" maxLength:"200"`
	Password    string `json:"password" minLength:"1" maxLength:"200"`
}

type resetPasswordInput struct{ Body ResetPasswordBody }

func (s *Server) resetPassword(ctx context.Context, in *resetPasswordInput) (*struct{}, error) {
	return nil, s.Auth.ResetPassword(ctx, in.Body.FranchiseID, in.Body.Token, in.Body.Password)
}
