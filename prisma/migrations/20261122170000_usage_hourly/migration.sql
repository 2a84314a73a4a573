-- CreateTable
CREATE TABLE "usage_hourly" (
    "hour" TIMESTAMP(3) NOT NULL,
    "project_id" TEXT NOT NULL,
    "outcome" "RequestOutcome" NOT NULL,
    "http_status" INTEGER NOT NULL,
    "requests" INTEGER NOT NULL,
    "quoted" INTEGER NOT NULL,
    "charged" INTEGER NOT NULL,

    CONSTRAINT "usage_hourly_pkey" PRIMARY KEY ("hour","project_id","outcome","http_status")
);

-- CreateTable
CREATE TABLE "usage_rollup" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "rolled_up_to" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "usage_rollup_pkey" PRIMARY KEY ("id")
);
