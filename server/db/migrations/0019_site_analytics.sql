CREATE TABLE "site_analytics_daily" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_analytics_daily_dimension_day_key_pk" PRIMARY KEY("dimension","day","key"),
	CONSTRAINT "site_analytics_daily_dimension_check" CHECK ("site_analytics_daily"."dimension" in ('total', 'page', 'referrer', 'country', 'device', 'event'))
);
--> statement-breakpoint
CREATE TABLE "site_analytics_top" (
	"window_days" integer NOT NULL,
	"to_day" date NOT NULL,
	"dimension" text NOT NULL,
	"rank" integer NOT NULL,
	"key" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "site_analytics_top_window_days_to_day_dimension_rank_pk" PRIMARY KEY("window_days","to_day","dimension","rank")
);
