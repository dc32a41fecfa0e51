-- Deployment: background jobs, per-restaurant price customisations and the
-- deployed menus (one row per generation, the previous ones kept for
-- rollback). Keep in step with ../postgres/0007_deploy.sql.

CREATE TABLE jobs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'queued',
    params       TEXT NOT NULL DEFAULT '{}',
    done         INTEGER NOT NULL DEFAULT 0,
    total        INTEGER NOT NULL DEFAULT 0,
    message      TEXT NOT NULL DEFAULT '',
    result       TEXT NOT NULL DEFAULT '{}',
    error        TEXT NOT NULL DEFAULT '',
    attempts     INTEGER NOT NULL DEFAULT 0,
    dedupe_key   TEXT,
    lease_until  DATETIME,
    created_by   TEXT NOT NULL DEFAULT '',
    created_at   DATETIME NOT NULL,
    updated_at   DATETIME NOT NULL
);
CREATE INDEX jobs_by_status ON jobs (status, id);
CREATE INDEX jobs_by_franchise ON jobs (franchise_id, id);
-- A job queued by several instances at once (the monthly re-projection)
-- exists once.
CREATE UNIQUE INDEX jobs_dedupe ON jobs (dedupe_key);

CREATE TABLE price_customisations (
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    id_global     TEXT NOT NULL,
    tariff        INTEGER NOT NULL,
    type_order    INTEGER NOT NULL,
    size          INTEGER NOT NULL,
    price_cents   INTEGER NOT NULL,
    updated_at    DATETIME NOT NULL,
    updated_by    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (restaurant_id, kind, id_global, tariff, type_order, size)
);

CREATE TABLE deployed_documents (
    hash        TEXT PRIMARY KEY,
    document    BLOB NOT NULL,
    gzipped     BLOB NOT NULL,
    size        INTEGER NOT NULL,
    created_at  DATETIME NOT NULL
);

CREATE TABLE deployed_menus (
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    hash          TEXT NOT NULL REFERENCES deployed_documents(hash),
    inputs        TEXT NOT NULL DEFAULT '',
    report        TEXT NOT NULL DEFAULT '{}',
    manifest      TEXT NOT NULL DEFAULT '[]',
    job_id        INTEGER,
    rollback_of   INTEGER,
    created_at    DATETIME NOT NULL,
    created_by    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (restaurant_id, version)
);
CREATE INDEX deployed_menus_by_franchise ON deployed_menus (franchise_id, restaurant_id);

CREATE TABLE deployed_current (
    restaurant_id INTEGER PRIMARY KEY REFERENCES restaurants(id) ON DELETE CASCADE,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,
    hash          TEXT NOT NULL,
    updated_at    DATETIME NOT NULL
);
CREATE INDEX deployed_current_by_franchise ON deployed_current (franchise_id);
