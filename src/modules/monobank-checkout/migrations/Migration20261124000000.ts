import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The bank's mono checkout order id was stored as `order_id`, which reads like a Medusa order id:
 * it becomes `checkout_order_id` (with its index). A Medusa order is `medusa_order_id` everywhere.
 */
export class Migration20261124000000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" rename column "order_id" to "checkout_order_id";`);
    this.addSql(`alter index if exists "IDX_monobank_checkout_order_order_id" rename to "IDX_monobank_checkout_order_checkout_order_id";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter index if exists "IDX_monobank_checkout_order_checkout_order_id" rename to "IDX_monobank_checkout_order_order_id";`);
    this.addSql(`alter table if exists "monobank_checkout_order" rename column "checkout_order_id" to "order_id";`);
  }

}
