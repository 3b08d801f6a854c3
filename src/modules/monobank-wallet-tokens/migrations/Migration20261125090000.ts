import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "monobank_wallet_token" ("id" text not null, "token_hash" text not null, "wallet" text not null, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "monobank_wallet_token_pkey" primary key ("id"));`
    )
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_monobank_wallet_token_token_hash_unique" ON "monobank_wallet_token" ("token_hash") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_wallet_token_expires_at" ON "monobank_wallet_token" ("expires_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_wallet_token_deleted_at" ON "monobank_wallet_token" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monobank_wallet_token" cascade;`)
  }
}
