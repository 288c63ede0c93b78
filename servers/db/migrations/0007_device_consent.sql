ALTER TABLE "frame"."device_approvals" ADD COLUMN "project_id" text;--> statement-breakpoint
ALTER TABLE "frame"."device_approvals" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "frame"."device_approvals" ADD COLUMN "network" text;--> statement-breakpoint
CREATE TABLE "frame"."device_grants" (
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"project_id" text NOT NULL,
	"device" text NOT NULL,
	"network" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"refused_at" timestamp with time zone,
	"refuse_token_hash" text NOT NULL,
	"shares_sent_at" timestamp with time zone,
	CONSTRAINT "device_grants_user_id_device_id_pk" PRIMARY KEY("user_id","device_id"),
	CONSTRAINT "device_grants_refuse_token_hash_unique" UNIQUE("refuse_token_hash")
);
--> statement-breakpoint
ALTER TABLE "frame"."device_grants" ADD CONSTRAINT "device_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "frame"."users"("id") ON DELETE cascade ON UPDATE no action;
