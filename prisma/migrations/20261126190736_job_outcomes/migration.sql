-- CreateTable
CREATE TABLE "job_outcomes" (
    "key" TEXT NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_outcomes_pkey" PRIMARY KEY ("key")
);

