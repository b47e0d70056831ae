-- Issue 12 point 7: views counted once per visitor per day (thread_views, threads.view_count), how far each
-- member has read a thread (thread_reads: unread markers and the "new posts" line), a colour per forum.
CREATE TABLE "thread_reads" (
	"user_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"last_read_number" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "thread_views" (
	"day" date NOT NULL,
	"thread_id" text NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "thread_views_day_thread_id_visitor_pk" PRIMARY KEY("day","thread_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "forums" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_reads_thread_idx" ON "thread_reads" USING btree ("thread_id");