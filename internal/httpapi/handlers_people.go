package httpapi

import (
	"context"
	"net/http"

	"brigade/internal/tenancy"
)

// Person is a login of the franchise managed by its admin.
type Person struct {
	ID           int64   `json:"id"`
	Login        string  `json:"login"`
	Email        string  `json:"email"`
	Nom          string  `json:"nom"`
	Prenom       string  `json:"prenom"`
	Role         string  `json:"role" enum:"moderator,guest,restaurant"`
	UserType     string  `json:"userType"`
	RestaurantID int64   `json:"restaurantId" doc:"Le restaurant d'un modérateur (0 sinon)"`
	Restaurants  []int64 `json:"restaurants" doc:"Les restaurants autorisés"`
	Blocked      bool    `json:"blocked"`
	CreatedAt    string  `json:"createdAt" format:"date-time"`
	UpdatedAt    string  `json:"updatedAt" format:"date-time"`
}

func personOut(u tenancy.User) Person {
	rs := u.Restaurants
	if rs == nil {
		rs = []int64{}
	}
	return Person{ID: u.ID, Login: u.Login, Email: u.Email, Nom: u.Nom, Prenom: u.Prenom, Role: string(u.Role), UserType: u.UserType,
		RestaurantID: u.RestaurantID, Restaurants: rs, Blocked: u.Disabled,
		CreatedAt: u.CreatedAt.UTC().Format("2006-01-02T15:04:05Z"), UpdatedAt: u.UpdatedAt.UTC().Format("2006-01-02T15:04:05Z")}
}

// PersonList lists the franchise's logins.
type PersonList struct {
	Items []Person `json:"items"`
}

// PersonBody is a login as the admin edits it.
type PersonBody struct {
	Nom          string  `json:"nom" maxLength:"80"`
	Prenom       string  `json:"prenom" maxLength:"80" required:"false"`
	Email        string  `json:"email" maxLength:"200" required:"false"`
	Role         string  `json:"role" enum:"moderator,guest,restaurant"`
	RestaurantID int64   `json:"restaurantId" required:"false" doc:"Obligatoire pour un modérateur"`
	Restaurants  []int64 `json:"restaurants" required:"false" maxItems:"500" doc:"Pour un invité ou un compte restaurant"`
}

func (b PersonBody) input() tenancy.PersonInput {
	return tenancy.PersonInput{Email: b.Email, Nom: b.Nom, Prenom: b.Prenom, Role: tenancy.Role(b.Role), RestaurantID: b.RestaurantID, Restaurants: b.Restaurants}
}

// NewPersonBody adds the login and its first password.
type NewPersonBody struct {
	PersonBody
	Login    string `json:"login" minLength:"1" maxLength:"80"`
	Password string `json:"password" minLength:"1" maxLength:"72"`
}

type personListOutput struct{ Body PersonList }
type personOutput struct{ Body Person }
type personPath struct {
	UserID int64 `path:"userId" minimum:"1"`
}

func (s *Server) listPeople(ctx context.Context, _ *struct{}) (*personListOutput, error) {
	list, err := s.Tenancy.People(ctx, principal(ctx))
	if err != nil {
		return nil, err
	}
	out := &personListOutput{Body: PersonList{Items: make([]Person, 0, len(list))}}
	for _, u := range list {
		out.Body.Items = append(out.Body.Items, personOut(u))
	}
	return out, nil
}

func (s *Server) getPerson(ctx context.Context, in *personPath) (*personOutput, error) {
	u, err := s.Tenancy.Person(ctx, principal(ctx), in.UserID)
	if err != nil {
		return nil, err
	}
	return &personOutput{Body: personOut(u)}, nil
}

func (s *Server) createPerson(ctx context.Context, in *struct{ Body NewPersonBody }) (*personOutput, error) {
	pi := in.Body.input()
	pi.Login = in.Body.Login
	u, err := s.Auth.CreatePerson(ctx, principal(ctx), pi, in.Body.Password)
	if err != nil {
		return nil, err
	}
	return &personOutput{Body: personOut(u)}, nil
}

func (s *Server) updatePerson(ctx context.Context, in *struct {
	UserID int64 `path:"userId" minimum:"1"`
	Body   PersonBody
}) (*personOutput, error) {
	u, err := s.Tenancy.UpdatePerson(ctx, principal(ctx), in.UserID, in.Body.input())
	if err != nil {
		return nil, err
	}
	return &personOutput{Body: personOut(u)}, nil
}

func (s *Server) blockPerson(ctx context.Context, in *personPath) (*personOutput, error) {
	u, err := s.Tenancy.SetPersonBlocked(ctx, principal(ctx), in.UserID, true)
	if err != nil {
		return nil, err
	}
	return &personOutput{Body: personOut(u)}, nil
}

func (s *Server) unblockPerson(ctx context.Context, in *personPath) (*personOutput, error) {
	u, err := s.Tenancy.SetPersonBlocked(ctx, principal(ctx), in.UserID, false)
	if err != nil {
		return nil, err
	}
	return &personOutput{Body: personOut(u)}, nil
}

func (s *Server) setPersonPassword(ctx context.Context, in *struct {
	UserID int64 `path:"userId" minimum:"1"`
	Body   struct {
		Password string `json:"password" minLength:"1" maxLength:"72"`
	}
}) (*struct{}, error) {
	return nil, s.Auth.SetPersonPassword(ctx, principal(ctx), in.UserID, in.Body.Password)
}

func (s *Server) peopleRouteTable() []route {
	return []route{
		{method: http.MethodGet, path: "/api/v1/people", id: "listPeople", tag: "Utilisateurs", summary: "Les comptes de la franchise (modérateurs, invités, restaurants)", access: signedIn, roles: admins, lockable: true, register: handle(s.listPeople)},
		{method: http.MethodPost, path: "/api/v1/people", id: "createPerson", tag: "Utilisateurs", summary: "Créer un compte avec son premier mot de passe", access: signedIn, roles: admins, lockable: true, status: http.StatusCreated, register: handle(s.createPerson)},
		{method: http.MethodGet, path: "/api/v1/people/{userId}", id: "getPerson", tag: "Utilisateurs", summary: "Un compte de la franchise", access: signedIn, roles: admins, lockable: true, register: handle(s.getPerson)},
		{method: http.MethodPut, path: "/api/v1/people/{userId}", id: "updatePerson", tag: "Utilisateurs", summary: "Modifier un compte (identité, rôle, restaurants) ; l'identifiant ne change pas", access: signedIn, roles: admins, lockable: true, register: handle(s.updatePerson)},
		{method: http.MethodPost, path: "/api/v1/people/{userId}/block", id: "blockPerson", tag: "Utilisateurs", summary: "Bloquer un compte (plus de connexion ; sessions closes au contrôle suivant)", access: signedIn, roles: admins, lockable: true, register: handle(s.blockPerson)},
		{method: http.MethodPost, path: "/api/v1/people/{userId}/unblock", id: "unblockPerson", tag: "Utilisateurs", summary: "Débloquer un compte", access: signedIn, roles: admins, lockable: true, register: handle(s.unblockPerson)},
		{method: http.MethodPut, path: "/api/v1/people/{userId}/password", id: "setPersonPassword", tag: "Utilisateurs", summary: "Réinitialiser le mot de passe d'un compte", access: signedIn, roles: admins, lockable: true, status: http.StatusNoContent, register: handle(s.setPersonPassword)},
	}
}
