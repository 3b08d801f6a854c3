import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261124080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "monobank_withdrawal" ("id" text not null, "order_id" text not null, "store_order_id" text not null, "store_id" text not null, "reason" text not null, "attempts" integer not null default 0, "last_error" text null, "outcome" text null, "settled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "monobank_withdrawal_pkey" primary key ("id"));`
    )
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_monobank_withdrawal_order_id_unique" ON "monobank_withdrawal" ("order_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_withdrawal_deleted_at" ON "monobank_withdrawal" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monobank_withdrawal" cascade;`)
  }
}
