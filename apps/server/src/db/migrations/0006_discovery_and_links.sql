CREATE TABLE "item_links" (
	"item_url" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"artist_name" text DEFAULT '' NOT NULL,
	"thumbnail_url" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_failure_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_links_status_idx" ON "item_links" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "item_links_resolved_idx" ON "item_links" USING btree ("resolved_at");--> statement-breakpoint
CREATE INDEX "josie_likes_recent_idx" ON "josie_likes" USING btree ("josie_id","created_at");--> statement-breakpoint
CREATE INDEX "josies_paragraphs_idx" ON "josies" USING gin ("paragraphs" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "josies_published_idx" ON "josies" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "josies"."status" = 'published';