-- Establishments: archived restaurants, device keys and last-seen times,
-- the franchise information page, and the change history.
-- Keep in step with ../postgres/0002_establishments.sql.

ALTER TABLE restaurants ADD COLUMN archived_at DATETIME;

ALTER TABLE equipments ADD COLUMN key_hash TEXT;
ALTER TABLE equipments ADD COLUMN key_hint TEXT NOT NULL DEFAULT '';
ALTER TABLE equipments ADD COLUMN key_issued_at DATETIME;
ALTER TABLE equipments ADD COLUMN last_seen_at DATETIME;
ALTER TABLE equipments ADD COLUMN updated_at DATETIME;
CREATE UNIQUE INDEX equipments_by_key ON equipments (key_hash);

ALTER TABLE franchises ADD COLUMN contact_email TEXT NOT NULL DEFAULT '';
ALTER TABLE franchises ADD COLUMN contact_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE franchises ADD COLUMN address TEXT NOT NULL DEFAULT '';

CREATE TABLE history_entries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id INTEGER REFERENCES restaurants(id) ON DELETE SET NULL,
    module        TEXT NOT NULL,
    user_id       INTEGER,
    user_name     TEXT NOT NULL,
    user_type     TEXT NOT NULL,
    email         TEXT NOT NULL DEFAULT '',
    source        TEXT NOT NULL DEFAULT 'Login',
    action        TEXT NOT NULL CHECK (action IN ('Ajout', 'Suppression', 'Duplication', 'Modification', 'Personalisation', 'Desactivation', 'Generation', 'Activation')),
    details       TEXT NOT NULL DEFAULT '{}',
    created_at    DATETIME NOT NULL
);
CREATE INDEX history_by_franchise ON history_entries (franchise_id, created_at);
