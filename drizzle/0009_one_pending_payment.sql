-- A database may already hold several pending payments for one student and course (parallel
-- checkouts before this index). The newest stays pending; the older ones become failed, 'superseded':
-- verify still asks the provider about them, so one paid after all still settles (and, the student
-- being enrolled by then, is flagged for refund as any second payment is).
UPDATE "payments" SET "status" = 'failed', "failure_reason" = 'superseded', "updated_at" = now()
WHERE "status" = 'pending' AND "id" NOT IN (
  SELECT DISTINCT ON ("student_id", "course_id") "id" FROM "payments"
  WHERE "status" = 'pending'
  ORDER BY "student_id", "course_id", "created_at" DESC, "id" DESC
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_key" ON "payments" USING btree ("student_id","course_id") WHERE "payments"."status" = 'pending';
