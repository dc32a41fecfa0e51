-- Two narrow partial indexes for the two reports the rollups cannot answer
-- alone (issue 18): the cancelled orders (every status but paid and
-- pending, orders.CountsAsCancelled) per equipment and their latest list,
-- and the paid click & collect orders per hour of the day (the hour cells
-- carry no source). Each covers its query: a year of them reads only
-- these few percent of the orders, from the index.
-- Keep in step with ../postgres/0017_cancelled_collect_orders.sql (the same statements).

CREATE INDEX orders_cancelled ON orders (franchise_id, business_date, restaurant_id, equipment_id, status, total_cents)
    WHERE status NOT IN ('paid', 'pending');
CREATE INDEX orders_collect_paid ON orders (franchise_id, business_date, restaurant_id, paid_unix, total_cents)
    WHERE source = 'clickncollect' AND status = 'paid';
