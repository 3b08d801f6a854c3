import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The verified bank record of each payment (see the model), which replaced a per-process cache. */
export class Migration20261127130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "monobank_session_payment" add column if not exists "bank_record" jsonb null, ` +
        `add column if not exists "bank_record_modified" timestamptz null, add column if not exists "bank_record_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "monobank_session_payment" drop column if exists "bank_record", ` +
        `drop column if exists "bank_record_modified", drop column if exists "bank_record_at";`
    )
  }
}
