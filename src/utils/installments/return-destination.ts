/**
 * Where an installment return sends the shopper's money. A store that gave the money back in cash
 * at the counter records its Medusa refund with the refund reason `CASH_RETURN_REASON`: the bank
 * then only shortens the purchase (`return_money_to_card: false`). Sending `true` for such a refund
 * would pay the shopper twice, in cash and on the card. Every other refund goes to the card, which
 * the bank must not have ruled out (`order/check/paid`).
 */
export type ReturnDestination = "card" | "cash"

/** The refund reason a store picks in Medusa's refund form for money given back in cash. */
export const CASH_RETURN_REASON = {
  code: "monobank_returned_in_cash",
  label: "Returned in cash (monobank installments)",
  description: "The money was given back at the store; monobank only shortens the installment purchase and pays nothing to the card.",
} as const

const DESTINATION_OF_REASON: Readonly<Record<string, ReturnDestination>> = { [CASH_RETURN_REASON.code]: "cash" }

export const RETURN_MONEY_TO_CARD = { card: true, cash: false } as const satisfies Record<ReturnDestination, boolean>

/** The destination of a refund with this reason code (none: the card). */
export function returnDestination(reasonCode: string | null | undefined): ReturnDestination {
  return (reasonCode ? DESTINATION_OF_REASON[reasonCode] : undefined) ?? "card"
}

/** What `order/check/paid` says of a card return: only an explicit `false` rules it out. */
export function cardReturnRuledOut(checkPaid: { bank_can_return_money_to_card?: boolean } | undefined): boolean {
  return checkPaid?.bank_can_return_money_to_card === false
}
