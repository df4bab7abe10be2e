ALTER TABLE "josies" ADD COLUMN "genres" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "josies_genres_idx" ON "josies" USING gin ("genres");