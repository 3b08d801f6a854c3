import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123155349 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_bank_read" drop constraint if exists "monobank_bank_read_key_unique";`);
    this.addSql(`create table if not exists "monobank_bank_read" ("id" text not null, "key" text not null, "last_read_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "monobank_bank_read_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_monobank_bank_read_key_unique" ON "monobank_bank_read" ("key") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_bank_read_deleted_at" ON "monobank_bank_read" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monobank_bank_read" cascade;`);
  }

}
