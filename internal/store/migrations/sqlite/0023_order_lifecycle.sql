-- Order lifecycle (issue 19): the status changes tills post after an order
-- (paid, cancelled, refunded, partly refunded), each with its reason, its
-- time and the till's own key that makes a retry harmless. The order keeps
-- its current status (orders.status) and what partial refunds gave back
-- (orders.refunded_cents); order_events is its history. Each change adds
-- its rollup deltas on the business day it happened (see
-- internal/orders/lifecycle.go).
-- Keep in step with ../postgres/0023_order_lifecycle.sql.

ALTER TABLE orders ADD COLUMN refunded_cents INTEGER NOT NULL DEFAULT 0;

CREATE TABLE order_events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL,
    equipment_id  INTEGER NOT NULL,
    event_key     TEXT NOT NULL,
    from_status   TEXT NOT NULL,
    status        TEXT NOT NULL,
    at_unix       INTEGER NOT NULL,
    business_date INTEGER NOT NULL,
    refund_cents  INTEGER NOT NULL DEFAULT 0,
    method        TEXT NOT NULL DEFAULT '',
    reason        TEXT NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    UNIQUE (order_id, event_key)
);
CREATE INDEX order_events_by_day ON order_events (franchise_id, business_date, restaurant_id);
