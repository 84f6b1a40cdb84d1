ALTER TABLE "payments" ADD COLUMN "authorization_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "needs_refund" boolean DEFAULT false NOT NULL;