CREATE SCHEMA "frame";
--> statement-breakpoint
CREATE TABLE "frame"."codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"code_hash" text NOT NULL,
	"new_email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "frame"."cooldowns" (
	"key" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frame"."device_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"device_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	CONSTRAINT "device_approvals_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "frame"."devices" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "frame"."key_shares" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"namespace" text NOT NULL,
	"auth_share" text NOT NULL,
	"recovery_share" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "key_shares_user_id_device_id_namespace_pk" PRIMARY KEY("user_id","device_id","namespace")
);
--> statement-breakpoint
CREATE TABLE "frame"."rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "frame"."refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "frame"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"project_id" text NOT NULL,
	"recovery" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "frame"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "frame"."wallets" (
	"user_id" uuid NOT NULL,
	"namespace" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallets_user_id_namespace_pk" PRIMARY KEY("user_id","namespace")
);
--> statement-breakpoint
ALTER TABLE "frame"."devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "frame"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame"."key_shares" ADD CONSTRAINT "key_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "frame"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "frame"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "frame"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame"."wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "frame"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codes_key" ON "frame"."codes" USING btree ("key");--> statement-breakpoint
CREATE INDEX "device_approvals_email_device" ON "frame"."device_approvals" USING btree ("email","device_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "frame"."refresh_tokens" USING btree ("session_id");