import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261127000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "monobank_session_payment" (` +
        `"id" text not null, "session_id" text not null, "provider_id" text not null, ` +
        `"kind" text check ("kind" in ('invoice', 'saved_card', 'store_page', 'installment_order', 'checkout')) not null, ` +
        `"bank_id" text null, "amount_minor" bigint not null, "ccy" integer not null, ` +
        `"charge_state" text check ("charge_state" in ('ready', 'sending', 'unknown', 'sent', 'declined')) not null default 'sent', ` +
        `"wallet_id" text null, "card_id" text null, "bank_store_id" text null, "recorded_as" text null, "payment_method" text null, ` +
        `"granted_at" timestamptz null, "session_ended_at" timestamptz null, ` +
        `"settlement" text check ("settlement" in ('rests_on_payment', 'nothing_taken', 'released', 'refunded')) null, ` +
        `"settled_at" timestamptz null, "next_check_at" timestamptz null, "attention" text null, "attention_resolved_at" timestamptz null, ` +
        `"created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, ` +
        `constraint "monobank_session_payment_pkey" primary key ("id"));`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_session_payment_session_id" ON "monobank_session_payment" ("session_id") WHERE deleted_at IS NULL;`)
    // A bank payment belongs to one row, so to one session: an invoice (whichever way it was made),
    // an installment order or a checkout order is never claimed twice.
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_monobank_session_payment_bank_id_unique" ON "monobank_session_payment" ` +
        `((CASE WHEN "kind" IN ('invoice', 'saved_card', 'store_page') THEN 'invoice' ELSE "kind" END), "bank_id") WHERE deleted_at IS NULL AND bank_id IS NOT NULL;`
    )
    // One charge without the hosted page in flight or made per session, across servers.
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_monobank_session_payment_one_open_charge" ON "monobank_session_payment" ("session_id") ` +
        `WHERE deleted_at IS NULL AND kind IN ('saved_card', 'store_page') AND charge_state IN ('sending', 'unknown', 'sent');`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_monobank_session_payment_due" ON "monobank_session_payment" ("next_check_at") WHERE deleted_at IS NULL AND settled_at IS NULL;`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_session_payment_deleted_at" ON "monobank_session_payment" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monobank_session_payment" cascade;`)
  }
}
