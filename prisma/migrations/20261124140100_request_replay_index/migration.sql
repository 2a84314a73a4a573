-- Request lookup lists the replays a request had. Without an index that meant reading every
-- later record of the project (88 ms at a million records); replays are rare, so a partial
-- index over them alone stays small.
CREATE INDEX "request_records_replay_of_idx" ON "request_records" ("replay_of") WHERE "replay_of" IS NOT NULL;
