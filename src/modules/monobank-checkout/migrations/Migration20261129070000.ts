import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/** The delivery prices and promo codes quoted to the bank's checkout page, kept per checkout order. */
export class Migration20261129070000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" add column if not exists "delivery_quotes" jsonb null;`);
    this.addSql(`alter table if exists "monobank_checkout_order" add column if not exists "promo_quotes" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" drop column if exists "delivery_quotes";`);
    this.addSql(`alter table if exists "monobank_checkout_order" drop column if exists "promo_quotes";`);
  }

}
