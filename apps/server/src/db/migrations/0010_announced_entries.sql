DROP INDEX "notification_actors_recent_idx";--> statement-breakpoint
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "notification_actors_recent_idx" ON "notification_actors" USING btree ("notification_id","created_at" DESC NULLS LAST,"actor_id");