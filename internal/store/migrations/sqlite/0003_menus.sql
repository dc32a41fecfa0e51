-- Cartes (campaigns): the record, one row per document version, and the
-- restaurant links (extended by deployment).
-- Keep in step with ../postgres/0003_menus.sql.

CREATE TABLE campaigns (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id   INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    nom            TEXT NOT NULL,
    url            TEXT NOT NULL,
    is_principal   BOOLEAN NOT NULL DEFAULT FALSE,
    date_debut     TEXT NOT NULL DEFAULT '',
    date_fin       TEXT NOT NULL DEFAULT '',
    is_periodic    BOOLEAN NOT NULL DEFAULT FALSE,
    campagne_dates TEXT NOT NULL DEFAULT '[]',
    removed        BOOLEAN NOT NULL DEFAULT FALSE,
    version        INTEGER NOT NULL DEFAULT 1,
    created_at     DATETIME NOT NULL,
    updated_at     DATETIME NOT NULL,
    updated_by     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX campaigns_by_franchise ON campaigns (franchise_id, nom);

CREATE TABLE campaign_versions (
    campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    document    TEXT NOT NULL,
    created_at  DATETIME NOT NULL,
    created_by  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (campaign_id, version)
);

CREATE TABLE campaign_restaurants (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    PRIMARY KEY (campaign_id, restaurant_id)
);
