-- Customers, loyalty and marketing campaigns (issue 20). Times are unix
-- seconds and flags 0/1 integers, as in the orders tables, so that the SQL
-- reads the same on both engines. Keep in step with
-- ../postgres/0026_customers.sql.

-- == customers (package customers) ==
-- A customer belongs to one franchise and is found again by its normalised
-- phone (E.164, +33612345678), e-mail (lower case) or loyalty card number.
-- An erased customer (RGPD right to erasure) keeps its row, emptied of every
-- personal field, so that its orders' figures stay: erased_unix > 0.
-- sms_optin / email_optin are the current consents; customer_consents keeps
-- every grant and withdrawal with its date, channel and source.
CREATE TABLE customers (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id    INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    first_name      TEXT NOT NULL DEFAULT '',
    last_name       TEXT NOT NULL DEFAULT '',
    phone           TEXT NOT NULL DEFAULT '',
    email           TEXT NOT NULL DEFAULT '',
    card            TEXT NOT NULL DEFAULT '',
    postal_code     TEXT NOT NULL DEFAULT '',
    birth_month     INTEGER NOT NULL DEFAULT 0,
    birth_day       INTEGER NOT NULL DEFAULT 0,
    sms_optin       INTEGER NOT NULL DEFAULT 0,
    email_optin     INTEGER NOT NULL DEFAULT 0,
    visits          INTEGER NOT NULL DEFAULT 0,
    first_visit_unix INTEGER NOT NULL DEFAULT 0,
    last_visit_unix INTEGER NOT NULL DEFAULT 0,
    last_restaurant_id INTEGER NOT NULL DEFAULT 0,
    points          INTEGER NOT NULL DEFAULT 0,
    lifetime_points INTEGER NOT NULL DEFAULT 0,
    erased_unix     INTEGER NOT NULL DEFAULT 0,
    version         INTEGER NOT NULL DEFAULT 1,
    created_unix    INTEGER NOT NULL,
    updated_unix    INTEGER NOT NULL
);
CREATE UNIQUE INDEX customers_by_phone ON customers (franchise_id, phone) WHERE phone <> '';
CREATE UNIQUE INDEX customers_by_email ON customers (franchise_id, email) WHERE email <> '';
CREATE UNIQUE INDEX customers_by_card ON customers (franchise_id, card) WHERE card <> '';
CREATE INDEX customers_by_last_visit ON customers (franchise_id, last_visit_unix);

-- What a customer spent, per currency (never added across currencies).
CREATE TABLE customer_spend (
    customer_id  INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    currency     TEXT NOT NULL,
    orders       INTEGER NOT NULL DEFAULT 0,
    total_cents  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_id, currency)
);

-- The restaurants a customer visited: a restaurant user sees these customers only.
CREATE TABLE customer_restaurants (
    customer_id     INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    restaurant_id   INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    franchise_id    INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    visits          INTEGER NOT NULL DEFAULT 0,
    last_visit_unix INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (customer_id, restaurant_id)
);
CREATE INDEX customer_restaurants_by_restaurant ON customer_restaurants (restaurant_id, last_visit_unix);

-- granted 1 = consent given, 0 = withdrawn; source: kiosk, till, click_and_collect, back_office, stop (an SMS STOP or an unsubscribe link).
CREATE TABLE customer_consents (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    customer_id  INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    channel      TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
    granted      INTEGER NOT NULL,
    source       TEXT NOT NULL,
    by_user      TEXT NOT NULL DEFAULT '',
    at_unix      INTEGER NOT NULL
);
CREATE INDEX customer_consents_by_customer ON customer_consents (customer_id, at_unix);

-- The customer an order was posted for (one at most).
CREATE TABLE order_customers (
    order_id      INTEGER PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
    customer_id   INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL,
    paid_unix     INTEGER NOT NULL
);
CREATE INDEX order_customers_by_customer ON order_customers (customer_id, paid_unix);
CREATE INDEX order_customers_by_restaurant ON order_customers (restaurant_id, paid_unix);

-- == loyalty (package loyalty) ==
-- Earning rules: kind visit (points per paid order), amount (points per
-- per_cents spent in currency), product (points per unit of product_id, a
-- carte product's idGlobal).
CREATE TABLE loyalty_rules (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('visit', 'amount', 'product')),
    points       INTEGER NOT NULL,
    per_cents    INTEGER NOT NULL DEFAULT 0,
    currency     TEXT NOT NULL DEFAULT '',
    product_id   TEXT NOT NULL DEFAULT '',
    active       INTEGER NOT NULL DEFAULT 1,
    version      INTEGER NOT NULL DEFAULT 1,
    created_unix INTEGER NOT NULL,
    updated_unix INTEGER NOT NULL
);
CREATE INDEX loyalty_rules_by_franchise ON loyalty_rules (franchise_id);

-- Tiers by lifetime points.
CREATE TABLE loyalty_tiers (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    min_points   INTEGER NOT NULL,
    perks        TEXT NOT NULL DEFAULT '',
    version      INTEGER NOT NULL DEFAULT 1,
    created_unix INTEGER NOT NULL,
    updated_unix INTEGER NOT NULL
);
CREATE UNIQUE INDEX loyalty_tiers_by_points ON loyalty_tiers (franchise_id, min_points);

-- Rewards: a carte product (product_id) or a discount (discount_id) for cost_points;
-- value_cents/currency is what the reward costs the franchise (reward cost on the dashboard).
CREATE TABLE loyalty_rewards (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('product', 'discount')),
    cost_points  INTEGER NOT NULL,
    product_id   TEXT NOT NULL DEFAULT '',
    discount_id  INTEGER NOT NULL DEFAULT 0,
    value_cents  INTEGER NOT NULL DEFAULT 0,
    currency     TEXT NOT NULL DEFAULT '',
    active       INTEGER NOT NULL DEFAULT 1,
    version      INTEGER NOT NULL DEFAULT 1,
    created_unix INTEGER NOT NULL,
    updated_unix INTEGER NOT NULL
);

-- Every movement of points: earn (a paid order), reverse (its refund or
-- cancellation), redeem (a reward at the kiosk), restore (a redemption
-- given back), adjust (by hand). An order earns and is reversed once: the
-- unique index makes a retried post or status change count once.
CREATE TABLE loyalty_ledger (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    customer_id   INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL DEFAULT 0,
    order_id      INTEGER NOT NULL DEFAULT 0,
    reward_id     INTEGER NOT NULL DEFAULT 0,
    kind          TEXT NOT NULL CHECK (kind IN ('earn', 'reverse', 'redeem', 'restore', 'adjust')),
    points        INTEGER NOT NULL,
    value_cents   INTEGER NOT NULL DEFAULT 0,
    currency      TEXT NOT NULL DEFAULT '',
    ref           TEXT NOT NULL DEFAULT '',
    at_unix       INTEGER NOT NULL
);
CREATE UNIQUE INDEX loyalty_ledger_once ON loyalty_ledger (customer_id, kind, order_id, ref) WHERE order_id <> 0 OR ref <> '';
CREATE INDEX loyalty_ledger_by_customer ON loyalty_ledger (customer_id, at_unix);
CREATE INDEX loyalty_ledger_by_franchise ON loyalty_ledger (franchise_id, at_unix);

-- == marketing campaigns (package campaigns) ==
-- (Not "campaigns": that table holds the cartes.) segment is the JSON of the
-- directory filter the recipients were chosen by; status draft, scheduled,
-- sending, sent, cancelled, failed.
CREATE TABLE marketing_campaigns (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id    INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    channel         TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
    segment         TEXT NOT NULL DEFAULT '{}',
    subject         TEXT NOT NULL DEFAULT '',
    body            TEXT NOT NULL,
    promo_code      TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL DEFAULT 'draft',
    scheduled_unix  INTEGER NOT NULL DEFAULT 0,
    sent_unix       INTEGER NOT NULL DEFAULT 0,
    recipients      INTEGER NOT NULL DEFAULT 0,
    delivered       INTEGER NOT NULL DEFAULT 0,
    failed          INTEGER NOT NULL DEFAULT 0,
    optouts         INTEGER NOT NULL DEFAULT 0,
    created_by      TEXT NOT NULL DEFAULT '',
    version         INTEGER NOT NULL DEFAULT 1,
    created_unix    INTEGER NOT NULL,
    updated_unix    INTEGER NOT NULL
);
CREATE INDEX marketing_campaigns_by_franchise ON marketing_campaigns (franchise_id, created_unix);
CREATE INDEX marketing_campaigns_due ON marketing_campaigns (status, scheduled_unix);

-- One message per recipient; status pending, delivered, failed.
CREATE TABLE marketing_messages (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id  INTEGER NOT NULL REFERENCES marketing_campaigns(id) ON DELETE CASCADE,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    customer_id  INTEGER NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    address      TEXT NOT NULL,
    status       TEXT NOT NULL DEFAULT 'pending',
    error        TEXT NOT NULL DEFAULT '',
    provider_id  TEXT NOT NULL DEFAULT '',
    sent_unix    INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX marketing_messages_once ON marketing_messages (campaign_id, customer_id);
CREATE INDEX marketing_messages_by_customer ON marketing_messages (customer_id);

-- Saved segments (« listes de diffusion »): the JSON of a directory filter.
CREATE TABLE marketing_lists (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    segment      TEXT NOT NULL DEFAULT '{}',
    version      INTEGER NOT NULL DEFAULT 1,
    created_unix INTEGER NOT NULL,
    updated_unix INTEGER NOT NULL
);
CREATE INDEX marketing_lists_by_franchise ON marketing_lists (franchise_id);
