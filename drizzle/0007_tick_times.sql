ALTER TABLE "material_progress" ALTER COLUMN "completed_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "material_progress" ADD COLUMN "changed_at" timestamp with time zone;--> statement-breakpoint
-- Every row so far is a tick (an untick deleted its row): its state changed when it was ticked.
UPDATE "material_progress" SET "changed_at" = "completed_at";--> statement-breakpoint
ALTER TABLE "material_progress" ALTER COLUMN "changed_at" SET NOT NULL;
