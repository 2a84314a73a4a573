-- What a trial key's allowance paid for each call. Until now such a call was recorded
-- as charged 0 with nothing saying the allowance paid; older records keep 0 here, as
-- which of them the allowance paid cannot be told apart afterwards.
ALTER TABLE "request_records" ADD COLUMN "allowance_used" INTEGER NOT NULL DEFAULT 0;

-- The hourly rollup sums it like quoted and charged.
ALTER TABLE "usage_hourly" ADD COLUMN "allowance_used" INTEGER NOT NULL DEFAULT 0;
