import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123191440 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_settings" drop constraint if exists "monobank_settings_api_unique";`);
    this.addSql(`create table if not exists "monobank_settings" ("id" text not null, "api" text not null, "values" text not null, "secrets" text null, "secret_hints" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "monobank_settings_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_monobank_settings_api_unique" ON "monobank_settings" ("api") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_monobank_settings_deleted_at" ON "monobank_settings" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "monobank_settings" cascade;`);
  }

}
