CREATE TABLE "api"."names" (
	"name" text PRIMARY KEY NOT NULL,
	"coin_type" bigint NOT NULL,
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "names_address" ON "api"."names" USING btree ("address","created_at");