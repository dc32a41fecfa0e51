-- Orders, faster to store: the orders index by franchise and date goes; no
-- query of the application reads it (the discounted-orders list has its own
-- partial index), yet every order paid for it.
-- Keep in step with ../sqlite/0009_orders_speed.sql, which also rebuilds the
-- raw child tables WITHOUT ROWID (same tables and columns).

DROP INDEX orders_by_franchise_date;

-- Rollup keys compare byte by byte (the "C" collation), as Go sorts them:
-- the upserts of a batch walk the primary key in order, and comparing keys
-- no longer goes through the locale. The key prefix ranges the reports read
-- (key >= 'p' AND key < 'p' || U+10FFFF) are exact in byte order.
ALTER TABLE rollups ALTER COLUMN dim TYPE TEXT COLLATE "C", ALTER COLUMN key TYPE TEXT COLLATE "C";

-- The hour cells at month grain, keyed by UTC weekday (0 = Sunday) and hour
-- ('w|hh'), for the heat map over long ranges; from the day cells already
-- there (keyed yyyymmddhh in UTC), at restaurant and franchise level alike.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, 'whour', restaurant_id, period / 100,
       EXTRACT(DOW FROM to_date(substr(key, 1, 8), 'YYYYMMDD'))::int::text || '|' || substr(key, 9, 2),
       SUM(n), SUM(qty), SUM(a1), SUM(a2), SUM(a3), SUM(e_sum), SUM(e_n), SUM(c1), SUM(c2)
FROM rollups WHERE dim = 'hour'
GROUP BY franchise_id, restaurant_id, period / 100,
         EXTRACT(DOW FROM to_date(substr(key, 1, 8), 'YYYYMMDD'))::int::text || '|' || substr(key, 9, 2);

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

-- Rollup reads are short index range scans: starting parallel workers (new
-- processes) costs more than the scans themselves, and the planner would
-- do it for a year read over all restaurants.
ALTER TABLE rollups SET (parallel_workers = 0);
