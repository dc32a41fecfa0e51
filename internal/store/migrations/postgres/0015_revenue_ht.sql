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

UPDATE rollups SET a3 = COALESCE((SELECT SUM(r.a3) FROM rollups r
        WHERE r.franchise_id = rollups.franchise_id AND r.dim = 'rest'
          AND r.restaurant_id <> 0 AND r.period = rollups.period), 0)
WHERE dim = 'rest' AND restaurant_id = 0;
