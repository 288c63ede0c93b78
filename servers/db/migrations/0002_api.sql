CREATE SCHEMA "api";
--> statement-breakpoint
CREATE TABLE "api"."blocks" (
	"chain_id" text NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	CONSTRAINT "blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE "api"."cursors" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api"."nft_owners" (
	"chain_id" text NOT NULL,
	"token" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"owner" text NOT NULL,
	"block_number" bigint NOT NULL,
	CONSTRAINT "nft_owners_chain_id_token_token_id_pk" PRIMARY KEY("chain_id","token","token_id")
);
--> statement-breakpoint
CREATE TABLE "api"."tokens" (
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"standard" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer,
	CONSTRAINT "tokens_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "api"."transfers" (
	"chain_id" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"log_index" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"token_id" numeric(78, 0),
	"tx_from" text NOT NULL,
	"tx_to" text NOT NULL,
	"tx_nonce" bigint,
	CONSTRAINT "transfers_chain_id_block_number_tx_index_log_index_pk" PRIMARY KEY("chain_id","block_number","tx_index","log_index")
);
--> statement-breakpoint
CREATE INDEX "nft_owners_owner" ON "api"."nft_owners" USING btree ("chain_id","owner","token","token_id");--> statement-breakpoint
CREATE INDEX "transfers_from" ON "api"."transfers" USING btree ("chain_id","from_address","block_number","tx_index");--> statement-breakpoint
CREATE INDEX "transfers_to" ON "api"."transfers" USING btree ("chain_id","to_address","block_number","tx_index");