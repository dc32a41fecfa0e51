-- A restaurant login attached to several franchises (issue 19): its own
-- users.franchise_id stays its home; each row here is another franchise it
-- may switch to. Its restaurants there are the user_restaurants rows whose
-- restaurant belongs to that franchise. Detaching deletes the row, and the
-- login's tokens for that franchise are refused at their next call.
-- Keep in step with ../sqlite/0025_user_franchises.sql.
CREATE TABLE user_franchises (
    user_id      BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    franchise_id BIGINT NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    created_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, franchise_id)
);
CREATE INDEX user_franchises_by_franchise ON user_franchises (franchise_id);
