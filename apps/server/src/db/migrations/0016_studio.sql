CREATE TABLE "studio_curator_days" (
	"curator_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"dim" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "studio_curator_days_curator_id_metric_dim_day_pk" PRIMARY KEY("curator_id","metric","dim","day")
);
--> statement-breakpoint
CREATE TABLE "studio_firsts" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"reader" text NOT NULL,
	CONSTRAINT "studio_firsts_day_kind_subject_reader_pk" PRIMARY KEY("day","kind","subject","reader")
);
--> statement-breakpoint
CREATE TABLE "studio_josie_days" (
	"josie_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"dim" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "studio_josie_days_josie_id_metric_dim_day_pk" PRIMARY KEY("josie_id","metric","dim","day")
);
--> statement-breakpoint
CREATE TABLE "studio_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"xid" "xid8" NOT NULL,
	"last_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "reader" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_curator_days" ADD CONSTRAINT "studio_curator_days_curator_id_users_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_josie_days" ADD CONSTRAINT "studio_josie_days_josie_id_josies_id_fk" FOREIGN KEY ("josie_id") REFERENCES "public"."josies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_xid_idx" ON "analytics_events" USING btree ("xid","id");