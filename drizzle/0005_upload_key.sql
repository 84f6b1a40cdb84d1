ALTER TABLE "uploads" ADD COLUMN "upload_key" text;--> statement-breakpoint
-- Uploads not yet confirmed still have their file at the key their upload URL names.
UPDATE "uploads" SET "upload_key" = "file_key" WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_upload_key_key" ON "uploads" USING btree ("upload_key");
