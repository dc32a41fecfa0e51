-- Orders posted by tills, kiosks and click&collect, their raw lines, and the
-- rollups every report reads. Money in integer cents, VAT rates in basis
-- points (550 = 5,5 %), business dates as yyyymmdd in the restaurant's zone.
-- Keep in step with ../postgres/0006_orders.sql.

CREATE TABLE orders (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id    INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id   INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    equipment_id    INTEGER NOT NULL REFERENCES equipments(id) ON DELETE CASCADE,
    till_order_id   TEXT NOT NULL,
    source          TEXT NOT NULL,
    order_type      INTEGER NOT NULL,
    status          TEXT NOT NULL,
    paid_unix       INTEGER NOT NULL,
    business_date   INTEGER NOT NULL,
    subtotal_cents  INTEGER NOT NULL,
    discount_cents  INTEGER NOT NULL DEFAULT 0,
    fees_cents      INTEGER NOT NULL DEFAULT 0,
    total_cents     INTEGER NOT NULL,
    discount_type   TEXT NOT NULL DEFAULT '',
    discount_value  INTEGER NOT NULL DEFAULT 0,
    discount_label  TEXT NOT NULL DEFAULT '',
    cashier         TEXT NOT NULL DEFAULT '',
    exit_seconds    INTEGER,
    extra           TEXT NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    UNIQUE (restaurant_id, equipment_id, till_order_id)
);
CREATE INDEX orders_by_restaurant_time ON orders (restaurant_id, paid_unix, id, source);
CREATE INDEX orders_by_franchise_date ON orders (franchise_id, business_date);
CREATE INDEX orders_discounted ON orders (franchise_id, business_date, id) WHERE discount_cents > 0;

CREATE TABLE order_lines (
    order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    line_no       INTEGER NOT NULL,
    restaurant_id INTEGER NOT NULL,
    business_date INTEGER NOT NULL,
    product_id    TEXT NOT NULL DEFAULT '',
    product       TEXT NOT NULL,
    category      TEXT NOT NULL,
    quantity      INTEGER NOT NULL,
    unit_cents    INTEGER NOT NULL,
    ttc_cents     INTEGER NOT NULL,
    tax_rate_bp   INTEGER NOT NULL,
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE order_options (
    order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    line_no       INTEGER NOT NULL,
    option_no     INTEGER NOT NULL,
    restaurant_id INTEGER NOT NULL,
    business_date INTEGER NOT NULL,
    option_name   TEXT NOT NULL,
    group_name    TEXT NOT NULL,
    quantity      INTEGER NOT NULL,
    ttc_cents     INTEGER NOT NULL,
    PRIMARY KEY (order_id, line_no, option_no)
);

CREATE TABLE order_vat (
    order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    rate_bp       INTEGER NOT NULL,
    restaurant_id INTEGER NOT NULL,
    business_date INTEGER NOT NULL,
    ht_cents      INTEGER NOT NULL,
    vat_cents     INTEGER NOT NULL,
    ttc_cents     INTEGER NOT NULL,
    PRIMARY KEY (order_id, rate_bp)
);

CREATE TABLE order_payments (
    order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    payment_no    INTEGER NOT NULL,
    restaurant_id INTEGER NOT NULL,
    business_date INTEGER NOT NULL,
    method        TEXT NOT NULL,
    amount_cents  INTEGER NOT NULL,
    PRIMARY KEY (order_id, payment_no)
);

-- One row per (franchise, dimension, restaurant — 0 for the whole franchise,
-- period — yyyymmdd for a day, yyyymm for a month, key). Maintained in the
-- transaction that stores the orders; see internal/orders/rollups.go.
CREATE TABLE rollups (
    franchise_id  INTEGER NOT NULL,
    dim           TEXT NOT NULL,
    restaurant_id INTEGER NOT NULL,
    period        INTEGER NOT NULL,
    key           TEXT NOT NULL,
    n             INTEGER NOT NULL DEFAULT 0,
    qty           INTEGER NOT NULL DEFAULT 0,
    a1            INTEGER NOT NULL DEFAULT 0,
    a2            INTEGER NOT NULL DEFAULT 0,
    a3            INTEGER NOT NULL DEFAULT 0,
    e_sum         INTEGER NOT NULL DEFAULT 0,
    e_n           INTEGER NOT NULL DEFAULT 0,
    c1            INTEGER NOT NULL DEFAULT 0,
    c2            INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (franchise_id, dim, restaurant_id, period, key)
) WITHOUT ROWID;
