-- Closing a franchise (issue 19): a franchise that leaves Brigade is closed
-- by a super-admin, not deleted. Its data stay (a super-admin session can
-- still read and export them); its logins and equipment keys are refused.
-- closed_at is NULL while the franchise is open.
-- Keep in step with ../postgres/0020_franchise_closed.sql.
ALTER TABLE franchises ADD COLUMN closed_at DATETIME;
