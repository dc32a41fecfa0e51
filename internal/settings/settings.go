// Package settings owns a franchise's configuration lists: sizes, printers,
// screens, languages and the general kiosk configuration. Each is one
// versioned document per franchise (the spec's defaults until the first
// save), changed only by the franchise admin with If-Match, every change
// written to the change history.
package settings

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"brigade/internal/events"
	"brigade/internal/history"
	"brigade/internal/store"
	"brigade/internal/tenancy"
)

// ModuleParametres is the change-history module of these settings.
const ModuleParametres = "Parametres"

// TypeSettingsChanged is published after a settings list changes.
const TypeSettingsChanged = "settings.changed"

var (
	// ErrReadOnly: only the franchise admin changes settings.
	ErrReadOnly = errors.New("Seul l'administrateur de la franchise modifie les paramètres.")
	// ErrStale: someone saved the list since it was read.
	ErrStale = errors.New("Ces paramètres ont été modifiés entre-temps par quelqu'un d'autre. Rechargez-les avant d'enregistrer les vôtres.")
)

// Service reads and writes the settings of the principal's franchise.
type Service struct {
	db  *store.DB
	ten *tenancy.Service
	bus events.Bus
}

// NewService returns the settings service.
func NewService(db *store.DB, ten *tenancy.Service, bus events.Bus) *Service {
	return &Service{db: db, ten: ten, bus: bus}
}

// kind describes one settings document.
type kind[T any] struct {
	name     string // stored kind
	label    string // how the history names it
	defaults func(s *Service, ctx context.Context, p tenancy.Principal) (T, error)
	// normalize checks and completes a document before it is saved.
	normalize func(s *Service, ctx context.Context, p tenancy.Principal, v *T) error
	// fields flattens a document for the field-level history.
	fields func(v T) map[string]any
}

// Versioned is a settings document with the version it was read at (0:
// the defaults, never saved).
type Versioned[T any] struct {
	Value     T
	Version   int
	UpdatedAt time.Time
	UpdatedBy string
}

func load[T any](ctx context.Context, s *Service, r store.Runner, p tenancy.Principal, k kind[T]) (Versioned[T], error) {
	var out Versioned[T]
	var doc string
	err := r.QueryRow(ctx, `SELECT document, version, updated_at, updated_by FROM franchise_settings WHERE franchise_id = ? AND kind = ?`,
		p.FranchiseID, k.name).Scan(&doc, &out.Version, &out.UpdatedAt, &out.UpdatedBy)
	if errors.Is(err, sql.ErrNoRows) {
		out.Value, err = k.defaults(s, ctx, p)
		return out, err
	}
	if err != nil {
		return out, err
	}
	if err := json.Unmarshal([]byte(doc), &out.Value); err != nil {
		return out, fmt.Errorf("paramètres %s illisibles : %w", k.name, err)
	}
	return out, nil
}

// actorFunc names who makes a change (nil: the principal, who must be the
// franchise admin).
type actorFunc func(ctx context.Context, tx *store.Tx) (history.Entry, error)

func save[T any](ctx context.Context, s *Service, p tenancy.Principal, k kind[T], version int, next T) (Versioned[T], error) {
	return saveAs(ctx, s, p, k, version, next, nil)
}

func saveAs[T any](ctx context.Context, s *Service, p tenancy.Principal, k kind[T], version int, next T, who actorFunc) (Versioned[T], error) {
	if who == nil {
		if p.Role != tenancy.RoleAdmin {
			return Versioned[T]{}, ErrReadOnly
		}
		who = func(ctx context.Context, tx *store.Tx) (history.Entry, error) { return s.ten.Actor(ctx, tx, p) }
	}
	if err := k.normalize(s, ctx, p, &next); err != nil {
		return Versioned[T]{}, err
	}
	doc, err := json.Marshal(next)
	if err != nil {
		return Versioned[T]{}, err
	}
	var out Versioned[T]
	err = s.db.WithTx(ctx, func(tx *store.Tx) error {
		before, err := load(ctx, s, tx, p, k)
		if err != nil {
			return err
		}
		if before.Version != version {
			return ErrStale
		}
		changes := history.Diff(k.fields(before.Value), k.fields(next))
		if len(changes) == 0 {
			out = before
			return nil
		}
		actor, err := who(ctx, tx)
		if err != nil {
			return err
		}
		actor.FranchiseID = p.FranchiseID
		now := time.Now().UTC()
		if version == 0 {
			_, err = tx.Exec(ctx, `INSERT INTO franchise_settings (franchise_id, kind, version, document, updated_at, updated_by) VALUES (?, ?, 1, ?, ?, ?)`,
				p.FranchiseID, k.name, string(doc), now, actor.UserName)
			if store.IsUniqueViolation(err) {
				return ErrStale
			}
		} else {
			var res sql.Result
			res, err = tx.Exec(ctx, `UPDATE franchise_settings SET version = version + 1, document = ?, updated_at = ?, updated_by = ? WHERE franchise_id = ? AND kind = ? AND version = ?`,
				string(doc), now, actor.UserName, p.FranchiseID, k.name, version)
			if err == nil {
				if n, _ := res.RowsAffected(); n == 0 {
					return ErrStale
				}
			}
		}
		if err != nil {
			return err
		}
		actor.Module, actor.Action, actor.Target, actor.Changes = ModuleParametres, history.Modification, k.label, changes
		if err := history.Record(ctx, tx, actor); err != nil {
			return err
		}
		out = Versioned[T]{Value: next, Version: version + 1, UpdatedAt: now, UpdatedBy: actor.UserName}
		tx.AfterCommit(func() {
			s.bus.Publish(context.WithoutCancel(ctx), events.Event{Type: TypeSettingsChanged, FranchiseID: p.FranchiseID, Data: map[string]any{"kind": k.name}})
		})
		return nil
	})
	return out, err
}

func constant[T any](f func() T) func(*Service, context.Context, tenancy.Principal) (T, error) {
	return func(*Service, context.Context, tenancy.Principal) (T, error) { return f(), nil }
}

// ValidationError re-exports the field error the HTTP layer maps to 422.
type ValidationError = tenancy.ValidationError

func invalid(field, format string, args ...any) error {
	return &ValidationError{Field: field, Message: fmt.Sprintf(format, args...)}
}
