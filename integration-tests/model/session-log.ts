/**
 * Every payment session Medusa ever made for a payment collection, also those it deleted since
 * (Medusa deletes replaced sessions and sessions whose start failed, rows and all). The bank names
 * a payment by the session id (invoice `reference`, installment `store_order_id`), so counting the
 * money the bank kept for a cart needs all of them. A trigger in the test database writes each new
 * row's id to a side table; nothing of the plugin reads it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type Knex = {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

const knexOf = (container: MedusaContainer) => container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex

/** The payment collections of the carts (two bindings: the cart ids, twice): the carts' own and their orders'. */
const COLLECTIONS_OF_CARTS = `
  SELECT payment_collection_id FROM cart_payment_collection WHERE cart_id = ANY(?)
  UNION
  SELECT o.payment_collection_id FROM order_payment_collection o JOIN order_cart c ON c.order_id = o.order_id WHERE c.cart_id = ANY(?)`

export type LoggedSession = { id: string; provider_id: string }

export class SessionLog {
  constructor(private readonly container: () => MedusaContainer) {}

  async install(): Promise<void> {
    await knexOf(this.container()).raw(`
      CREATE TABLE IF NOT EXISTS model_session_log (
        id text PRIMARY KEY,
        payment_collection_id text NOT NULL,
        provider_id text NOT NULL,
        logged_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE OR REPLACE FUNCTION model_log_payment_session() RETURNS trigger AS $$
      BEGIN
        INSERT INTO model_session_log (id, payment_collection_id, provider_id)
        VALUES (NEW.id, NEW.payment_collection_id, NEW.provider_id) ON CONFLICT DO NOTHING;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      DROP TRIGGER IF EXISTS model_log_payment_session ON payment_session;
      CREATE TRIGGER model_log_payment_session AFTER INSERT ON payment_session
        FOR EACH ROW EXECUTE FUNCTION model_log_payment_session();
    `)
  }

  /** Every session ever made for the collection, oldest first. */
  async sessionsOf(collectionId: string): Promise<LoggedSession[]> {
    const { rows } = await knexOf(this.container()).raw(
      "SELECT id, provider_id FROM model_session_log WHERE payment_collection_id = ? ORDER BY logged_at, id",
      [collectionId]
    )
    return rows as LoggedSession[]
  }

  /** Every session ever made for the cart's payment collections and its order's (a payment link's). */
  async sessionsOfCart(cartId: string): Promise<LoggedSession[]> {
    const { rows } = await knexOf(this.container()).raw(
      `SELECT id, provider_id FROM model_session_log WHERE payment_collection_id IN (${COLLECTIONS_OF_CARTS}) ORDER BY logged_at, id`,
      [[cartId], [cartId]]
    )
    return rows as LoggedSession[]
  }

  /**
   * Ends a sequence's part in the scheduled reconcile: its carts' sessions are dated back beyond
   * the reconcile's window (11 days), as if long past, so later sequences' reconcile runs do not
   * list and re-read them again and again.
   */
  async retire(cartIds: string[]): Promise<void> {
    if (cartIds.length === 0) return
    await knexOf(this.container()).raw(
      `UPDATE payment_session SET created_at = created_at - interval '12 days' WHERE payment_collection_id IN (${COLLECTIONS_OF_CARTS})`,
      [cartIds, cartIds]
    )
  }

  /** Waits until the collection has a session not in `known`: Medusa's first write of a new session. */
  async waitForNew(collectionId: string, known: ReadonlySet<string>, timeoutMs = 10_000): Promise<string | undefined> {
    const until = Date.now() + timeoutMs
    for (;;) {
      const fresh = (await this.sessionsOf(collectionId)).find((session) => !known.has(session.id))
      if (fresh || Date.now() > until) return fresh?.id
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
}
