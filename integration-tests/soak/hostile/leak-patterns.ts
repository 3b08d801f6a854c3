/**
 * What must never be stored or logged: full card numbers, CVV values, card tokens and the store's
 * credentials. Pure functions over text, shared by the log scan and the database scan.
 */
import { luhnValid } from "../../../emulator/cards"

export type Secret = { name: string; value: string }
export type LeakFinding = { kind: string; match: string }

/**
 * 13-19 digits, optionally grouped by spaces or dashes, not part of a longer digit run nor the
 * decimals of a number. Card numbers start with 22-27 (Mastercard 2-series) or 3-6 (Amex/Diners/JCB,
 * Visa, Mastercard/Maestro, Discover/UnionPay), which keeps millisecond timestamps (1...) and
 * date-stamps such as migration names (20YYMMDD...) out of the Luhn lottery.
 */
const PAN_CANDIDATE = /(?<![\d*.])(?:[3-6]|2[2-7])(?:[ -]?\d){12,18}(?![\d*])/g

const CVV = /["']?\b(?:cvv2?|cvc2?|card_?code|security_?code)\b["']?\s*(?:[:=]|=>)\s*["']?(\d{3,4})\b/gi

export function findLeaks(text: string, secrets: Secret[]): LeakFinding[] {
  const findings: LeakFinding[] = []
  for (const match of text.matchAll(PAN_CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, "")
    if (luhnValid(digits)) findings.push({ kind: "full card number (Luhn-valid)", match: match[0] })
  }
  for (const match of text.matchAll(CVV)) findings.push({ kind: "CVV value", match: match[0] })
  for (const secret of secrets) {
    if (secret.value && text.includes(secret.value)) findings.push({ kind: secret.name, match: secret.value })
  }
  return findings
}

/** The part of `text` around `match`, for a readable failure message. */
export function around(text: string, match: string, width = 80): string {
  const at = text.indexOf(match)
  if (at < 0) return text.slice(0, width * 2)
  return text.slice(Math.max(0, at - width), at + match.length + width).replace(/\s+/g, " ")
}

/** What an answer to a stranger must not show: internals (stack frames, paths, SQL) and secrets. */
const INTERNALS: Array<[string, RegExp]> = [
  ["stack frame", /\bat [^\n]*\(?\/[^\s)]+:\d+:\d+\)?|\bat \//],
  ["file path", /node_modules|\/src\/|\.ts:\d+|\.js:\d+/],
  ["SQL", /\bselect\s+[\s\S]*?\s+from\b|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete\s+from\b/i],
  ["database error", /syntax error at or near|violates .* constraint|duplicate key value|relation "[^"]+"|column "[^"]+"/i],
]

export function responseLeaks(body: string, secrets: Secret[]): LeakFinding[] {
  const findings: LeakFinding[] = []
  for (const [kind, pattern] of INTERNALS) {
    const match = pattern.exec(body)
    if (match) findings.push({ kind, match: match[0] })
  }
  return findings.concat(findLeaks(body, secrets))
}
