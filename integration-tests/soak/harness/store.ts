/** The store every soak shopper buys from, seeded over the admin HTTP API of one server. */
import { generateJwtToken } from "@medusajs/framework/utils"
import type { Client } from "pg"
import { CARD_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER, seedCheckoutStore, type CheckoutFixtures } from "../../http/checkout-helpers"
import { DEBIT_PROVIDER } from "../../http/acquiring-helpers"
import type { Api } from "./http"

/** The dev store's JWT secret when JWT_SECRET is not set (medusa-config.ts). */
const JWT_SECRET = process.env.JWT_SECRET || "supersecret"

/**
 * An admin user, as `medusa user` would create it, and the bearer token the dashboard would hold
 * for it (signed with the store's JWT secret), without booting another Medusa process.
 */
export async function createAdmin(sql: Client): Promise<{ headers: Record<string, string> }> {
  const userId = `user_soak_${Date.now()}`
  const authIdentityId = `authid_soak_${Date.now()}`
  await sql.query(`insert into "user" (id, email) values ($1, $2)`, [userId, `${userId}@example.test`])
  await sql.query(`insert into auth_identity (id, app_metadata) values ($1, $2)`, [authIdentityId, { user_id: userId }])
  const token = generateJwtToken(
    { actor_id: userId, actor_type: "user", auth_identity_id: authIdentityId, app_metadata: { user_id: userId } },
    { secret: JWT_SECRET, expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` } }
}

export async function seedSoakStore(api: Api, sql: Client): Promise<CheckoutFixtures> {
  const admin = await createAdmin(sql)
  return seedCheckoutStore(api, admin, [CARD_PROVIDER, DEBIT_PROVIDER, INSTALLMENTS_PROVIDER, ON_DELIVERY_PROVIDER])
}
