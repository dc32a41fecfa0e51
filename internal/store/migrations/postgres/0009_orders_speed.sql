-- Orders, faster to store: the orders index by franchise and date goes; no
-- query of the application reads it (the discounted-orders list has its own
-- partial index), yet every order paid for it.
-- Keep in step with ../sqlite/0009_orders_speed.sql, which also rebuilds the
-- raw child tables WITHOUT ROWID (same tables and columns).

DROP INDEX orders_by_franchise_date;
