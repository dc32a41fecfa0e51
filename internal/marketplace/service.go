package marketplace

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// Service reads and changes the modules of the restaurants in the
// principal's scope.
type Service struct {
	db  *store.DB
	ten *tenancy.Service
	bus events.Bus
}

// NewService returns the marketplace service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, bus: bus}
}

// canManage: least privilege (DECISIONS "The permission model", "Marketplace
// gaps"): admins manage every restaurant, moderators their own, guests their
// allowed list; restaurant logins only read.
func canManage(p tenancy.Principal) bool {
	switch p.Role {
	case tenancy.RoleAdmin, tenancy.RoleModerator, tenancy.RoleGuest:
		return true
	}
	return false
}

// List returns the modules of one restaurant in scope, or (restaurantID 0)
// of every restaurant in scope. Restaurants without modules get the default
// ones, all off, first.
func (s *Service) List(ctx context.Context, p tenancy.Principal, restaurantID int64) ([]RestaurantModules, error) {
	var restos []tenancy.Restaurant
	if restaurantID != 0 {
		x, err := s.ten.Restaurant(ctx, p, restaurantID)
		if err != nil {
			return nil, err
		}
		restos = []tenancy.Restaurant{x}
	} else {
		all, err := s.ten.Restaurants(ctx, p, tenancy.RestaurantFilter{})
		if err != nil {
			return nil, err
		}
		restos = all
	}
	ids := make([]int64, len(restos))
	for i, x := range restos {
		ids[i] = x.ID
	}
	if err := s.ensureDefaults(ctx, restos); err != nil {
		return nil, err
	}
	mods, err := modulesPerRestaurant(ctx, s.db, ids)
	if err != nil {
		return nil, err
	}
	tills, err := tillsPerRestaurant(ctx, s.db, ids)
	if err != nil {
		return nil, err
	}
	out := make([]RestaurantModules, len(restos))
	for i, x := range restos {
		out[i] = RestaurantModules{Restaurant: x, Modules: mods[x.ID], Tills: tills[x.ID]}
	}
	return out, nil
}

// ensureDefaults gives the restaurants that have no module the default
// ones. Reads first, so that visits after the first write nothing.
func (s *Service) ensureDefaults(ctx context.Context, restos []tenancy.Restaurant) error {
	ids := make([]int64, len(restos))
	for i, x := range restos {
		ids[i] = x.ID
	}
	have, err := restaurantsWithModules(ctx, s.db, ids)
	if err != nil {
		return err
	}
	var missing []tenancy.Restaurant
	for _, x := range restos {
		if !have[x.ID] {
			missing = append(missing, x)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return s.db.WithTx(ctx, func(tx *store.Tx) error {
		for _, x := range missing {
			for _, c := range Modules {
				if !c.Default {
					continue
				}
				if _, err := insertModule(ctx, tx, x, c); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// target resolves a restaurant the principal may manage and the catalogue
// entry of kind k.
func (s *Service) target(ctx context.Context, p tenancy.Principal, restaurantID int64, k Kind) (tenancy.Restaurant, Catalogue, error) {
	x, err := s.ten.Restaurant(ctx, p, restaurantID)
	if err != nil {
		return x, Catalogue{}, err
	}
	c, ok := CatalogueOf(k)
	if !ok {
		return x, c, tenancy.ErrNotFound
	}
	if !canManage(p) {
		return x, c, tenancy.ErrForbidden
	}
	if err := s.ensureDefaults(ctx, []tenancy.Restaurant{x}); err != nil {
		return x, c, err
	}
	return x, c, nil
}

// change runs fn on the module in a transaction and logs what it changed.
func (s *Service) change(ctx context.Context, p tenancy.Principal, x tenancy.Restaurant, k Kind, fn func(tx *store.Tx, m *Module) ([]history.Action, error)) (Module, error) {
	var out Module
	err := s.db.WithTx(ctx, func(tx *store.Tx) error {
		m, err := moduleOf(ctx, tx, x.ID, k)
		if err != nil {
			return err
		}
		before := fields(m)
		actions, err := fn(tx, &m)
		if err != nil {
			return err
		}
		if out, err = moduleOf(ctx, tx, x.ID, k); err != nil {
			return err
		}
		changes := history.Diff(before, fields(out))
		if len(changes) == 0 {
			return nil
		}
		actor, err := s.ten.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		for _, a := range actions {
			e := actor
			e.Module, e.RestaurantID, e.Action, e.Target, e.Changes = HistoryModule, x.ID, a, out.Name+" — "+x.Nom, changes
			if err := history.Record(ctx, tx, e); err != nil {
				return err
			}
		}
		tx.AfterCommit(func() {
			s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: x.FranchiseID, Type: TypeMarketplaceChanged,
				Data: map[string]any{"restaurantId": x.ID}})
		})
		return nil
	})
	return out, err
}

// SetStatus switches a module on or off. A module whose required settings
// are missing cannot be switched on: it has to be configured first.
// version, when not 0, is the version the caller read.
func (s *Service) SetStatus(ctx context.Context, p tenancy.Principal, restaurantID int64, k Kind, status bool, version int) (Module, error) {
	x, _, err := s.target(ctx, p, restaurantID, k)
	if err != nil {
		return Module{}, err
	}
	return s.change(ctx, p, x, k, func(tx *store.Tx, m *Module) ([]history.Action, error) {
		if version != 0 && version != m.Version {
			return nil, tenancy.ErrConflict
		}
		if m.Status == status {
			return nil, nil
		}
		if status {
			if v := missingRequired(k, m.Settings); v != nil {
				return nil, &tenancy.ValidationError{Field: "status",
					Message: fmt.Sprintf("Veuillez configurer le module %s avant de l'activer : %s", m.Name, v.Message)}
			}
		}
		read := m.Version
		m.Status = status
		if err := updateModule(ctx, tx, *m, read); err != nil {
			return nil, err
		}
		if status {
			return []history.Action{history.Activation}, nil
		}
		return []history.Action{history.Desactivation}, nil
	})
}

// Configuration is a module's new settings and the tills to add it to.
type Configuration struct {
	Settings ModuleSettings
	// Assign lists tills of the restaurant to run the module on, in
	// addition to those it already runs on (platform modules only).
	Assign  []int64
	Version int
}

// Configure saves a module's settings. For a delivery platform it also
// switches the module on and assigns it to the chosen tills (spec §4); a
// till the module already runs on is refused.
func (s *Service) Configure(ctx context.Context, p tenancy.Principal, restaurantID int64, k Kind, in Configuration) (Module, error) {
	x, c, err := s.target(ctx, p, restaurantID, k)
	if err != nil {
		return Module{}, err
	}
	settings, err := normalize(k, in.Settings)
	if err != nil {
		return Module{}, err
	}
	if len(in.Assign) > 0 && !c.Platform {
		return Module{}, &tenancy.ValidationError{Field: "selected_pos", Message: ErrNotPlatform.Error()}
	}
	return s.change(ctx, p, x, k, func(tx *store.Tx, m *Module) ([]history.Action, error) {
		if in.Version != 0 && in.Version != m.Version {
			return nil, tenancy.ErrConflict
		}
		var seen []int64
		for i, id := range in.Assign {
			field := fmt.Sprintf("selected_pos[%d]", i)
			t, kind, err := equipmentOf(ctx, tx, x.ID, id)
			if err != nil {
				if err == tenancy.ErrNotFound {
					return nil, &tenancy.ValidationError{Field: field, Message: "Cette caisse n'appartient pas à ce restaurant."}
				}
				return nil, err
			}
			if kind != tenancy.EquipmentTill {
				return nil, &tenancy.ValidationError{Field: field, Message: fmt.Sprintf("« %s » n'est pas une caisse : seules les caisses reçoivent les commandes des plateformes.", t.Name)}
			}
			if slices.Contains(seen, id) || slices.ContainsFunc(m.SelectedPOS, func(a Till) bool { return a.ID == id }) {
				return nil, &tenancy.ValidationError{Field: field, Message: fmt.Sprintf("La caisse « %s » est déjà assignée au module %s.", t.Name, m.Name)}
			}
			seen = append(seen, id)
			if err := assignTill(ctx, tx, m.ID, id); err != nil {
				if store.IsUniqueViolation(err) {
					return nil, &tenancy.ValidationError{Field: field, Message: fmt.Sprintf("La caisse « %s » est déjà assignée au module %s.", t.Name, m.Name)}
				}
				return nil, err
			}
		}
		wasOn := m.Status
		m.Settings = settings
		if c.Platform {
			m.Status = true
		}
		if err := updateModule(ctx, tx, *m, m.Version); err != nil {
			return nil, err
		}
		actions := []history.Action{history.Modification}
		if m.Status && !wasOn {
			actions = append(actions, history.Activation)
		}
		return actions, nil
	})
}

// Unassign takes a module off one till. Taking it off a till it does not
// run on changes nothing.
func (s *Service) Unassign(ctx context.Context, p tenancy.Principal, restaurantID int64, k Kind, equipmentID int64) (Module, error) {
	x, _, err := s.target(ctx, p, restaurantID, k)
	if err != nil {
		return Module{}, err
	}
	if _, _, err := equipmentOf(ctx, s.db, x.ID, equipmentID); err != nil {
		return Module{}, err
	}
	return s.change(ctx, p, x, k, func(tx *store.Tx, m *Module) ([]history.Action, error) {
		removed, err := unassignTill(ctx, tx, m.ID, equipmentID)
		if err != nil || !removed {
			return nil, err
		}
		return []history.Action{history.Modification}, touchModule(ctx, tx, m.ID)
	})
}

// ErrExists refuses to add a module the restaurant already has.
var ErrExists = fmt.Errorf("%w: module déjà présent", tenancy.ErrConflict)

// Add gives a restaurant a module of the catalogue that it does not have
// yet (Click & Collect is not among the defaults), off.
func (s *Service) Add(ctx context.Context, p tenancy.Principal, restaurantID int64, k Kind) (Module, error) {
	x, c, err := s.target(ctx, p, restaurantID, k)
	if err != nil {
		return Module{}, err
	}
	var out Module
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		added, err := insertModule(ctx, tx, x, c)
		if err != nil {
			return err
		}
		if !added {
			return ErrExists
		}
		if out, err = moduleOf(ctx, tx, x.ID, k); err != nil {
			return err
		}
		actor, err := s.ten.Actor(ctx, tx, p)
		if err != nil {
			return err
		}
		actor.Module, actor.RestaurantID, actor.Action, actor.Target = HistoryModule, x.ID, history.Ajout, out.Name+" — "+x.Nom
		if err := history.Record(ctx, tx, actor); err != nil {
			return err
		}
		tx.AfterCommit(func() {
			s.bus.Publish(context.WithoutCancel(ctx), events.Event{FranchiseID: x.FranchiseID, Type: TypeMarketplaceChanged,
				Data: map[string]any{"restaurantId": x.ID}})
		})
		return nil
	})
	return out, err
}

// ClickAndCollectSettings is what a click & collect app of a restaurant
// reads: whether the module is on, and its settings (defaults for those
// never saved).
type ClickAndCollectSettings struct {
	Active             bool   `json:"active" doc:"Le module Click & Collect du restaurant est activé"`
	AutoAccept         bool   `json:"autoAccept"`
	SlotMinutes        int    `json:"slotMinutes"`
	SlotCapacity       int    `json:"slotCapacity"`
	PreparationMinutes int    `json:"preparationMinutes"`
	MinOrderCents      int64  `json:"minOrderCents"`
	ServiceFeeCents    int64  `json:"serviceFeeCents"`
	DeliveryFeeCents   int64  `json:"deliveryFeeCents"`
	Currency           string `json:"currency"`
}

// ClickAndCollectFor reads the click & collect settings of a device's
// restaurant; a restaurant without the module gets it inactive with the
// defaults.
func (s *Service) ClickAndCollectFor(ctx context.Context, dev tenancy.Device) (ClickAndCollectSettings, error) {
	out := ClickAndCollectSettings{SlotMinutes: DefaultSlotMinutes, SlotCapacity: DefaultSlotCapacity, PreparationMinutes: DefaultPreparationMinutes}
	cur, err := s.ten.RestaurantCurrency(ctx, dev.Restaurant)
	if err != nil {
		return out, err
	}
	out.Currency = cur
	m, err := moduleOf(ctx, s.db, dev.Restaurant.ID, KindClickAndCollect)
	if errors.Is(err, tenancy.ErrNotFound) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	st := m.Settings
	out.Active, out.AutoAccept = m.Status, st.AutoAcceptCommands
	out.MinOrderCents, out.ServiceFeeCents, out.DeliveryFeeCents = st.MinOrderCents, st.ServiceFeeCents, st.DeliveryFeeCents
	if st.SlotMinutes > 0 {
		out.SlotMinutes = st.SlotMinutes
	}
	if st.SlotCapacity > 0 {
		out.SlotCapacity = st.SlotCapacity
	}
	if st.PreparationMinutes > 0 {
		out.PreparationMinutes = st.PreparationMinutes
	}
	return out, nil
}
