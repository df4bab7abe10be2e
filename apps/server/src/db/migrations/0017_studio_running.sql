CREATE TABLE "studio_josie_running" (
	"josie_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	"plays" integer NOT NULL,
	"likes" integer NOT NULL,
	"saves" integer NOT NULL,
	"shares" integer NOT NULL,
	"comments" integer NOT NULL,
	"also_on" integer NOT NULL,
	CONSTRAINT "studio_josie_running_josie_id_day_pk" PRIMARY KEY("josie_id","day")
);
--> statement-breakpoint
ALTER TABLE "studio_josie_running" ADD CONSTRAINT "studio_josie_running_josie_id_josies_id_fk" FOREIGN KEY ("josie_id") REFERENCES "public"."josies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The running totals of the days already counted (decision 0050, amended): each josie's daily totals summed in
-- day order. Taken in the rollup's lock, so no run adds days between this sum and the table's first use.
SELECT 1 FROM "studio_marks" WHERE "name" = 'rollup' FOR UPDATE;--> statement-breakpoint
INSERT INTO "studio_josie_running" ("josie_id", "day", "views", "plays", "likes", "saves", "shares", "comments", "also_on")
SELECT "josie_id", "day",
	sum("views") OVER w, sum("plays") OVER w, sum("likes") OVER w, sum("saves") OVER w,
	sum("shares") OVER w, sum("comments") OVER w, sum("also_on") OVER w
FROM (
	SELECT "josie_id", "day",
		coalesce(sum("count") FILTER (WHERE "metric" = 'views'), 0) AS "views",
		coalesce(sum("count") FILTER (WHERE "metric" = 'plays'), 0) AS "plays",
		coalesce(sum("count") FILTER (WHERE "metric" = 'likes'), 0) AS "likes",
		coalesce(sum("count") FILTER (WHERE "metric" = 'saves'), 0) AS "saves",
		coalesce(sum("count") FILTER (WHERE "metric" = 'shares'), 0) AS "shares",
		coalesce(sum("count") FILTER (WHERE "metric" = 'comments'), 0) AS "comments",
		coalesce(sum("count") FILTER (WHERE "metric" = 'alsoOn'), 0) AS "also_on"
	FROM "studio_josie_days"
	WHERE "dim" = '' AND "metric" IN ('views', 'plays', 'likes', 'saves', 'shares', 'comments', 'alsoOn')
	GROUP BY "josie_id", "day"
) AS "d"
WINDOW w AS (PARTITION BY "josie_id" ORDER BY "day");
