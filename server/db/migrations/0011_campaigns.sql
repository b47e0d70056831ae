CREATE TABLE "campaign_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"company_id" text NOT NULL,
	"sealed_value" "bytea" NOT NULL,
	"fingerprint" text NOT NULL,
	"region" text,
	"status" text DEFAULT 'available' NOT NULL,
	"request_id" text,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_keys_status_check" CHECK ("campaign_keys"."status" in ('available', 'claimed', 'revoked')),
	CONSTRAINT "campaign_keys_claim_check" CHECK ("campaign_keys"."status" <> 'claimed' or "campaign_keys"."request_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"game_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"auto_approve" boolean DEFAULT false NOT NULL,
	"min_subscribers" integer DEFAULT 0 NOT NULL,
	"min_average_views" integer DEFAULT 0 NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coverage_days" integer DEFAULT 14 NOT NULL,
	"paused_by_admin" boolean DEFAULT false NOT NULL,
	"pause_reason" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'active', 'paused', 'finished')),
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."ends_at" > "campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "company_games" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"short_description" text NOT NULL,
	"description_md" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"genres" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"store_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trailer_url" text,
	"release_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_games_release_status_check" CHECK ("company_games"."release_status" in ('released', 'early_access', 'unreleased'))
);
--> statement-breakpoint
CREATE TABLE "coverage_links" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL,
	"average_views" integer DEFAULT 0 NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by" text,
	"flagged_at" timestamp with time zone,
	"flag_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"platform" text,
	"region" text,
	"rejection_reason" text,
	"key_id" text,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"coverage_due_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creator_requests_status_check" CHECK ("creator_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "creator_requests_key_check" CHECK ("creator_requests"."status" <> 'approved' or "creator_requests"."key_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "key_reveals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "key_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"created_by" text,
	"sealed_keys" "bytea",
	"counts" jsonb NOT NULL,
	"saved_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_keys" ADD CONSTRAINT "campaign_keys_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_keys" ADD CONSTRAINT "campaign_keys_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_keys" ADD CONSTRAINT "campaign_keys_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_game_id_company_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."company_games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_games" ADD CONSTRAINT "company_games_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_links" ADD CONSTRAINT "coverage_links_request_id_creator_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."creator_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_channels" ADD CONSTRAINT "creator_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_requests" ADD CONSTRAINT "creator_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_requests" ADD CONSTRAINT "creator_requests_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_reveals" ADD CONSTRAINT "key_reveals_key_id_campaign_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."campaign_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_reveals" ADD CONSTRAINT "key_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_uploads" ADD CONSTRAINT "key_uploads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "key_uploads" ADD CONSTRAINT "key_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_keys_company_fingerprint_idx" ON "campaign_keys" USING btree ("company_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_keys_request_idx" ON "campaign_keys" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "campaign_keys_pool_idx" ON "campaign_keys" USING btree ("campaign_id","status","region","created_at");--> statement-breakpoint
CREATE INDEX "campaign_keys_holder_idx" ON "campaign_keys" USING btree ("claimed_by");--> statement-breakpoint
CREATE INDEX "campaigns_company_idx" ON "campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_ends_idx" ON "campaigns" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "campaigns_game_idx" ON "campaigns" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_games_slug_idx" ON "company_games" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "company_games_company_idx" ON "company_games" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_links_request_url_idx" ON "coverage_links" USING btree ("request_id","url");--> statement-breakpoint
CREATE INDEX "creator_channels_user_idx" ON "creator_channels" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_channels_user_url_idx" ON "creator_channels" USING btree ("user_id","url");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_requests_one_per_campaign_idx" ON "creator_requests" USING btree ("campaign_id","creator_id");--> statement-breakpoint
CREATE INDEX "creator_requests_campaign_status_idx" ON "creator_requests" USING btree ("campaign_id","status","created_at");--> statement-breakpoint
CREATE INDEX "creator_requests_creator_idx" ON "creator_requests" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "creator_requests_due_idx" ON "creator_requests" USING btree ("coverage_due_at") WHERE "creator_requests"."reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "key_reveals_key_idx" ON "key_reveals" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE INDEX "key_uploads_campaign_idx" ON "key_uploads" USING btree ("campaign_id","created_at");