import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * One mono checkout order may take several create attempts (the bank refuses a repeated order_ref,
 * so each attempt sends a fresh one): the attempt number, and no bank order id / page until the
 * bank's answer to the current attempt is known.
 */
export class Migration20261123123000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" add column if not exists "attempt" integer not null default 1;`);
    this.addSql(`alter table if exists "monobank_checkout_order" alter column "order_id" drop not null;`);
    this.addSql(`alter table if exists "monobank_checkout_order" alter column "redirect_url" drop not null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "monobank_checkout_order" where "order_id" is null or "redirect_url" is null;`);
    this.addSql(`alter table if exists "monobank_checkout_order" alter column "order_id" set not null;`);
    this.addSql(`alter table if exists "monobank_checkout_order" alter column "redirect_url" set not null;`);
    this.addSql(`alter table if exists "monobank_checkout_order" drop column if exists "attempt";`);
  }

}
