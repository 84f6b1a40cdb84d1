CREATE TABLE "catalogue_release" (
	"name" text PRIMARY KEY NOT NULL,
	"build_id" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"port" integer NOT NULL,
	"build_id" text NOT NULL,
	"uploads_dir" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
