package tenancy

import "testing"

func TestDisplayName(t *testing.T) {
	cases := []struct {
		u         User
		franchise string
		want      string
	}{
		{User{Role: RoleAdmin, Login: "owner", Nom: "Martin"}, "Brigade Burger", "Brigade Burger"},
		{User{Role: RoleModerator, Login: "m", Nom: "Paris Bastille"}, "Brigade Burger", "Paris Bastille"},
		{User{Role: RoleGuest, Login: "g", Nom: "Durand", Prenom: "Camille"}, "Brigade Burger", "Camille Durand"},
		{User{Role: RoleGuest, Login: "g"}, "Brigade Burger", "g"},
		{User{Role: RoleRestaurant, Login: "r", Nom: "Lyon"}, "X", "Lyon"},
		{User{Role: RoleSuperAdmin, Login: "sa"}, "", "Super-admin"},
	}
	for _, c := range cases {
		if got := DisplayName(c.u, c.franchise); got != c.want {
			t.Errorf("%+v: got %q want %q", c.u, got, c.want)
		}
	}
}

func TestPrincipalScope(t *testing.T) {
	admin := PrincipalFor(User{ID: 1, Role: RoleAdmin, FranchiseID: 3})
	mod := PrincipalFor(User{ID: 2, Role: RoleModerator, FranchiseID: 3, RestaurantID: 10})
	guest := PrincipalFor(User{ID: 3, Role: RoleGuest, FranchiseID: 3, Restaurants: []int64{10, 11}})
	empty := PrincipalFor(User{ID: 4, Role: RoleRestaurant, FranchiseID: 3})
	sa := PrincipalFor(User{ID: 5, Role: RoleSuperAdmin})
	cases := []struct {
		p          Principal
		franchise  int64
		restaurant int64
		want       bool
	}{
		{admin, 3, 99, true}, {admin, 4, 99, false},
		{mod, 3, 10, true}, {mod, 3, 11, false}, {mod, 4, 10, false},
		{guest, 3, 11, true}, {guest, 3, 12, false},
		{empty, 3, 10, false},
		{sa, 3, 10, false}, // super-admins read tenant data only through a franchise session
	}
	for i, c := range cases {
		if got := c.p.CanSeeRestaurant(c.franchise, c.restaurant); got != c.want {
			t.Errorf("case %d (%s): got %v", i, c.p.Role, got)
		}
	}
	if where, args := scopeClause(empty, "r"); where != "1 = 0" || args != nil {
		t.Errorf("a login with no restaurant must see none: %s %v", where, args)
	}
}

func TestValidateSiret(t *testing.T) {
	for s, ok := range map[string]bool{"81234567000010": true, "8123456700001": false, "8123456700001A": false, "": false} {
		if (ValidateSiret(s) == nil) != ok {
			t.Errorf("%q: want ok=%v", s, ok)
		}
	}
}
