// Package testutil gives tests a fresh database on every engine Brigade
// supports, and a running API server with demo data on top of it.
package testutil

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"brigade/internal/store"
)

// PostgresURLEnv names the server tests create their databases on.
const PostgresURLEnv = "BRIGADE_TEST_POSTGRES_URL"

// Engines lists the engines every integration test must pass on: SQLite
// always, PostgreSQL when BRIGADE_TEST_POSTGRES_URL is set. In CI (CI=true)
// a missing PostgreSQL fails the test instead of skipping it.
func Engines(t testing.TB) []store.Engine {
	t.Helper()
	engines := []store.Engine{store.SQLite}
	if os.Getenv(PostgresURLEnv) != "" {
		engines = append(engines, store.Postgres)
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("%s must be set in CI: the PostgreSQL suite is required", PostgresURLEnv)
	}
	return engines
}

// EachEngine runs fn as a subtest on every engine of Engines.
func EachEngine(t *testing.T, fn func(t *testing.T, engine store.Engine)) {
	for _, e := range Engines(t) {
		t.Run(string(e), func(t *testing.T) { fn(t, e) })
	}
}

// NewDB opens an empty, migrated database on engine. PostgreSQL databases
// are created per test with a random name and dropped afterwards; their
// sessions run in a non-UTC zone so that time-zone bugs show up.
func NewDB(t testing.TB, engine store.Engine) *store.DB {
	t.Helper()
	ctx := context.Background()
	dsn := DSN(t, engine)
	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("open %s: %v", engine, err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate %s: %v", engine, err)
	}
	return db
}

// DSN returns the address of a new, empty database on engine.
func DSN(t testing.TB, engine store.Engine) string {
	t.Helper()
	if engine == store.SQLite {
		return filepath.Join(t.TempDir(), "brigade.db")
	}
	admin := os.Getenv(PostgresURLEnv)
	if admin == "" {
		t.Fatalf("%s is not set", PostgresURLEnv)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "brigade_test_" + hex.EncodeToString(b)
	conn, err := sql.Open("pgx", admin)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	defer conn.Close()
	if _, err := conn.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		c, err := sql.Open("pgx", admin)
		if err != nil {
			return
		}
		defer c.Close()
		_, _ = c.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("parse %s: %v", PostgresURLEnv, err)
	}
	u.Path = "/" + name
	q := u.Query()
	q.Set("timezone", "Pacific/Noumea")
	u.RawQuery = q.Encode()
	return u.String()
}
