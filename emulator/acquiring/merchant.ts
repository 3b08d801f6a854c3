/** Fixed test objects the emulated merchant owns (the bank's test token also answers with test objects). */

export const MERCHANT_DETAILS = {
  merchantId: "12o4Vv7EWy",
  merchantName: "Emulated Test Merchant",
  edrpou: "4194800",
} as const

export const SUBMERCHANTS = [
  { code: "0a8637b3bccb42aa", iban: "UA213996220000026007233566001", edrpou: "3190322349", owner: "Test Terminal One" },
  { code: "1b9748c4cddc53bb", iban: "UA903052992990004149123456789", edrpou: "4194800", owner: "Test Terminal Two" },
] as const

export const EMPLOYEES = [
  { id: "3QFX7e7mZfo3R", name: "Test Employee One", extRef: "emp-001" },
  { id: "7aZt2K9wLqBn4", name: "Test Employee Two", extRef: "emp-002" },
] as const

/** The terminal shown in paymentInfo. */
export const TERMINAL_ID = "MI001088"
export const ISSUING_BANK = "Emulated Issuing Bank"
/** Acquiring fee the emulator reports: 1.3 % of the amount, rounded to a kopeck. */
export function acquiringFee(amount: number): number {
  return Math.round((amount * 13) / 1000)
}
