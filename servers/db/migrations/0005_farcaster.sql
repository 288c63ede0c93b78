CREATE TABLE "frame"."farcaster_requests" (
	"channel_hash" text PRIMARY KEY NOT NULL,
	"binding_hash" text NOT NULL,
	"project_id" text NOT NULL,
	"host_origin" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
