/**
 * monobank API clients without any Medusa dependency: acquiring, installments and checkout
 * clients over one HTTP core, their zod schemas and types, webhook/callback signatures, money
 * conversion and the retry policy.
 */
export { AcquiringClient, ACQUIRING_BASE_URL, type AcquiringClientOptions } from "./acquiring/client"
export * from "./acquiring/schemas"

export {
  InstallmentsClient,
  INSTALLMENTS_BASE_URLS,
  type InstallmentsClientOptions,
  type InstallmentsEnvironment,
} from "./installments/client"
export * from "./installments/schemas"

export { CheckoutClient, CHECKOUT_BASE_URL, type CheckoutClientOptions } from "./checkout/client"
export { isHttpUrl, reportUnknownValue, tolerantEnum, tolerantEnumOr, UNKNOWN, type Unknown } from "./schema-helpers"
export * from "./checkout/schemas"
export {
  createCheckoutCallbackVerifier,
  type CheckoutCallbackSignature,
  type CheckoutCallbackVerifier,
} from "./checkout/callback-signature"
export { checkoutCallbackHint, type CheckoutCallbackHint } from "./checkout/callback-hint"
export {
  checkoutDeliveryPriceList,
  checkoutDeliveryPriceRequestSchema,
  type CheckoutDeliveryPriceList,
  type CheckoutDeliveryPriceRequest,
} from "./checkout/delivery-prices"
export {
  checkoutPromoAccepted,
  checkoutPromoCodeQuerySchema,
  checkoutPromoRefused,
  type CheckoutPromoCodeAnswer,
  type CheckoutPromoCodeQuery,
} from "./checkout/promo-codes"

export {
  MonobankApiError,
  MonobankValidationError,
  isMonobankApiError,
  isOutcomeUnknown,
  redactCardNumbers,
  type MonobankErrorKind,
  type ValidationIssue,
} from "./errors"
export {
  HttpClient,
  DEFAULT_TIMEOUT_MS,
  type HttpClientOptions,
  type HttpRequest,
  type HttpResponse,
} from "./http"
export { FIREWALL_BLOCKED } from "./http-util"
export { stripUndefined } from "./objects"
export type { CallOptions } from "./operation"
export {
  ENDPOINT_POLICIES,
  DEFAULT_RETRY_OPTIONS,
  backoffDelayMs,
  isRetryable,
  parseRetryAfterMs,
  planRetry,
  resolveRetryOptions,
  type AttemptFailure,
  type EndpointKey,
  type RetryClass,
  type RetryDecision,
  type RetryOptions,
  type SleepFn,
} from "./retry"

export { parsePublicKey, verifyEcdsaSignature } from "./signatures/ecdsa"
export { signInstallmentsBody, verifyInstallmentsSignature } from "./signatures/hmac"
export {
  createWebhookVerifier,
  KeyRefreshNotYetAllowedError,
  type WebhookVerifier,
  type WebhookVerifierOptions,
} from "./signatures/webhook-verifier"

export {
  allocateMinorUnits,
  largestRemainderParts,
  CURRENCIES,
  currencyAlphaCode,
  currencyExponent,
  currencyNumericCode,
  fromMinorUnits,
  isSupportedCurrency,
  roundToMinorUnits,
  toInstallmentSum,
  toMinorUnits,
  UAH_CCY,
  type AllocatedMinorUnits,
  type CurrencyAlphaCode,
  type MoneyAmount,
  type ToMinorUnitsOptions,
} from "./money"
