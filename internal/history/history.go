// Package history keeps the franchise's change log (the spec's log entries:
// module, restaurant, user, action and details) and answers the Historique
// screen's queries.
package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"sort"
	"strings"
	"time"

	"brigade/internal/store"
)

// Action is one of the spec's action types.
type Action string

const (
	Ajout           Action = "Ajout"
	Suppression     Action = "Suppression"
	Duplication     Action = "Duplication"
	Modification    Action = "Modification"
	Personalisation Action = "Personalisation"
	Desactivation   Action = "Desactivation"
	Generation      Action = "Generation"
	Activation      Action = "Activation"
)

// Modules that write to the log.
const (
	ModuleEtablissements = "Etablissements"
	ModuleEquipements    = "Equipements"
	ModuleFranchise      = "Franchise"
)

// Change is one field's before and after. A save of a carte is one entry
// listing every change it made: each change then names the element of the
// carte it touched (Element), and an element added or removed as a whole
// is one change with its Action and no field.
type Change struct {
	Element string `json:"element,omitempty" doc:"L'élément de la carte concerné, par exemple « produit Burger » (entrées d'un enregistrement de carte)"`
	Action  Action `json:"action,omitempty" enum:"Ajout,Suppression" doc:"L'élément a été ajouté ou supprimé (sans champ) ; absent pour un champ modifié"`
	Field   string `json:"field"`
	Before  any    `json:"before"`
	After   any    `json:"after"`
}

// Entry is a log entry.
type Entry struct {
	ID           int64
	FranchiseID  int64
	RestaurantID int64
	Module       string
	UserID       int64
	UserName     string
	UserType     string
	Email        string
	Source       string
	Action       Action
	Target       string   // what the entry is about, e.g. the restaurant's name
	Changes      []Change // for Modification
	CreatedAt    time.Time
}

type details struct {
	Target  string   `json:"target,omitempty"`
	Changes []Change `json:"changes,omitempty"`
}

// Record writes an entry in the caller's transaction, so that the change and
// its log entry land together or not at all. A Modification without any
// change is not logged (spec: first document §5).
func Record(ctx context.Context, r store.Runner, e Entry) error {
	return RecordAll(ctx, r, []Entry{e})
}

// recordBatch bounds the rows of one INSERT (11 parameters each, well
// under both engines' limits).
const recordBatch = 200

// RecordAll writes several entries in the caller's transaction, as Record
// does one by one, in a few multi-row statements: a bulk change of a
// thousand restaurants logs one entry per element and restaurant without a
// thousand round trips.
func RecordAll(ctx context.Context, r store.Runner, entries []Entry) error {
	now := time.Now().UTC()
	const row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	args := make([]any, 0, 11*min(len(entries), recordBatch))
	n := 0
	flush := func() error {
		if n == 0 {
			return nil
		}
		_, err := r.Exec(ctx, `INSERT INTO history_entries (franchise_id, restaurant_id, module, user_id, user_name, user_type, email, source, action, details, created_at)
		VALUES `+strings.TrimSuffix(strings.Repeat(row+", ", n), ", "), args...)
		args, n = args[:0], 0
		return err
	}
	for _, e := range entries {
		if e.Action == Modification && len(e.Changes) == 0 {
			continue
		}
		if e.Source == "" {
			e.Source = "Login"
		}
		d, err := json.Marshal(details{Target: e.Target, Changes: e.Changes})
		if err != nil {
			return err
		}
		var rid any
		if e.RestaurantID != 0 {
			rid = e.RestaurantID
		}
		args = append(args, e.FranchiseID, rid, e.Module, e.UserID, e.UserName, e.UserType, e.Email, e.Source, string(e.Action), string(d), now)
		if n++; n == recordBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// Diff lists the fields whose values differ between two flat maps.
func Diff(before, after map[string]any) []Change {
	var out []Change
	for _, k := range sortedKeys(before, after) {
		b, a := before[k], after[k]
		if jsonString(b) != jsonString(a) {
			out = append(out, Change{Field: k, Before: b, After: a})
		}
	}
	return out
}

func sortedKeys(ms ...map[string]any) []string {
	seen := map[string]bool{}
	var keys []string
	for _, m := range ms {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

func jsonString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Filter narrows a listing.
type Filter struct {
	Module       string
	RestaurantID int64
	Action       string
	UserName     string    // exact display name
	From, To     time.Time // created_at in [From, To); zero: open
	Page         int
	PageSize     int // -1: all
}

// Scope is what a reader may see: one franchise, and within it every
// restaurant (All) or only some.
type Scope struct {
	FranchiseID int64
	All         bool
	Restaurants []int64
}

// List returns the entries in scope, newest first, and the total.
func List(ctx context.Context, db *store.DB, sc Scope, f Filter) ([]Entry, int, error) {
	if sc.FranchiseID == 0 {
		return nil, 0, nil
	}
	where := []string{"franchise_id = ?"}
	args := []any{sc.FranchiseID}
	if !sc.All {
		if len(sc.Restaurants) == 0 {
			return nil, 0, nil
		}
		in, ids := store.In(sc.Restaurants)
		where = append(where, "restaurant_id "+in)
		args = append(args, ids...)
	}
	if f.Module != "" {
		where = append(where, "module = ?")
		args = append(args, f.Module)
	}
	if f.RestaurantID != 0 {
		where = append(where, "restaurant_id = ?")
		args = append(args, f.RestaurantID)
	}
	if f.Action != "" {
		where = append(where, "action = ?")
		args = append(args, f.Action)
	}
	if f.UserName != "" {
		where = append(where, "user_name = ?")
		args = append(args, f.UserName)
	}
	if !f.From.IsZero() {
		where = append(where, "created_at >= ?")
		args = append(args, f.From.UTC())
	}
	if !f.To.IsZero() {
		where = append(where, "created_at < ?")
		args = append(args, f.To.UTC())
	}
	cond := strings.Join(where, " AND ")
	var total int
	if err := db.QueryRow(ctx, "SELECT COUNT(*) FROM history_entries WHERE "+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	q := `SELECT id, franchise_id, restaurant_id, module, user_id, user_name, user_type, email, source, action, details, created_at
		FROM history_entries WHERE ` + cond + ` ORDER BY created_at DESC, id DESC`
	if f.PageSize > 0 {
		q += " LIMIT ? OFFSET ?"
		args = append(args, f.PageSize, f.Page*f.PageSize)
	}
	out, err := store.Collect(ctx, db, q, args, func(r store.Scanner) (e Entry, err error) {
		var rid, uid sql.NullInt64
		var action, d string
		if err := r.Scan(&e.ID, &e.FranchiseID, &rid, &e.Module, &uid, &e.UserName, &e.UserType, &e.Email, &e.Source, &action, &d, &e.CreatedAt); err != nil {
			return e, err
		}
		e.RestaurantID, e.UserID, e.Action = rid.Int64, uid.Int64, Action(action)
		var det details
		_ = json.Unmarshal([]byte(d), &det)
		e.Target, e.Changes = det.Target, det.Changes
		return e, nil
	})
	return out, total, err
}
