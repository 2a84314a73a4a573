-- The hourly rollup gains the key and the error code, so the views narrowed to one key, the Keys
-- tab's figures per key and the errors-by-code chart read whole hours from it too, instead of
-- every record of their window. The rollup is derived data: it is rebuilt here from the records,
-- as far as it reached before (usage_rollup), and later hours roll up on read as before.
-- An empty string stands for "no error code" so the code can be part of the primary key.
DROP TABLE "usage_hourly";

CREATE TABLE "usage_hourly" (
    "hour" TIMESTAMP(3) NOT NULL,
    "project_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "outcome" "RequestOutcome" NOT NULL,
    "http_status" INTEGER NOT NULL,
    "error_code" TEXT NOT NULL DEFAULT '',
    "requests" INTEGER NOT NULL,
    "quoted" INTEGER NOT NULL,
    "charged" INTEGER NOT NULL,
    "allowance_used" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "usage_hourly_pkey" PRIMARY KEY ("hour","project_id","key_id","outcome","http_status","error_code")
);

INSERT INTO "usage_hourly" ("hour", "project_id", "key_id", "outcome", "http_status", "error_code", "requests", "quoted", "charged", "allowance_used")
SELECT date_trunc('hour', "created_at"), "project_id", "key_id", "outcome", "http_status", coalesce("error_code", ''), count(*)::int, sum("quoted")::int, sum("charged")::int, sum("allowance_used")::int
FROM "request_records"
WHERE "created_at" < (SELECT "rolled_up_to" FROM "usage_rollup" WHERE "id" = 1)
GROUP BY 1, 2, 3, 4, 5, 6;
