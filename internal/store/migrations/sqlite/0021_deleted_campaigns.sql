-- The archive of deleted cartes (issue 19, /archive): deleting a carte keeps
-- its last version as the export file (the format of GET …/export, that an
-- import reads back), so that the owner can restore it as a new carte. Its
-- restaurant links are not kept: a restored carte is linked again by hand.
-- Keep in step with ../postgres/0021_deleted_campaigns.sql.
CREATE TABLE deleted_campaigns (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    campaign_id  INTEGER NOT NULL,
    nom          TEXT NOT NULL,
    export       TEXT NOT NULL,
    deleted_by   TEXT NOT NULL DEFAULT '',
    deleted_at   DATETIME NOT NULL
);
CREATE INDEX deleted_campaigns_by_franchise ON deleted_campaigns (franchise_id, id);
