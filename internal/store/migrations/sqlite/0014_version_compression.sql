-- PostgreSQL only (lz4 compression of carte versions): SQLite stores values
-- as they are. The file keeps both engines' migration numbers in step.
SELECT 1;
