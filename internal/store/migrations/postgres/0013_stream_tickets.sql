-- Stream tickets: the browser's EventSource cannot send an Authorization
-- header, and a bearer token in a URL ends up in access logs, proxies and
-- the browser's history. The browser trades its token (in the header) for a
-- ticket that opens one stream: random, valid about 30 seconds, used once.
-- Only its SHA-256 is kept, like password_resets. A table rather than an
-- in-memory set so that an instance behind the load balancer accepts the
-- tickets another one issued, and a redeemed ticket is gone for all of them.
-- Keep in step with ../sqlite/0013_stream_tickets.sql.
CREATE TABLE stream_tickets (
    ticket_hash     TEXT PRIMARY KEY,
    user_id         BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- The franchise the token was issued for (0: none, a super-admin's own
    -- session): a login moved elsewhere since loses its tickets too.
    franchise_id    BIGINT NOT NULL,
    -- The super-admin behind an "open as admin" session, or 0.
    impersonator_id BIGINT NOT NULL,
    expires_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX stream_tickets_by_expiry ON stream_tickets (expires_at);
