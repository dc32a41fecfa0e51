-- Marketplace: the integration modules of each restaurant (delivery
-- platforms, connectors, click & collect), their settings and the tills
-- each module runs on.
-- Keep in step with ../postgres/0008_marketplace.sql.

CREATE TABLE marketplace_modules (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    module_name   TEXT NOT NULL,
    category      TEXT NOT NULL CHECK (category IN ('Marketing', 'Other', 'Commandes')),
    image         TEXT NOT NULL DEFAULT '',
    description   TEXT NOT NULL DEFAULT '',
    status        BOOLEAN NOT NULL DEFAULT FALSE,
    settings      TEXT NOT NULL DEFAULT '{}',
    version       INTEGER NOT NULL DEFAULT 1,
    created_at    DATETIME NOT NULL,
    updated_at    DATETIME NOT NULL,
    UNIQUE (restaurant_id, kind)
);
CREATE INDEX marketplace_modules_by_franchise ON marketplace_modules (franchise_id, restaurant_id);

-- One row per till a module runs on: the primary key is the per-module
-- exclusion (a till may run both platforms, never the same one twice).
CREATE TABLE marketplace_module_pos (
    module_id    INTEGER NOT NULL REFERENCES marketplace_modules(id) ON DELETE CASCADE,
    equipment_id INTEGER NOT NULL REFERENCES equipments(id) ON DELETE CASCADE,
    assigned_at  DATETIME NOT NULL,
    PRIMARY KEY (module_id, equipment_id)
);
CREATE INDEX marketplace_module_pos_by_equipment ON marketplace_module_pos (equipment_id);
