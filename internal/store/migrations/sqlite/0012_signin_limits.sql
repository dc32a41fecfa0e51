-- Sign-in limits that hold under concurrent attempts and across instances.
-- signin_attempts logged failures after the password check, so forty
-- attempts sent at once were all checked. signin_limits keeps one row per
-- login and per client address: an attempt is counted (failures + 1,
-- blocked_until moved) in the same transaction that reads the row, before
-- its password is checked, and a success forgives it. Rows quiet for the
-- forgiveness window are deleted by the auth service.
-- Keep in step with ../postgres/0012_signin_limits.sql.
CREATE TABLE signin_limits (
    scope           TEXT NOT NULL CHECK (scope IN ('login', 'ip')),
    subject         TEXT NOT NULL,
    failures        INTEGER NOT NULL,
    last_failure_at DATETIME NOT NULL,
    blocked_until   DATETIME NOT NULL,
    PRIMARY KEY (scope, subject)
);
CREATE INDEX signin_limits_by_last_failure ON signin_limits (last_failure_at);

DROP TABLE signin_attempts;
