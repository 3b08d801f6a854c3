import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122111245 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" drop constraint if exists "monobank_checkout_order_order_ref_unique";`);
    this.addSql(`create table if not exists "monobank_checkout_order" ("id" text not null, "order_ref" text not null, "order_id" text not null, "redirect_url" text not null, "status" text check ("status" in ('awaiting_shopper', 'completed', 'failed', 'needs_attention')) not null default 'awaiting_shopper', "amount" numeric not null, "currency_code" text not null, "general_status" text null, "payment_method" text null, "delivery_method" text null, "last_record" jsonb null, "last_checked_at" timestamptz null, "completed_at" timestamptz null, "error" text null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "monobank_checkout_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_monobank_checkout_order_order_ref_unique" ON "monobank_checkout_order" ("order_ref") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_checkout_order_order_id" ON "monobank_checkout_order" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_checkout_order_deleted_at" ON "monobank_checkout_order" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monobank_checkout_order" cascade;`);
  }

}
