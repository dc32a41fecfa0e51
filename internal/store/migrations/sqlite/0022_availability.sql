-- Availability (issue 19): what a restaurant marks sold out without
-- redeploying its menu, and its opening hours per channel. A sold-out keeps
-- the instant it ends (until_unix, seconds since 1970 UTC): it stops
-- counting by itself, with no job to clear it. One row per element of a
-- restaurant: marking it again moves its end; putting it back on sale
-- deletes the row (the history keeps the change).
-- Keep in step with ../postgres/0022_availability.sql.

CREATE TABLE availability_sold_out (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    kind          TEXT NOT NULL CHECK (kind IN ('product', 'option')),
    id_global     TEXT NOT NULL,
    name          TEXT NOT NULL,
    item_group    TEXT NOT NULL DEFAULT '',
    mode          TEXT NOT NULL CHECK (mode IN ('today', 'date')),
    until_date    TEXT NOT NULL,
    until_unix    INTEGER NOT NULL,
    set_by        TEXT NOT NULL DEFAULT '',
    set_at        DATETIME NOT NULL,
    UNIQUE (restaurant_id, kind, id_global)
);
CREATE INDEX availability_sold_out_by_until ON availability_sold_out (restaurant_id, until_unix);

-- One hours document (JSON: channel → weekly slots and dated exceptions)
-- per restaurant that has saved its hours; version for If-Match.
CREATE TABLE availability_hours (
    restaurant_id INTEGER PRIMARY KEY REFERENCES restaurants(id) ON DELETE CASCADE,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    hours         TEXT NOT NULL,
    version       INTEGER NOT NULL,
    updated_by    TEXT NOT NULL DEFAULT '',
    updated_at    DATETIME NOT NULL
);
