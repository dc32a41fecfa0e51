-- The category rows of the kitchen performance report: a rollup dimension
-- 'cat' keyed P|category (P = 1 for platform orders), holding for paid
-- orders the orders holding the category (n, once per order however many of
-- its products they hold: adding up the 'prod' cells counted an order with
-- two of them twice, and weighted its exit time twice), their units (qty),
-- the exit seconds of those orders that have one (e_sum, e_n), the units in
-- late orders (c1: exit over 15 min, orders.FastTrankSeconds) and the units
-- with options (c2). The orders service writes it with the other dimensions
-- from now on; the orders already stored get it from their raw lines, at
-- every grain the service writes (restaurant and franchise × day, month and
-- year).
-- Keep in step with ../sqlite/0011_categories.sql (same rows; only the
-- character function differs).

-- Restaurant × day, one row per order and category first (n counts orders).
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, 'cat', restaurant_id, business_date, cat_key,
       COUNT(*), SUM(qty), 0, 0, 0, COALESCE(SUM(exit_seconds), 0), COUNT(exit_seconds),
       SUM(CASE WHEN exit_seconds > 900 THEN qty ELSE 0 END), SUM(option_qty)
FROM (SELECT o.franchise_id, o.restaurant_id, o.business_date, o.id, o.exit_seconds,
             CASE WHEN o.order_type = 4 THEN '1' ELSE '0' END || chr(31) || l.category AS cat_key,
             SUM(l.quantity) AS qty,
             SUM(CASE WHEN EXISTS (SELECT 1 FROM order_options op WHERE op.order_id = l.order_id AND op.line_no = l.line_no)
                      THEN l.quantity ELSE 0 END) AS option_qty
      FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.status = 'paid'
      GROUP BY o.franchise_id, o.restaurant_id, o.business_date, o.id, o.exit_seconds,
               CASE WHEN o.order_type = 4 THEN '1' ELSE '0' END || chr(31) || l.category) per_order
GROUP BY franchise_id, restaurant_id, business_date, cat_key;

-- Franchise × day, from the restaurant days.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, 0, period, key, SUM(n), SUM(qty), 0, 0, 0, SUM(e_sum), SUM(e_n), SUM(c1), SUM(c2)
FROM rollups WHERE dim = 'cat' AND restaurant_id <> 0 AND period >= 10000000
GROUP BY franchise_id, dim, period, key;

-- Months (restaurant and franchise), from the days.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, restaurant_id, period / 100, key, SUM(n), SUM(qty), 0, 0, 0, SUM(e_sum), SUM(e_n), SUM(c1), SUM(c2)
FROM rollups WHERE dim = 'cat' AND period >= 10000000
GROUP BY franchise_id, dim, restaurant_id, period / 100, key;

-- Years, from the months.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, restaurant_id, period / 100, key, SUM(n), SUM(qty), 0, 0, 0, SUM(e_sum), SUM(e_n), SUM(c1), SUM(c2)
FROM rollups WHERE dim = 'cat' AND period BETWEEN 100000 AND 999999
GROUP BY franchise_id, dim, restaurant_id, period / 100, key;
