CREATE TABLE "outbox_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" "xid8" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "josie_likes" ADD COLUMN "created_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "josie_likes_xid_idx" ON "josie_likes" USING btree ("created_xid");--> statement-breakpoint
-- Written by hand below this line. The like notifications' cursor starts after every like that exists now:
-- those were told by the queue's jobs (docs/decisions/0034-a-like-in-one-statement.md). The migrations run in
-- one transaction, so the likes stamped by the new column above carry this very id, and only likes added
-- later are read.
INSERT INTO "outbox_cursors" ("name", "position") VALUES ('likes', pg_current_xact_id());--> statement-breakpoint
-- Statistics for the new column, which the reads of the likes range over by its index.
ANALYZE "josie_likes";
