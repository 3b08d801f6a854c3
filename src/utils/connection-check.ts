/**
 * "Test connection" in the admin: one harmless request per API that proves the credentials, and
 * what failed in words a store owner can act on.
 *
 * - card payments: the merchant's details (name) with the token;
 * - installments: the state of an order id that cannot exist, signed with store id and secret: the
 *   bank checks the signature before it looks for the order, so "not found" proves both;
 * - mono checkout: the callback signing key, read with the token.
 */
import { AcquiringClient, CheckoutClient, InstallmentsClient, isMonobankApiError, FIREWALL_BLOCKED, type MonobankApiError } from "../lib/monobank"

export type ConnectionCheck = { ok: true; merchantName?: string; detail: string } | { ok: false; reason: string }

type Api = "acquiring" | "installments" | "checkout"

/** A store owner waits for the answer: one attempt, not the reads' usual retries. */
const ONE_QUICK_ATTEMPT = { timeoutMs: 10_000, retry: { maxAttempts: 1 } }
const PROBE_ORDER_ID = "00000000-0000-0000-0000-connection-check"

export function explainBankError(api: Api, error: unknown, baseUrl: string): string {
  if (!isMonobankApiError(error)) return `The check failed before monobank was asked: ${(error as Error)?.message ?? String(error)}`
  const e = error as MonobankApiError
  if (e.kind === "timeout") return `monobank did not answer at ${baseUrl} in time. Check the address and that this server can reach it.`
  if (e.kind === "network") return `This server could not connect to monobank at ${baseUrl}. Check the address and the server's network.`
  if (e.errCode === FIREWALL_BLOCKED) return "monobank's firewall blocked this server's address (HTTP 403 with a web page). Ask monobank support to allow it."
  if (e.status === 429) return "monobank asks to slow down (too many requests). Try again in a minute."
  if (e.status !== undefined && e.status >= 500) return `monobank had an error of its own (HTTP ${e.status}). Try again later.`
  if (api === "installments") {
    if (e.status === 403) return "monobank does not know this store id for installment purchase. Check the store id monobank gave you, and the environment (sandbox, stage or production)."
    if (e.status === 401) return "monobank could not verify the signature: the secret does not belong to this store id. Copy the secret again from monobank's letter."
  }
  if (e.status === 401 || e.status === 403) {
    return "monobank did not accept the merchant token. Copy it again from the monobank business cabinet (web.monobank.ua → settings → API), or use your test token."
  }
  return `monobank refused the request (HTTP ${e.status ?? "?"}${e.errText ? `: ${e.errText}` : ""}).`
}

export async function checkAcquiring(options: { token: string; baseUrl: string }): Promise<ConnectionCheck> {
  const client = new AcquiringClient({ ...options, ...ONE_QUICK_ATTEMPT })
  try {
    const details = await client.getMerchantDetails()
    return { ok: true, merchantName: details.merchantName, detail: `Connected to merchant "${details.merchantName}".` }
  } catch (error) {
    return { ok: false, reason: explainBankError("acquiring", error, options.baseUrl) }
  } finally {
    await client.close().catch(() => undefined)
  }
}

export async function checkInstallments(options: { storeId: string; secret: string; baseUrl: string }): Promise<ConnectionCheck> {
  const client = new InstallmentsClient({ ...options, ...ONE_QUICK_ATTEMPT })
  try {
    await client.getOrderState(PROBE_ORDER_ID)
    return { ok: true, detail: "Store id and secret accepted by monobank." }
  } catch (error) {
    if (isMonobankApiError(error) && error.status === 404) return { ok: true, detail: "Store id and secret accepted by monobank." }
    return { ok: false, reason: explainBankError("installments", error, options.baseUrl) }
  } finally {
    await client.close().catch(() => undefined)
  }
}

export async function checkCheckout(options: { token: string; baseUrl: string }): Promise<ConnectionCheck> {
  const client = new CheckoutClient({ ...options, ...ONE_QUICK_ATTEMPT })
  try {
    await client.getPublicKey()
    return { ok: true, detail: "Merchant token accepted by mono checkout." }
  } catch (error) {
    return { ok: false, reason: explainBankError("checkout", error, options.baseUrl) }
  } finally {
    await client.close().catch(() => undefined)
  }
}
