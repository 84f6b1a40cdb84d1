CREATE TABLE "mail_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_links_purpose_check" CHECK ("mail_links"."purpose" in ('verify_email', 'reset_password'))
);
--> statement-breakpoint
CREATE TABLE "signup_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"phone_number" text,
	"home_address" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_links" ADD CONSTRAINT "mail_links_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_claims" ADD CONSTRAINT "signup_claims_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_links_token_hash_key" ON "mail_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mail_links_student_id_idx" ON "mail_links" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signup_claims_token_hash_key" ON "signup_claims" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signup_claims_student_id_idx" ON "signup_claims" USING btree ("student_id");