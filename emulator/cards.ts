/**
 * Card handling. A full PAN or CVV never leaves the request that carried it: the emulator keeps a
 * CardProfile (masked number, scheme, scripted outcome, keyed fingerprint) instead.
 */
import { createHmac, randomBytes } from "node:crypto"
import { TEST_CARD_OUTCOMES, TEST_CARDS } from "./constants"

export type CardOutcome =
  | { kind: "paid" }
  | { kind: "failure"; errCode: string; failureReason: string }
  | { kind: "3ds" }

export type PaymentSystem = "visa" | "mastercard"

export type CardProfile = {
  maskedPan: string
  paymentSystem: PaymentSystem
  outcome: CardOutcome
  /** Set for the test card that pays as a wallet: how the bank then reports the payment method. */
  paidBy?: "monopay"
  /** HMAC of the PAN with a per-process key: recognises the same card without storing it. */
  fingerprint: string
}

const EXPIRED_CARD: CardOutcome = { kind: "failure", errCode: "51", failureReason: "The card has expired" }

const SCRIPTED: Record<string, CardOutcome> = {
  [TEST_CARDS.declined]: { kind: "failure", ...pick(TEST_CARD_OUTCOMES.declined) },
  [TEST_CARDS.insufficientFunds]: { kind: "failure", ...pick(TEST_CARD_OUTCOMES.insufficientFunds) },
  [TEST_CARDS.threeDSecure]: { kind: "3ds" },
}

function pick(o: { errCode: string; failureReason: string }) {
  return { errCode: o.errCode, failureReason: o.failureReason }
}

const fingerprintKey = randomBytes(32)

export function normalizePan(raw: string): string {
  return raw.replace(/[\s-]/g, "")
}

export function luhnValid(pan: string): boolean {
  if (!/^\d{12,19}$/.test(pan)) return false
  let sum = 0
  for (let i = 0; i < pan.length; i++) {
    let digit = Number(pan[pan.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function maskPan(pan: string): string {
  return `${pan.slice(0, 6)}${"*".repeat(Math.max(pan.length - 10, 0))}${pan.slice(-4)}`
}

/** The bank reports only visa or mastercard; anything not starting with 4 is shown as mastercard. */
export function paymentSystemOf(pan: string): PaymentSystem {
  return pan.startsWith("4") ? "visa" : "mastercard"
}

/** Parses "mmyy", "MM/YY" or "MM / YY". Returns null when malformed. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(text)
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1)
  return endOfMonth <= now.getTime()
}

export type CardInput = { pan: string; exp: string; cvv?: string }

/** The bank's API takes the expiry as mmyy only; the hosted page also takes MM/YY. */
const API_EXPIRY = /^(0[1-9]|1[0-2])\d{2}$/

type InspectOptions = {
  cvvRequired: boolean
  /** Field path the errors name, e.g. "cardData" gives "cardData.pan: ...". */
  field?: string
  /** API request rather than the hosted page: the expiry must be mmyy. */
  apiExpiry?: boolean
}

type Expiry = { month: number; year: number }

function readExpiry(text: string, prefix: string, apiExpiry: boolean): { error: string } | { expiry: Expiry } {
  if (apiExpiry && !API_EXPIRY.test(text)) return { error: `${prefix}exp: expiry must be MMYY` }
  const expiry = parseExpiry(text)
  return expiry ? { expiry } : { error: `${prefix}exp: expiry must be MMYY (or MM/YY)` }
}

function outcomeOf(pan: string, expiry: Expiry, now: Date): CardOutcome {
  return isExpired(expiry, now) ? EXPIRED_CARD : SCRIPTED[pan] ?? { kind: "paid" }
}

/** Validates card details; returns the problem (naming the field) or the card profile. */
export function inspectCard(
  input: CardInput,
  now: Date,
  options: InspectOptions = { cvvRequired: true }
): { error: string } | { profile: CardProfile } {
  const prefix = options.field ? `${options.field}.` : ""
  const pan = normalizePan(input.pan)
  if (!luhnValid(pan)) return { error: `${prefix}pan: card number is not valid (12-19 digits passing the Luhn check)` }
  const read = readExpiry(input.exp, prefix, options.apiExpiry ?? false)
  if ("error" in read) return { error: read.error }
  if (options.cvvRequired || input.cvv !== undefined) {
    if (!/^\d{3,4}$/.test(input.cvv ?? "")) return { error: `${prefix}cvv: CVV must be 3 or 4 digits` }
  }
  return { profile: profileOf(pan, outcomeOf(pan, read.expiry, now)) }
}

const TEST_PANS: ReadonlySet<string> = new Set(Object.values(TEST_CARDS))

/**
 * A wallet (Apple Pay / Google Pay) payment: `token` is the device card number the merchant
 * decrypted. One of the test cards acts as that card (so a test can make a wallet payment decline);
 * any other token stands for the visa test card. The emulator keeps only the mask, never the token.
 */
export function inspectWalletToken(
  input: { token: string; exp: string },
  now: Date,
  field: string
): { error: string } | { profile: CardProfile } {
  const read = readExpiry(input.exp, `${field}.`, true)
  if ("error" in read) return { error: read.error }
  const token = normalizePan(input.token)
  const pan = TEST_PANS.has(token) ? token : TEST_CARDS.visa
  return { profile: profileOf(pan, outcomeOf(pan, read.expiry, now)) }
}

export function profileOf(pan: string, outcome: CardOutcome): CardProfile {
  return {
    maskedPan: maskPan(pan),
    paymentSystem: paymentSystemOf(pan),
    outcome,
    ...(pan === TEST_CARDS.monopay ? { paidBy: "monopay" as const } : {}),
    fingerprint: createHmac("sha256", fingerprintKey).update(pan).digest("base64url"),
  }
}
