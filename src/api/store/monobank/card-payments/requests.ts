/**
 * Bodies of the card-payments store routes. Card details are checked here, field by field, so a
 * mistake is a 400 naming the field (`cardData.exp: expected MMYY`) and the bank never sees it.
 * No message repeats a value the shopper typed.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"

const id = (name: string) => z.string({ error: `is required (the ${name})` }).trim().min(1, { error: `is required (the ${name})` })
const digits = (rule: string, pattern: RegExp) => z.string({ error: rule }).regex(pattern, { error: rule })

/** The Luhn check every card number passes; catches a mistyped digit before the bank is asked. */
function passesLuhn(pan: string): boolean {
  let sum = 0
  for (let i = 0; i < pan.length; i++) {
    let digit = Number(pan[pan.length - 1 - i])
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

const pan = digits("expected 12 to 19 digits", /^\d{12,19}$/).refine(passesLuhn, { error: "is not a valid card number" })
const exp = digits("expected MMYY", /^(0[1-9]|1[0-2])\d{2}$/)
const cvv = digits("expected 3 or 4 digits", /^\d{3,4}$/)
const text = z.string({ error: "expected text" }).min(1, { error: "must not be empty" })

const sessionOfCart = {
  cart_id: id("cart's id"),
  payment_session_id: id("payment session's id"),
}

export const directPaymentBodySchema = z.strictObject({
  ...sessionOfCart,
  cardData: z.strictObject({ pan, exp, cvv }, { error: "is required: { pan, exp, cvv }" }),
})

/**
 * A card with the merchant's own authentication result (FPAN or network token DPAN, ECI, CAVV/TAVV)
 * for `sync-payment`. The bank takes the ECI at its word and the liability moves to the merchant,
 * so this is taken only from the store's own server code (./authenticated-card), never from a browser.
 */
export const authenticatedCardSchema = z.strictObject(
  {
    pan,
    type: z.enum(["FPAN", "DPAN"], { error: 'expected "FPAN" or "DPAN"' }),
    exp,
    eciIndicator: digits("expected a 2-digit ECI", /^\d{2}$/),
    cvv: cvv.optional(),
    cavv: text.optional(),
    tavv: text.optional(),
    dsTranId: text.optional(),
    tReqID: text.optional(),
  },
  { error: "is required: { pan, type, exp, eciIndicator, ... }" }
)

export type AuthenticatedCard = z.infer<typeof authenticatedCardSchema>

const CARD_DATA_REFUSED =
  "card details are not taken on this route: a browser cannot vouch for 3-D Secure (eciIndicator, cavv). " +
  "Send them to /store/monobank/card-payments/direct, where the bank runs its own 3-D Secure"

/** Wallet tokens only: their ECI comes from the token the plugin opens, never from the request. */
export const syncPaymentBodySchema = z
  .strictObject({
    ...sessionOfCart,
    /** Named so a storefront sending card details learns where they go instead of "unrecognized key". */
    cardData: z.never({ error: CARD_DATA_REFUSED }).optional(),
    /** `paymentData` of the Apple Pay payment token, as Apple Pay JS hands it to the page. */
    applePay: z.strictObject({ paymentData: z.record(z.string(), z.unknown(), { error: "expected the token's paymentData object" }) }).optional(),
    /** `paymentMethodData.tokenizationData.token` of the Google Pay payment data: a JSON text. */
    googlePay: z.strictObject({ token: text }).optional(),
  })
  .refine((body) => [body.applePay, body.googlePay].filter(Boolean).length === 1, {
    error: "exactly one of applePay, googlePay is required",
    path: ["applePay"],
  })

export type SyncPaymentBody = z.infer<typeof syncPaymentBodySchema>

/** Parses a body or throws a 400 naming every wrong field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {})
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => {
    const path = issue.path.map(String).join(".")
    return path ? `${path}: ${issue.message}` : issue.message
  })
  throw new MedusaError(MedusaError.Types.INVALID_DATA, [...new Set(problems)].join("; "))
}
