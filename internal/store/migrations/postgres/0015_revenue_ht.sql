-- The HT of the paid orders in the 'rest' cells (a3, unused until now): the
-- revenue report reads its day buckets from one row per restaurant and day,
-- or from the franchise rows, instead of the 'vat' cells' row per
-- equipment and rate, kept per restaurant only. The orders service writes
-- it from now on (the sum of each order's VAT lines' HT, as the vat cells
-- hold it); the cells already stored get it from the vat cells of the same
-- restaurant and period (day, month and year), and the franchise rows from
-- their restaurants' rows.
-- Keep in step with ../sqlite/0015_revenue_ht.sql (the same statements).

UPDATE rollups SET a3 = COALESCE((SELECT SUM(v.a1) FROM rollups v
        WHERE v.franchise_id = rollups.franchise_id AND v.dim = 'vat'
          AND v.restaurant_id = rollups.restaurant_id AND v.period = rollups.period), 0)
WHERE dim = 'rest' AND restaurant_id <> 0;

-- The franchise rows from one grouped pass over the restaurant rows (a
-- subquery per franchise row would read every restaurant row again for
-- each period: quadratic in the number of days).
UPDATE rollups SET a3 = t.ht
FROM (SELECT franchise_id, period, SUM(a3) AS ht FROM rollups
        WHERE dim = 'rest' AND restaurant_id <> 0 GROUP BY franchise_id, period) AS t
WHERE rollups.dim = 'rest' AND rollups.restaurant_id = 0
  AND rollups.franchise_id = t.franchise_id AND rollups.period = t.period;
