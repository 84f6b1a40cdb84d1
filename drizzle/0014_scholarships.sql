CREATE TABLE "scholarship_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scholarship_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"held_by" uuid,
	"held_until" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_by" uuid,
	"seat_freed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scholarship_courses" (
	"scholarship_id" uuid NOT NULL,
	"course_id" text NOT NULL,
	CONSTRAINT "scholarship_courses_scholarship_id_course_id_pk" PRIMARY KEY("scholarship_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"partner" text NOT NULL,
	"discount_percent" integer NOT NULL,
	"seats" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scholarships_discount_check" CHECK ("scholarships"."discount_percent" between 1 and 100),
	CONSTRAINT "scholarships_seats_check" CHECK ("scholarships"."seats" > 0),
	CONSTRAINT "scholarships_window_check" CHECK ("scholarships"."ends_at" > "scholarships"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "scholarship_code_id" uuid;--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "discount_kobo" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "scholarship_code_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_kobo" integer;--> statement-breakpoint
ALTER TABLE "scholarship_codes" ADD CONSTRAINT "scholarship_codes_scholarship_id_scholarships_id_fk" FOREIGN KEY ("scholarship_id") REFERENCES "public"."scholarships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarship_codes" ADD CONSTRAINT "scholarship_codes_held_by_students_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarship_codes" ADD CONSTRAINT "scholarship_codes_used_by_students_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarship_courses" ADD CONSTRAINT "scholarship_courses_scholarship_id_scholarships_id_fk" FOREIGN KEY ("scholarship_id") REFERENCES "public"."scholarships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarship_courses" ADD CONSTRAINT "scholarship_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_created_by_staff_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scholarship_codes_code_hash_key" ON "scholarship_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "scholarship_codes_scholarship_idx" ON "scholarship_codes" USING btree ("scholarship_id");--> statement-breakpoint
CREATE INDEX "scholarship_courses_course_idx" ON "scholarship_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "scholarships_created_at_idx" ON "scholarships" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_scholarship_code_id_scholarship_codes_id_fk" FOREIGN KEY ("scholarship_code_id") REFERENCES "public"."scholarship_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_scholarship_code_id_scholarship_codes_id_fk" FOREIGN KEY ("scholarship_code_id") REFERENCES "public"."scholarship_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_scholarship_code_key" ON "enrolments" USING btree ("scholarship_code_id");