CREATE TABLE "job_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"offer_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"experience" text NOT NULL,
	"portfolio_url" text,
	"resume_key" text NOT NULL,
	"resume_bytes" integer NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decisions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_status" CHECK ("job_applications"."status" in ('pending', 'accepted', 'rejected')),
	CONSTRAINT "job_applications_private_resume" CHECK ("job_applications"."resume_key" like 'private/%')
);
--> statement-breakpoint
CREATE TABLE "job_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"title_es" text NOT NULL,
	"title_en" text NOT NULL,
	"description_es" text NOT NULL,
	"description_en" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_offers_status" CHECK ("job_offers"."status" in ('open', 'closed')),
	CONSTRAINT "job_offers_closed_at" CHECK (("job_offers"."status" = 'closed') = ("job_offers"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_offer_id_job_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."job_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_offer_idx" ON "job_applications" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_status_idx" ON "job_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "job_offers_status_idx" ON "job_offers" USING btree ("status","created_at");