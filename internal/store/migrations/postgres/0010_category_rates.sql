-- The VAT rates of the category table (Mes Produits, '% TVA'): a rollup
-- dimension 'crate' keyed P|category|rate (P = 1 for platform orders, the
-- rate in basis points), holding for paid orders the orders (n) with lines
-- of that category at that rate, their units (qty), TTC (a1), HT (a2, per
-- line as orders.HT rounds it) and VAT (a3). The orders service writes it
-- with the other dimensions from now on; the orders already stored get it
-- from their raw lines, at every grain the service writes (restaurant and
-- franchise × day, month and year).
-- Keep in step with ../sqlite/0010_category_rates.sql (same rows; only the
-- character function differs).

-- Restaurant × day, one row per order first (n counts orders).
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, 'crate', restaurant_id, business_date, rate_key,
       COUNT(*), SUM(qty), SUM(ttc), SUM(ht), SUM(ttc) - SUM(ht), 0, 0, 0, 0
FROM (SELECT o.franchise_id, o.restaurant_id, o.business_date, o.id,
             CASE WHEN o.order_type = 4 THEN '1' ELSE '0' END || chr(31) || l.category || chr(31) || CAST(l.tax_rate_bp AS TEXT) AS rate_key,
             SUM(l.quantity) AS qty, SUM(l.ttc_cents) AS ttc,
             SUM((l.ttc_cents * 10000 + (10000 + l.tax_rate_bp) / 2) / (10000 + l.tax_rate_bp)) AS ht
      FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE o.status = 'paid'
      GROUP BY o.franchise_id, o.restaurant_id, o.business_date, o.id,
               CASE WHEN o.order_type = 4 THEN '1' ELSE '0' END || chr(31) || l.category || chr(31) || CAST(l.tax_rate_bp AS TEXT)) per_order
GROUP BY franchise_id, restaurant_id, business_date, rate_key;

-- Franchise × day, from the restaurant days.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, 0, period, key, SUM(n), SUM(qty), SUM(a1), SUM(a2), SUM(a3), 0, 0, 0, 0
FROM rollups WHERE dim = 'crate' AND restaurant_id <> 0 AND period >= 10000000
GROUP BY franchise_id, dim, period, key;

-- Months (restaurant and franchise), from the days.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, restaurant_id, period / 100, key, SUM(n), SUM(qty), SUM(a1), SUM(a2), SUM(a3), 0, 0, 0, 0
FROM rollups WHERE dim = 'crate' AND period >= 10000000
GROUP BY franchise_id, dim, restaurant_id, period / 100, key;

-- Years, from the months.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, restaurant_id, period / 100, key, SUM(n), SUM(qty), SUM(a1), SUM(a2), SUM(a3), 0, 0, 0, 0
FROM rollups WHERE dim = 'crate' AND period BETWEEN 100000 AND 999999
GROUP BY franchise_id, dim, restaurant_id, period / 100, key;
