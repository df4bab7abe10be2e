ALTER TABLE "ai_templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "josies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;