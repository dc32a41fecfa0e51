-- Scheduled summaries (issue 18): a login subscribes an e-mail address to a
-- daily or weekly summary of its franchise's sales, over every restaurant it
-- sees (restaurant_id 0) or one of them. last_period is the last period
-- mailed (daily: the day AAAA-MM-JJ; weekly: its Monday), so that a summary
-- goes out once per period; the background job that sends it is queued under
-- a dedupe key (subscription, period) so that two instances never both send.
-- Keep in step with ../postgres/0016_summary_subscriptions.sql.
CREATE TABLE summary_subscriptions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    franchise_id  INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    frequency     TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly')),
    restaurant_id INTEGER NOT NULL DEFAULT 0,
    email         TEXT NOT NULL,
    last_period   TEXT NOT NULL DEFAULT '',
    created_at    DATETIME NOT NULL
);
CREATE INDEX summary_subscriptions_by_user ON summary_subscriptions (franchise_id, user_id, id);
