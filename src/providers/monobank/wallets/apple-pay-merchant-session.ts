/**
 * Apple Pay merchant validation: the storefront's `onvalidatemerchant` hands over Apple's
 * `validationURL`; the server asks Apple there for a merchant session, authenticating with the
 * merchant identity certificate (mutual TLS), and gives Apple's answer to the browser untouched.
 */
import { Agent, request } from "undici"
import type { ApplePayOptions } from "../../../utils/acquiring/wallet-options"

/** The Apple Pay gateway hosts Apple documents for merchant validation (production, China, sandbox). */
export const APPLE_PAY_VALIDATION_HOSTS: readonly string[] = [
  "apple-pay-gateway.apple.com",
  "cn-apple-pay-gateway.apple.com",
  ...[1, 2, 3, 4, 5].flatMap((pod) => [`apple-pay-gateway-nc-pod${pod}.apple.com`, `apple-pay-gateway-pr-pod${pod}.apple.com`]),
  ...[1, 2, 3].flatMap((pod) => [`cn-apple-pay-gateway-sh-pod${pod}.apple.com`, `cn-apple-pay-gateway-tj-pod${pod}.apple.com`]),
  "apple-pay-gateway-cert.apple.com",
  "cn-apple-pay-gateway-cert.apple.com",
]

const TIMEOUT_MS = 15_000

export class ApplePayMerchantValidationError extends Error {
  override readonly name = "ApplePayMerchantValidationError"
}

/** An https URL on one of Apple's gateway hosts (default port), else undefined. */
export function appleValidationUrl(candidate: unknown): URL | undefined {
  if (typeof candidate !== "string" || !URL.canParse(candidate)) return undefined
  const url = new URL(candidate)
  const onAppleHost = url.protocol === "https:" && url.port === "" && APPLE_PAY_VALIDATION_HOSTS.includes(url.hostname.toLowerCase())
  return onAppleHost && url.username === "" && url.password === "" ? url : undefined
}

/**
 * Asks Apple for a merchant session. `validationUrl` is what the browser got from Apple; when
 * `merchantValidationUrl` is configured it is used instead. Returns Apple's JSON object as is.
 */
export async function requestApplePayMerchantSession(options: ApplePayOptions, validationUrl: unknown): Promise<Record<string, unknown>> {
  const url = options.merchantValidationUrl ? new URL(options.merchantValidationUrl) : appleValidationUrl(validationUrl)
  if (!url) {
    throw new ApplePayMerchantValidationError(
      "applePay: the validation URL is not on one of Apple's Apple Pay gateway hosts (set merchantValidationUrl to use another)"
    )
  }
  const agent = new Agent({
    connect: {
      cert: options.merchantIdentityCertificate,
      key: options.merchantIdentityPrivateKey,
      ...(options.merchantValidationCa ? { ca: options.merchantValidationCa } : {}),
    },
  })
  try {
    const response = await request(url, {
      method: "POST",
      dispatcher: agent,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        merchantIdentifier: options.merchantIdentifier,
        displayName: options.displayName,
        initiative: "web",
        initiativeContext: options.domainName,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const text = await response.body.text()
    if (response.statusCode !== 200) {
      throw new ApplePayMerchantValidationError(
        `applePay: Apple refused the merchant validation (HTTP ${response.statusCode}); check merchantIdentifier, domainName and the merchant identity certificate`
      )
    }
    let session: unknown
    try {
      session = JSON.parse(text)
    } catch {
      session = undefined
    }
    if (typeof session !== "object" || session === null || Array.isArray(session)) {
      throw new ApplePayMerchantValidationError("applePay: Apple's merchant session answer is not a JSON object")
    }
    return session as Record<string, unknown>
  } catch (error) {
    if (error instanceof ApplePayMerchantValidationError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new ApplePayMerchantValidationError(`applePay: merchant validation with Apple failed: ${reason}`)
  } finally {
    await agent.close()
  }
}
