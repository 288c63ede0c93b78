CREATE TABLE "frame"."social_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "frame"."social_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"binding_hash" text NOT NULL,
	"provider" text NOT NULL,
	"project_id" text NOT NULL,
	"host_origin" text NOT NULL,
	"return_url" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "frame"."users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "frame"."social_identities" ADD CONSTRAINT "social_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "frame"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_identities_user" ON "frame"."social_identities" USING btree ("user_id");