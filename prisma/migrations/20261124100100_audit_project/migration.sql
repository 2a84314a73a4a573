-- Each audit entry names the project it touched, so an owner can read their project's own
-- trail. Entries already written get theirs from their target: the project itself, or the
-- project of the key. Others (users, settings, cards) touch no project and keep null.
ALTER TABLE "audit_log" ADD COLUMN "project_id" TEXT;

UPDATE "audit_log" SET "project_id" = "target_id" WHERE "target_type" = 'project';
UPDATE "audit_log" a SET "project_id" = k."project_id" FROM "api_keys" k WHERE a."target_type" = 'key' AND k."id" = a."target_id";

CREATE INDEX "audit_log_project_id_created_at_idx" ON "audit_log"("project_id", "created_at");
