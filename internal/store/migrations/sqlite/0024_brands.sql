-- Brands (issue 19): a franchise runs several brands; a brand has its
-- cartes, its logo and its colours; a restaurant (or a food-court site)
-- serves several brands. name_key is the name folded (case, accents and
-- spaces ignored) so that two brands of a franchise cannot be named alike.
-- A carte belongs to one brand at most (brand_campaigns.campaign_id is
-- unique): a product sold is then counted for one brand only.
-- Keep in step with ../postgres/0024_brands.sql.
CREATE TABLE brands (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id    INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    name_key        TEXT NOT NULL,
    logo_url        TEXT NOT NULL DEFAULT '',
    primary_color   TEXT NOT NULL,
    secondary_color TEXT NOT NULL,
    version         INTEGER NOT NULL DEFAULT 1,
    created_at      DATETIME NOT NULL,
    updated_at      DATETIME NOT NULL
);
CREATE UNIQUE INDEX brands_by_name ON brands (franchise_id, name_key);

CREATE TABLE brand_campaigns (
    brand_id     INTEGER NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    PRIMARY KEY (brand_id, campaign_id)
);
CREATE UNIQUE INDEX brand_campaigns_once ON brand_campaigns (campaign_id);

CREATE TABLE brand_restaurants (
    brand_id      INTEGER NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id) ON DELETE CASCADE,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    PRIMARY KEY (brand_id, restaurant_id)
);
CREATE INDEX brand_restaurants_by_restaurant ON brand_restaurants (restaurant_id);
