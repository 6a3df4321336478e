-- AlterTable
ALTER TABLE "api_clients" ALTER COLUMN "configuration_id" DROP NOT NULL;

