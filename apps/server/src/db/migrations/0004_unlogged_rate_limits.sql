-- Rate-limit counters are disposable: skipping the write-ahead log saves a disk flush on every API request.
-- After a crash the table comes back empty, which only forgives the current minute's requests.
ALTER TABLE "rate_limits" SET UNLOGGED;
