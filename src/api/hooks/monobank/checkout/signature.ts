/**
 * The callback's `X-Sign`, checked over the raw body with the checkout API's public key before the
 * route reads the body as a hint. A verified or (unless the store requires a signature) unsigned
 * callback goes on; a signature that does not verify is refused, and logged, so nobody misses it.
 */
import type { MedusaRequest } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { checkoutModule, checkoutOptionsNow } from "../../../../modules/monobank-checkout/resolve"

/**
 * undefined: go on; otherwise the HTTP status to answer with (nothing was read or changed).
 * `signatureRequired` overrides the store's `requireCallbackSignature` (a request that only asks
 * for the store's public prices goes on unsigned; a signature it carries must still verify).
 */
export async function refuseUnverifiedCallback(
  req: MedusaRequest,
  logger: Logger,
  signatureRequired?: boolean
): Promise<number | undefined> {
  const service = checkoutModule(req.scope)
  if (!service.isConfigured()) return undefined
  const required = signatureRequired ?? service.getCheckoutOptions().requireCallbackSignature
  const header = req.headers["x-sign"]
  const xSign = Array.isArray(header) ? header[0] : header
  const raw = (req as MedusaRequest & { rawBody?: Buffer | string }).rawBody
  if (!xSign) {
    if (!required) return undefined
    logger.warn("monobank checkout: callback without X-Sign refused (requireCallbackSignature is on); nothing was changed")
    return 401
  }
  if (raw === undefined) {
    logger.error("monobank checkout: callback signature cannot be checked: the raw body was not kept (middleware missing)")
    return required ? 500 : undefined
  }
  try {
    const signature = await service.checkCallbackSignature(await checkoutOptionsNow(req.scope), raw, xSign)
    if (signature === "verified") return undefined
    if (signature === "unverifiable") {
      logger.warn(
        "monobank checkout: a callback's X-Sign does not verify with the cached checkout key, which may not be refetched yet; " +
          (required ? "answered 503 so the bank calls again" : "read as an unsigned callback (a hint only)")
      )
      return required ? 503 : undefined
    }
    logger.warn(
      "monobank checkout: callback refused: its X-Sign does not verify with the key from monobank's checkout API; " +
        "nothing was changed (the order is still picked up by the scheduled re-read)"
    )
    return 401
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    logger.warn(`monobank checkout: could not fetch the checkout public key to check a callback: ${message}`)
    // Without the key: a store that requires signatures lets the bank call again later.
    return required ? 503 : undefined
  }
}
