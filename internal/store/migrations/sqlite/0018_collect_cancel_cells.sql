-- Two rollup dimensions for the click & collect and Mes Annulations reports
-- (issue 18), which read raw orders through the partial indexes of 0017:
--   chour  key yyyymmddhh (UTC)  the paid click & collect orders' hour cells
--                                (n, a1 Total), day grain, restaurant and
--                                franchise rows, as 'hour';
--   cwhour key w|hh (UTC)        their week-hour twin, month grain, as 'whour';
--   cequip key equipment|status  the orders that count as cancelled (every
--                                status but paid and pending; n, a1 Total),
--                                restaurant × day, month and year only, as 'equip'.
-- The orders service writes them from now on; the orders already stored get
-- them from their raw rows here. The peak hours no longer read orders: the
-- orders_collect_paid index goes (orders_cancelled stays, for the list of
-- the latest cancelled orders).
-- Keep in step with ../postgres/0018_collect_cancel_cells.sql (the same rows; only
-- the date and character functions differ; PostgreSQL analyses the table after).

-- The paid click & collect orders per UTC hour, restaurant × day.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, 'chour', restaurant_id, business_date, strftime('%Y%m%d%H', paid_unix, 'unixepoch'),
       COUNT(*), 0, SUM(total_cents), 0, 0, 0, 0, 0, 0
FROM orders WHERE source = 'clickncollect' AND status = 'paid'
GROUP BY franchise_id, restaurant_id, business_date, strftime('%Y%m%d%H', paid_unix, 'unixepoch');

-- Franchise × day of the hour cells, from the restaurant days.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, 0, period, key, SUM(n), 0, SUM(a1), 0, 0, 0, 0, 0, 0
FROM rollups WHERE dim = 'chour' AND restaurant_id <> 0
GROUP BY franchise_id, dim, period, key;

-- Week hours (month grain, restaurant and franchise rows), from the hour cells.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, 'cwhour', restaurant_id, period / 100, strftime('%w', substr(key, 1, 4) || '-' || substr(key, 5, 2) || '-' || substr(key, 7, 2)) || '|' || substr(key, 9, 2),
       SUM(n), 0, SUM(a1), 0, 0, 0, 0, 0, 0
FROM rollups WHERE dim = 'chour'
GROUP BY franchise_id, restaurant_id, period / 100, strftime('%w', substr(key, 1, 4) || '-' || substr(key, 5, 2) || '-' || substr(key, 7, 2)) || '|' || substr(key, 9, 2);

-- The cancelled orders per equipment and status, restaurant × day.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, 'cequip', restaurant_id, business_date, equipment_id || char(31) || status,
       COUNT(*), 0, SUM(total_cents), 0, 0, 0, 0, 0, 0
FROM orders WHERE status NOT IN ('paid', 'pending')
GROUP BY franchise_id, restaurant_id, business_date, equipment_id || char(31) || status;

-- Months, from the days.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, restaurant_id, period / 100, key, SUM(n), 0, SUM(a1), 0, 0, 0, 0, 0, 0
FROM rollups WHERE dim = 'cequip' AND period >= 10000000
GROUP BY franchise_id, dim, restaurant_id, period / 100, key;

-- Years, from the months.
INSERT INTO rollups (franchise_id, dim, restaurant_id, period, key, n, qty, a1, a2, a3, e_sum, e_n, c1, c2)
SELECT franchise_id, dim, restaurant_id, period / 100, key, SUM(n), 0, SUM(a1), 0, 0, 0, 0, 0, 0
FROM rollups WHERE dim = 'cequip' AND period BETWEEN 100000 AND 999999
GROUP BY franchise_id, dim, restaurant_id, period / 100, key;

DROP INDEX orders_collect_paid;
