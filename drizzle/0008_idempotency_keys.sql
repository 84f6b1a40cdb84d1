CREATE TABLE "idempotency_keys" (
	"student_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request" text NOT NULL,
	"status" integer,
	"answer" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_student_id_key_pk" PRIMARY KEY("student_id","key"),
	CONSTRAINT "idempotency_keys_key_check" CHECK ("idempotency_keys"."key" ~ '^[A-Za-z0-9_-]{1,64}$')
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");