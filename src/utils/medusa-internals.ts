/**
 * The two things our providers do with Medusa that have no public way. Both are run against
 * Medusa's real payment module by integration-tests/modules/provider-registration.spec.ts, so a
 * Medusa version that changes them fails there, loudly.
 *
 * 1. The id a provider was
 * registered with in medusa-config. Medusa hands a provider only its options, yet the bank must be
 * told the webhook URL `/hooks/payment/<identifier>_<id>`. The payment module's provider loader
 * registers each provider in the module's container under `pp_<identifier>_<id>` and lists those
 * keys in `payment_providers`.
 *
 * 2. A conditional write of a payment session's `data` (compare and set in one statement), the
 * claim that lets a session charge a saved card once across processes. The public
 * `updatePaymentSession` calls the provider and writes unconditionally; a lock of Medusa's locking
 * module holds across servers only with a shared locking provider, which a store need not have. So
 * the write goes to the module's `payment_session` table through the module's own connection.
 *
 * Nothing else may read the container's private keys or write Medusa's tables. (One query reads
 * `payment_session` directly, to order due sessions: utils/due-sessions-query, tested the same way.)
 */
import { MedusaError } from "@medusajs/framework/utils"
import { optionalFromCradle, type Cradle } from "./module-container"

const REGISTRATION_LIST = "payment_providers"

/**
 * Container keys of the registered providers of one kind: `pp_<identifier>_<id>`, or
 * `pp_<identifier>` for one registered without an id.
 */
function registrationKeys(cradle: Cradle, identifier: string): string[] {
  const keys = optionalFromCradle<unknown>(cradle, REGISTRATION_LIST)
  if (!Array.isArray(keys)) return []
  const own = `pp_${identifier}`
  return keys.filter((key): key is string => typeof key === "string" && (key === own || key.startsWith(`${own}_`)))
}

/**
 * The registered ids (`<identifier>_<id>`, as in Medusa's webhook route `/hooks/payment/<id>` and
 * its payment provider ids without `pp_`) of the providers of one kind.
 */
export function registeredProviderIds(cradle: Cradle, identifier: string): string[] {
  return registrationKeys(cradle, identifier).map((key) => key.slice("pp_".length))
}

/** The registered id (`<identifier>_<id>`) of `instance`, or undefined when it is not registered. */
export function registeredIdOf(cradle: Cradle, identifier: string, instance: object): string | undefined {
  const key = registrationKeys(cradle, identifier).find((candidate) => optionalFromCradle<object>(cradle, candidate) === instance)
  return key?.slice("pp_".length)
}

type Connection = { raw(sql: string, bindings?: unknown[]): Promise<{ rowCount?: number }> }

/** The payment module's database connection (knex), registered in its container by Medusa's module loader. */
function connectionOf(cradle: Cradle): Connection {
  const connection = optionalFromCradle<Connection>(cradle, "__pg_connection__")
  if (!connection) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "monobank: no database connection to record the payment session's data")
  }
  return connection
}

/** What a conditional write requires of the session row; every key given must hold. */
export type SessionDataCondition = {
  /** The session is not deleted. */
  live?: boolean
  /** Keys the session's data has no value for. */
  absent?: string[]
  /** Keys the session's data holds with these text values. */
  equal?: Record<string, string>
}

/**
 * Merges `patch` into the data of payment session `sessionId` when the row meets `condition`, in
 * one statement; false when it did not (or there is no such session).
 */
export async function mergeSessionData(
  cradle: Cradle,
  sessionId: string,
  patch: Record<string, unknown>,
  condition: SessionDataCondition = {}
): Promise<boolean> {
  const where = ["id = ?"]
  const bindings: unknown[] = [JSON.stringify(patch), sessionId]
  if (condition.live) where.push("deleted_at is null")
  for (const key of condition.absent ?? []) {
    where.push("coalesce(data, '{}'::jsonb) ->> ?::text is null")
    bindings.push(key)
  }
  for (const [key, value] of Object.entries(condition.equal ?? {})) {
    where.push("coalesce(data, '{}'::jsonb) ->> ?::text = ?::text")
    bindings.push(key, value)
  }
  const result = await connectionOf(cradle).raw(
    `update payment_session set data = coalesce(data, '{}'::jsonb) || ?::jsonb, updated_at = now() where ${where.join(" and ")}`,
    bindings
  )
  return result.rowCount === 1
}

/** Removes `key` from the data of payment session `sessionId`. */
export async function removeSessionDataKey(cradle: Cradle, sessionId: string, key: string): Promise<void> {
  await connectionOf(cradle).raw(`update payment_session set data = coalesce(data, '{}'::jsonb) - ?::text, updated_at = now() where id = ?`, [
    key,
    sessionId,
  ])
}
