-- What request lookup shows beside the code: the failure's message as the caller got it,
-- and, for an idempotent replay, the request whose stored answer it returned (the caller
-- saw that request's id, so a lookup by it must find the replays too). Older records
-- keep null in both: neither can be recovered afterwards.
ALTER TABLE "request_records" ADD COLUMN "error_message" TEXT;
ALTER TABLE "request_records" ADD COLUMN "replay_of" TEXT;
