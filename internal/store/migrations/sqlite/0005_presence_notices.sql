-- Presence (who is online, on which page) and the in-app notices feed.
-- Keep in step with ../postgres/0005_presence_notices.sql.

CREATE TABLE presence (
    user_id      INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    franchise_id INTEGER NOT NULL REFERENCES franchises(id) ON DELETE CASCADE,
    role         TEXT NOT NULL,
    user_name    TEXT NOT NULL DEFAULT '',
    source       TEXT NOT NULL DEFAULT 'Login',
    page         TEXT NOT NULL DEFAULT '',
    online       BOOLEAN NOT NULL DEFAULT FALSE,
    last_active  DATETIME NOT NULL
);
CREATE INDEX presence_by_franchise ON presence (franchise_id, last_active);

CREATE TABLE notices (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    title             TEXT NOT NULL,
    notice_date       TEXT NOT NULL,
    type              TEXT NOT NULL DEFAULT 'new_feature',
    short_description TEXT NOT NULL DEFAULT '',
    content           TEXT NOT NULL DEFAULT '',
    content_url       TEXT NOT NULL DEFAULT '',
    roles             TEXT NOT NULL DEFAULT 'admin,guest',
    domain_name       TEXT NOT NULL DEFAULT '',
    created_at        DATETIME NOT NULL,
    updated_at        DATETIME NOT NULL
);

CREATE TABLE notice_reads (
    user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    notice_id INTEGER NOT NULL REFERENCES notices(id) ON DELETE CASCADE,
    read_at   DATETIME NOT NULL,
    PRIMARY KEY (user_id, notice_id)
);

CREATE TABLE notice_tooltips (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    seen_at DATETIME NOT NULL
);
