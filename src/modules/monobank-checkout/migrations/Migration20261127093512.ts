import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The cart id was stored as `order_ref`, while the bank's order_ref is `<cart id>-<n>` after the
 * first create attempt (see ../order-ref): the column becomes `cart_id` (with its unique index).
 */
export class Migration20261127093512 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "monobank_checkout_order" rename column "order_ref" to "cart_id";`);
    this.addSql(`alter index if exists "IDX_monobank_checkout_order_order_ref_unique" rename to "IDX_monobank_checkout_order_cart_id_unique";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter index if exists "IDX_monobank_checkout_order_cart_id_unique" rename to "IDX_monobank_checkout_order_order_ref_unique";`);
    this.addSql(`alter table if exists "monobank_checkout_order" rename column "cart_id" to "order_ref";`);
  }

}
