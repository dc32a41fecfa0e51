-- Tenancy and authentication: franchises, restaurants, equipments, users.
-- Keep in step with ../postgres/0001_tenancy.sql (a test compares them).

CREATE TABLE app_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE franchises (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    name         TEXT NOT NULL,
    logo         TEXT NOT NULL DEFAULT '',
    country_code TEXT NOT NULL DEFAULT 'FR',
    currency     TEXT NOT NULL DEFAULT 'EUR',
    is_blocked   BOOLEAN NOT NULL DEFAULT FALSE,
    settings     TEXT NOT NULL DEFAULT '{}',
    created_at   DATETIME NOT NULL,
    updated_at   DATETIME NOT NULL
);

CREATE TABLE restaurants (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id    INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    siret           TEXT NOT NULL UNIQUE,
    nom             TEXT NOT NULL,
    pseudo          TEXT NOT NULL DEFAULT '',
    adresse         TEXT NOT NULL DEFAULT '',
    ville           TEXT NOT NULL DEFAULT '',
    current_licence TEXT NOT NULL DEFAULT '',
    country_code    TEXT NOT NULL DEFAULT 'FR',
    time_zone       TEXT NOT NULL DEFAULT 'Europe/Paris',
    created_at      DATETIME NOT NULL,
    updated_at      DATETIME NOT NULL
);
CREATE INDEX restaurants_by_franchise ON restaurants (franchise_id, nom);

CREATE TABLE equipments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('caisse', 'borne')),
    name          TEXT NOT NULL,
    user_keen_id  TEXT NOT NULL UNIQUE,
    created_at    DATETIME NOT NULL
);
CREATE INDEX equipments_by_restaurant ON equipments (restaurant_id);

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER REFERENCES franchises(id) ON DELETE CASCADE,
    login         TEXT NOT NULL UNIQUE,
    email         TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('admin', 'moderator', 'guest', 'restaurant', 'superadmin')),
    user_type     TEXT NOT NULL,
    nom           TEXT NOT NULL DEFAULT '',
    prenom        TEXT NOT NULL DEFAULT '',
    restaurant_id INTEGER REFERENCES restaurants(id) ON DELETE SET NULL,
    disabled      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL
);
CREATE INDEX users_by_franchise ON users (franchise_id);

CREATE TABLE user_restaurants (
    user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, restaurant_id)
);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at DATETIME NOT NULL,
    used_at    DATETIME,
    created_at DATETIME NOT NULL
);

CREATE TABLE signin_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    login        TEXT NOT NULL,
    ip           TEXT NOT NULL,
    succeeded    BOOLEAN NOT NULL,
    attempted_at DATETIME NOT NULL
);
CREATE INDEX signin_attempts_by_login ON signin_attempts (login, attempted_at);
CREATE INDEX signin_attempts_by_ip ON signin_attempts (ip, attempted_at);
