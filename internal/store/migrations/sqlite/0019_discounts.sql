-- Discounts and promo codes (issue 19). A discount belongs to its franchise
-- (owner_restaurant_id 0) or was defined by a restaurant's login
-- (owner_restaurant_id: that restaurant, and its rules name only the
-- restaurants that login sees). Its conditions (target, minimum basket,
-- order types, channels, restaurants, days, hours) are one JSON document:
-- they are read and written whole, never queried one by one.
-- A promo code grants one discount; used counts its redemptions and is
-- only ever raised by UPDATE … WHERE used < max_uses, so a code with a
-- quota of 100 is never used 101 times, whatever the number of kiosks.
-- A redemption is keyed by (code, equipment, order id of the till): a
-- kiosk that retries gets the same answer, and a failed payment releases it.
-- Keep in step with ../postgres/0019_discounts.sql.
CREATE TABLE discounts (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id        INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    owner_restaurant_id INTEGER NOT NULL DEFAULT 0,
    name                TEXT NOT NULL,
    kind                TEXT NOT NULL CHECK (kind IN ('pourcentage', 'montant')),
    value               INTEGER NOT NULL,
    currency            TEXT NOT NULL DEFAULT '',
    automatic           BOOLEAN NOT NULL DEFAULT FALSE,
    stackable           BOOLEAN NOT NULL DEFAULT FALSE,
    active              BOOLEAN NOT NULL DEFAULT TRUE,
    start_date          TEXT NOT NULL DEFAULT '',
    end_date            TEXT NOT NULL DEFAULT '',
    rules               TEXT NOT NULL DEFAULT '{}',
    version             INTEGER NOT NULL DEFAULT 1,
    removed_at          DATETIME,
    created_at          DATETIME NOT NULL,
    updated_at          DATETIME NOT NULL
);
CREATE INDEX discounts_by_franchise ON discounts (franchise_id, id);

CREATE TABLE promo_codes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    discount_id  INTEGER NOT NULL REFERENCES discounts(id) ON DELETE CASCADE,
    code         TEXT NOT NULL,
    max_uses     INTEGER NOT NULL DEFAULT 0,
    per_customer INTEGER NOT NULL DEFAULT 0,
    used         INTEGER NOT NULL DEFAULT 0,
    valid_from   TEXT NOT NULL DEFAULT '',
    valid_until  TEXT NOT NULL DEFAULT '',
    active       BOOLEAN NOT NULL DEFAULT TRUE,
    created_at   DATETIME NOT NULL,
    CHECK (max_uses = 0 OR used <= max_uses)
);
CREATE UNIQUE INDEX promo_codes_by_code ON promo_codes (franchise_id, code);

CREATE TABLE promo_redemptions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER NOT NULL,
    code_id       INTEGER NOT NULL REFERENCES promo_codes(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL,
    equipment_id  INTEGER NOT NULL,
    till_order_id TEXT NOT NULL,
    customer      TEXT NOT NULL DEFAULT '',
    amount_cents  INTEGER NOT NULL,
    released      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    DATETIME NOT NULL
);
CREATE UNIQUE INDEX promo_redemptions_once ON promo_redemptions (code_id, equipment_id, till_order_id);
CREATE INDEX promo_redemptions_by_customer ON promo_redemptions (code_id, customer);
