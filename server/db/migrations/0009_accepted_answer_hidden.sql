-- Issue 11 point 14: a thread is resolved only while its accepted answer is in sight. Threads whose accepted
-- answer was hidden before this rule keep the answer (it comes back when the post is published) but are no
-- longer resolved.
UPDATE "threads" SET "resolved" = false
WHERE "resolved" = true
  AND "accepted_post_id" IN (SELECT "id" FROM "posts" WHERE "hidden" = true);
