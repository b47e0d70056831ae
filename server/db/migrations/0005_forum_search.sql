-- Adding a stored generated column computes it for every existing row: this is the backfill.
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(public.search_vector(public.search_html_text("body_html")), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(public.search_vector("title"), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "threads_search_idx" ON "threads" USING gin ("search_vector");