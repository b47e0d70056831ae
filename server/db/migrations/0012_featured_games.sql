CREATE TABLE "featured_game_daily" (
	"featured_game_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"store_clicks" integer DEFAULT 0 NOT NULL,
	"trailer_clicks" integer DEFAULT 0 NOT NULL,
	"campaign_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "featured_game_daily_featured_game_id_day_pk" PRIMARY KEY("featured_game_id","day")
);
--> statement-breakpoint
CREATE TABLE "featured_games" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text,
	"company_id" text,
	"company_game_id" text,
	"slug" text NOT NULL,
	"game_name" text NOT NULL,
	"studio_name" text NOT NULL,
	"short_description" text NOT NULL,
	"details_md" text DEFAULT '' NOT NULL,
	"details_html" text DEFAULT '' NOT NULL,
	"image_url" text NOT NULL,
	"store_url" text NOT NULL,
	"youtube_video_id" text,
	"release_status" text NOT NULL,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feature_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"schedule_status" text DEFAULT 'scheduled' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"approved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_games_schedule_status_check" CHECK ("featured_games"."schedule_status" in ('scheduled', 'active', 'finished', 'expired')),
	CONSTRAINT "featured_games_feature_type_check" CHECK ("featured_games"."feature_type" in ('homepage', 'details_page', 'both')),
	CONSTRAINT "featured_games_dates_check" CHECK ("featured_games"."ends_at" > "featured_games"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "featured_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"submitted_by" text,
	"company_id" text,
	"company_game_id" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"studio_name" text NOT NULL,
	"game_name" text NOT NULL,
	"short_description" text NOT NULL,
	"store_url" text NOT NULL,
	"youtube_url" text NOT NULL,
	"image_url" text NOT NULL,
	"release_status" text NOT NULL,
	"feature_type" text NOT NULL,
	"promo_code_id" text,
	"promo_code" text,
	"price_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"duration_days" integer NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"review_note" text,
	"rejection_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "featured_submissions_status_check" CHECK ("featured_submissions"."status" in ('pending_payment', 'pending_review', 'pending_approval', 'approved', 'rejected')),
	CONSTRAINT "featured_submissions_feature_type_check" CHECK ("featured_submissions"."feature_type" in ('homepage', 'details_page', 'both')),
	CONSTRAINT "featured_submissions_release_status_check" CHECK ("featured_submissions"."release_status" in ('released', 'early_access', 'unreleased')),
	CONSTRAINT "featured_submissions_amounts_check" CHECK ("featured_submissions"."price_minor" >= 0 and "featured_submissions"."discount_minor" >= 0 and "featured_submissions"."amount_minor" = "featured_submissions"."price_minor" - "featured_submissions"."discount_minor"),
	CONSTRAINT "featured_submissions_short_description_check" CHECK (char_length("featured_submissions"."short_description") <= 280)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" text,
	"applied" boolean DEFAULT false NOT NULL,
	"created_at_provider" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_id" text,
	"checkout_url" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"refund_status" text,
	"provider_refund_id" text,
	"refunded_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'processing', 'success', 'fail', 'cancelled')),
	CONSTRAINT "payments_refund_status_check" CHECK ("payments"."refund_status" is null or "payments"."refund_status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promo_code_id" text NOT NULL,
	"submission_id" text,
	"payment_id" text,
	"discount_minor" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer DEFAULT 0 NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_discount_type_check" CHECK ("promo_codes"."discount_type" in ('percentage', 'fixed')),
	CONSTRAINT "promo_codes_discount_value_check" CHECK ("promo_codes"."discount_value" > 0 and ("promo_codes"."discount_type" <> 'percentage' or "promo_codes"."discount_value" <= 100)),
	CONSTRAINT "promo_codes_max_uses_check" CHECK ("promo_codes"."max_uses" >= 0),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses_count" >= 0 and ("promo_codes"."max_uses" = 0 or "promo_codes"."uses_count" <= "promo_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "studio_mail_consent" (
	"company_id" text PRIMARY KEY NOT NULL,
	"agreed" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_promotion_mails" (
	"promotion_id" text NOT NULL,
	"mail_id" bigint NOT NULL,
	"company_id" text,
	CONSTRAINT "studio_promotion_mails_promotion_id_mail_id_pk" PRIMARY KEY("promotion_id","mail_id")
);
--> statement-breakpoint
CREATE TABLE "studio_promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"featured_game_id" text,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_promotions_status_check" CHECK ("studio_promotions"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "featured_game_daily" ADD CONSTRAINT "featured_game_daily_featured_game_id_featured_games_id_fk" FOREIGN KEY ("featured_game_id") REFERENCES "public"."featured_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_games" ADD CONSTRAINT "featured_games_submission_id_featured_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."featured_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_games" ADD CONSTRAINT "featured_games_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_games" ADD CONSTRAINT "featured_games_company_game_id_company_games_id_fk" FOREIGN KEY ("company_game_id") REFERENCES "public"."company_games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_games" ADD CONSTRAINT "featured_games_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_submissions" ADD CONSTRAINT "featured_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_submissions" ADD CONSTRAINT "featured_submissions_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_submissions" ADD CONSTRAINT "featured_submissions_company_game_id_company_games_id_fk" FOREIGN KEY ("company_game_id") REFERENCES "public"."company_games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_submissions" ADD CONSTRAINT "featured_submissions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "featured_submissions" ADD CONSTRAINT "featured_submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_submission_id_featured_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."featured_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_submission_id_featured_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."featured_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_mail_consent" ADD CONSTRAINT "studio_mail_consent_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_promotion_mails" ADD CONSTRAINT "studio_promotion_mails_promotion_id_studio_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."studio_promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_promotion_mails" ADD CONSTRAINT "studio_promotion_mails_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_promotion_mails" ADD CONSTRAINT "studio_promotion_mails_company_id_company_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_promotions" ADD CONSTRAINT "studio_promotions_featured_game_id_featured_games_id_fk" FOREIGN KEY ("featured_game_id") REFERENCES "public"."featured_games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_promotions" ADD CONSTRAINT "studio_promotions_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "featured_games_slug_idx" ON "featured_games" USING btree (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "featured_games_submission_idx" ON "featured_games" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "featured_games_schedule_idx" ON "featured_games" USING btree ("schedule_status","starts_at");--> statement-breakpoint
CREATE INDEX "featured_games_company_idx" ON "featured_games" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "featured_submissions_status_idx" ON "featured_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "featured_submissions_company_idx" ON "featured_submissions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_session_idx" ON "payments" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE INDEX "payments_submission_idx" ON "payments" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_idx" ON "payments" USING btree ("submission_id") WHERE "payments"."status" = 'success';--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_submission_idx" ON "promo_code_uses" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_idx" ON "promo_code_uses" USING btree ("promo_code_id","used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "studio_promotions_created_idx" ON "studio_promotions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_game_idx" ON "analytics_events" USING btree ("game_id","created_at") WHERE "analytics_events"."game_id" is not null;