CREATE SCHEMA "siwx";
--> statement-breakpoint
CREATE TABLE "siwx"."nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "siwx"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"address" text NOT NULL,
	"chain_id" text NOT NULL,
	"domain" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "nonces_expires_at" ON "siwx"."nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at" ON "siwx"."sessions" USING btree ("expires_at");