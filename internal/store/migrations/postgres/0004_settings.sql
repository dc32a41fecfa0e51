-- Franchise settings: one versioned document per franchise and kind
-- (sizes, printers, screens, languages, kiosk, colors), defaults until the
-- first save. Keep in step with ../sqlite/0004_settings.sql.

CREATE TABLE franchise_settings (
    franchise_id BIGINT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    version      INTEGER NOT NULL,
    document     TEXT NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL,
    updated_by   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (franchise_id, kind)
);
