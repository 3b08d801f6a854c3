/**
 * What an opened Apple Pay / Google Pay token gives the bank: exactly the `applePay` / `googlePay`
 * object of `POST /api/merchant/invoice/sync-payment`. It holds the device card number: pass it to
 * the bank and nowhere else (no log, no session data, no error message).
 */
export type WalletCard = {
  /** Card number from the token (a device PAN, or the card's own number for Google PAN_ONLY). */
  token: string
  /** Card expiry as MMYY. */
  exp: string
  eciIndicator: string
  /** Online payment cryptogram (TAVV), when the wallet made one. */
  cryptogram?: string
}

export type WalletField = "applePay" | "googlePay"

/**
 * What makes a token single-use: its wallet's own id for it (Apple's `transactionId`, Google's
 * `messageId`), read only from the part the wallet signed, and when it stops opening. Not card data,
 * but kept only hashed (./token-replay).
 */
export type WalletTokenUse = { wallet: WalletField; id: string; expiresAt: Date }

/** An opened token: the card for the bank, and what makes it pay once. */
export type OpenedWalletToken = { card: WalletCard; use: WalletTokenUse }

/**
 * A wallet token this store cannot use: another merchant's key, expired, tampered or malformed.
 * The message says why in words and never holds token content, card data or keys.
 */
export class WalletTokenError extends Error {
  override readonly name = "WalletTokenError"

  constructor(
    readonly field: WalletField,
    reason: string
  ) {
    super(`${field}: ${reason}`)
  }
}

/** "2028", 7 -> "0728"; undefined when the parts are not a real month and year. */
export function mmyy(month: number, year: number): string | undefined {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0) return undefined
  return `${String(month).padStart(2, "0")}${String(year % 100).padStart(2, "0")}`
}

/** A card number as the bank takes it: 12 to 19 digits. */
export const isCardNumber = (value: unknown): value is string => typeof value === "string" && /^\d{12,19}$/.test(value)

/** ECI as two digits: wallets may write Visa's "7" where the networks (and the bank's examples) use "07". */
export function twoDigitEci(eci: string | undefined, fallback: string): string {
  const value = eci?.trim() || fallback
  return /^\d$/.test(value) ? `0${value}` : value
}
