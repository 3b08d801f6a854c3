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

export const syncPaymentBodySchema = z
  .strictObject({
    ...sessionOfCart,
    /** A card (FPAN) or a network token (DPAN) with its authentication result, for merchants given sync-payment access. */
    cardData: z
      .strictObject({
        pan,
        type: z.enum(["FPAN", "DPAN"], { error: 'expected "FPAN" or "DPAN"' }),
        exp,
        eciIndicator: digits("expected a 2-digit ECI", /^\d{2}$/),
        cvv: cvv.optional(),
        cavv: text.optional(),
        tavv: text.optional(),
        dsTranId: text.optional(),
        tReqID: text.optional(),
      })
      .optional(),
    /** `paymentData` of the Apple Pay payment token, as Apple Pay JS hands it to the page. */
    applePay: z.strictObject({ paymentData: z.record(z.string(), z.unknown(), { error: "expected the token's paymentData object" }) }).optional(),
    /** `paymentMethodData.tokenizationData.token` of the Google Pay payment data: a JSON text. */
    googlePay: z.strictObject({ token: text }).optional(),
  })
  .refine((body) => [body.cardData, body.applePay, body.googlePay].filter(Boolean).length === 1, {
    error: "exactly one of cardData, applePay, googlePay is required",
    path: ["cardData"],
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
