CREATE TABLE "publishes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"author_email" text NOT NULL,
	"commit" text NOT NULL,
	"files" jsonb NOT NULL,
	"undoes" uuid,
	"log" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"build_id" text,
	"release_dir" text
);
--> statement-breakpoint
ALTER TABLE "catalogue_release" ADD COLUMN "release_dir" text;--> statement-breakpoint
ALTER TABLE "publishes" ADD CONSTRAINT "publishes_author_id_staff_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publishes_created_at_idx" ON "publishes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publishes_one_building" ON "publishes" USING btree ((true)) WHERE "publishes"."status" = 'building' and "publishes"."started_at" is not null;