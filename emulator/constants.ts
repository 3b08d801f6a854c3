/** Credentials, test cards and sandbox phone endings the emulator understands out of the box. */

export const DEFAULT_ACQUIRING_TOKEN = "emulator-acquiring-test-token"
/** The bank's public installments sandbox store: code written against the emulator works there too. */
export const DEFAULT_INSTALLMENTS_STORE_ID = "test_store_with_confirm"
export const DEFAULT_INSTALLMENTS_SECRET = "emulator-installments-test-secret"

/** Card numbers with a scripted outcome. Any other Luhn-valid number pays. */
export const TEST_CARDS = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  threeDSecure: "4000000000003220",
  /** Pays as a monopay wallet payment: the record has no maskedPan, paymentSystem "" and payMethod "monopay". */
  monopay: "4000000000000606",
} as const

export type TestCardName = keyof typeof TEST_CARDS

/** What each test card does; `errCode` values are the bank's payment error codes. */
export const TEST_CARD_OUTCOMES = {
  visa: { outcome: "paid", paymentSystem: "visa" },
  mastercard: { outcome: "paid", paymentSystem: "mastercard" },
  declined: { outcome: "failure", errCode: "55", failureReason: "Card declined by the issuing bank" },
  insufficientFunds: { outcome: "failure", errCode: "59", failureReason: "Insufficient funds on the card" },
  threeDSecure: { outcome: "3-D Secure required: processing until /3ds/:invoiceId or control complete3ds" },
  monopay: { outcome: "paid by monopay wallet: paymentInfo without maskedPan, paymentSystem \"\", paymentMethod \"monopay\", top-level payMethod" },
} as const satisfies Record<TestCardName, { outcome: string; errCode?: string; failureReason?: string; paymentSystem?: string }>

/** Last digit of `client_phone` that scripts an installments order (sandbox behaviour). */
export const TEST_PHONE_ENDINGS = {
  approved: "1",
  waitingForClient: "2",
  exceededSumLimit: "3",
  waitingForStoreConfirm: "4",
} as const

export type TestPhoneEndingName = keyof typeof TEST_PHONE_ENDINGS

export const TEST_PHONE_ENDING_OUTCOMES = {
  approved: "after the callback delay: SUCCESS/ACTIVE + signed callback",
  waitingForClient: "stays IN_PROCESS/WAITING_FOR_CLIENT; after 15 emulator minutes FAIL/CLIENT_PUSH_TIMEOUT + callback",
  exceededSumLimit: "after the callback delay: FAIL/EXCEEDED_SUM_LIMIT + callback",
  waitingForStoreConfirm: "after the callback delay: IN_PROCESS/WAITING_FOR_STORE_CONFIRM + callback",
} as const satisfies Record<TestPhoneEndingName, string>

/** Any other ending waits for control installmentClientConfirm / installmentClientReject (15-minute timeout). */
export const OTHER_PHONE_ENDING_OUTCOME =
  "waits for control installmentClientConfirm / installmentClientReject; FAIL/CLIENT_PUSH_TIMEOUT after 15 emulator minutes"

export const MINUTE_MS = 60_000
export const DAY_MS = 24 * 60 * MINUTE_MS
export const HOLD_LIFETIME_MS = 9 * DAY_MS
export const CHECKOUT_HOLD_LIFETIME_MS = 10 * DAY_MS
export const CLIENT_PUSH_TIMEOUT_MS = 15 * MINUTE_MS
export const DEFAULT_VALIDITY_SECONDS = 24 * 60 * 60
export const MAX_VALIDITY_SECONDS = 30 * 24 * 60 * 60
export const WEBHOOK_ATTEMPTS = 3

/**
 * How long the checkout page waits for the store's delivery-price and promo-code answers. The
 * bank's own limit is not published; a busy test store (CI, under load) answered after more than
 * 5 s, and the page is no place for the emulator to fail a store the bank would have waited for.
 */
export const STORE_REQUEST_TIMEOUT_MS = 20_000
