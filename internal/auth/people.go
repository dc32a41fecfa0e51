package auth

import (
	"context"

	"brigade/internal/tenancy"
)

// CreatePerson creates a franchise login (moderator, guest or restaurant)
// with a first password chosen by the admin.
func (s *Service) CreatePerson(ctx context.Context, p tenancy.Principal, in tenancy.PersonInput, password string) (tenancy.User, error) {
	if p.Role != tenancy.RoleAdmin {
		return tenancy.User{}, tenancy.ErrForbidden // before paying for a hash
	}
	if err := ValidatePassword(password); err != nil {
		return tenancy.User{}, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return tenancy.User{}, err
	}
	return s.tenancy.CreatePerson(ctx, p, in, hash)
}

// SetPersonPassword is the admin's reset of a login's password.
func (s *Service) SetPersonPassword(ctx context.Context, p tenancy.Principal, id int64, password string) error {
	if p.Role != tenancy.RoleAdmin {
		return tenancy.ErrForbidden
	}
	if err := ValidatePassword(password); err != nil {
		return err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.tenancy.SetPersonPassword(ctx, p, id, hash)
}
