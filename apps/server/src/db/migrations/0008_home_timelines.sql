CREATE TABLE "home_feed_entries" (
	"user_id" uuid NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"josie_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	CONSTRAINT "home_feed_entries_user_id_published_at_josie_id_pk" PRIMARY KEY("user_id","published_at","josie_id")
);
--> statement-breakpoint
CREATE TABLE "home_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "follows_curator_idx";--> statement-breakpoint
ALTER TABLE "home_feed_entries" ADD CONSTRAINT "home_feed_entries_user_id_home_feeds_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."home_feeds"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_feed_entries" ADD CONSTRAINT "home_feed_entries_josie_id_josies_id_fk" FOREIGN KEY ("josie_id") REFERENCES "public"."josies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_feeds" ADD CONSTRAINT "home_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_feed_entries_josie_idx" ON "home_feed_entries" USING btree ("josie_id");--> statement-breakpoint
CREATE INDEX "follows_curator_follower_idx" ON "follows" USING btree ("curator_id","follower_id");