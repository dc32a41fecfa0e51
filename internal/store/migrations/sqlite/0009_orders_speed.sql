-- Orders, faster to store: the raw child rows (lines, options, VAT lines,
-- payments) become WITHOUT ROWID tables clustered on their primary key, so
-- that each row is one B-tree insert instead of a table row plus a primary
-- key index entry; and the orders index by franchise and date goes: no query
-- of the application reads it (the discounted-orders list has its own
-- partial index), yet every order paid for it.
-- Keep in step with ../postgres/0009_orders_speed.sql (same tables and
-- columns; PostgreSQL has no WITHOUT ROWID, only the index goes).

DROP INDEX orders_by_franchise_date;

CREATE TABLE order_lines_new (
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
) WITHOUT ROWID;
INSERT INTO order_lines_new SELECT order_id, line_no, restaurant_id, business_date, product_id, product, category, quantity, unit_cents, ttc_cents, tax_rate_bp FROM order_lines;
DROP TABLE order_lines;
ALTER TABLE order_lines_new RENAME TO order_lines;

CREATE TABLE order_options_new (
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
) WITHOUT ROWID;
INSERT INTO order_options_new SELECT order_id, line_no, option_no, restaurant_id, business_date, option_name, group_name, quantity, ttc_cents FROM order_options;
DROP TABLE order_options;
ALTER TABLE order_options_new RENAME TO order_options;

CREATE TABLE order_vat_new (
    order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    rate_bp       INTEGER NOT NULL,
    restaurant_id INTEGER NOT NULL,
    business_date INTEGER NOT NULL,
    ht_cents      INTEGER NOT NULL,
    vat_cents     INTEGER NOT NULL,
    ttc_cents     INTEGER NOT NULL,
    PRIMARY KEY (order_id, rate_bp)
) WITHOUT ROWID;
INSERT INTO order_vat_new SELECT order_id, rate_bp, restaurant_id, business_date, ht_cents, vat_cents, ttc_cents FROM order_vat;
DROP TABLE order_vat;
ALTER TABLE order_vat_new RENAME TO order_vat;

CREATE TABLE order_payments_new (
    order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    payment_no    INTEGER NOT NULL,
    restaurant_id INTEGER NOT NULL,
    business_date INTEGER NOT NULL,
    method        TEXT NOT NULL,
    amount_cents  INTEGER NOT NULL,
    PRIMARY KEY (order_id, payment_no)
) WITHOUT ROWID;
INSERT INTO order_payments_new SELECT order_id, payment_no, restaurant_id, business_date, method, amount_cents FROM order_payments;
DROP TABLE order_payments;
ALTER TABLE order_payments_new RENAME TO order_payments;

-- The hour cells at month grain, keyed by UTC weekday (0 = Sunday) and hour
-- ('w|hh'), for the heat map over long ranges; from the day cells already
-- there (keyed yyyymmddhh in UTC), at restaurant and franchise level alike.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, 'whour', restaurant_id, period / 100,
       strftime('%w', substr(key, 1, 4) || '-' || substr(key, 5, 2) || '-' || substr(key, 7, 2)) || '|' || substr(key, 9, 2),
       SUM(n), SUM(qty), SUM(a1), SUM(a2), SUM(a3), SUM(e_sum), SUM(e_n), SUM(c1), SUM(c2)
FROM rollups WHERE dim = 'hour'
GROUP BY franchise_id, restaurant_id, period / 100,
         strftime('%w', substr(key, 1, 4) || '-' || substr(key, 5, 2) || '-' || substr(key, 7, 2)) || '|' || substr(key, 9, 2);

-- The franchise rows of the dimensions keyed by equipment repeat the rows of
-- the equipment's restaurant; they are no longer kept nor read.
DELETE FROM rollups WHERE restaurant_id = 0 AND dim IN ('equip', 'vat', 'pay');

-- The year grain (period yyyy), from the month rows: a long range reads a
-- year row where it read twelve month rows (not for the hour dimensions).
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, restaurant_id, period / 100, key,
       SUM(n), SUM(qty), SUM(a1), SUM(a2), SUM(a3), SUM(e_sum), SUM(e_n), SUM(c1), SUM(c2)
FROM rollups WHERE period BETWEEN 100000 AND 999999 AND dim NOT IN ('hour', 'whour')
GROUP BY franchise_id, dim, restaurant_id, period / 100, key;
