import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** The cart a checkout order was made for, so quotes are bound to it (see cart-fingerprint). */
export class Migration20261204120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" add column if not exists "cart_fingerprint" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" drop column if exists "cart_fingerprint";`);
  }

}
