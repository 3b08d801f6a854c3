import { CASH_RETURN_REASON, cardReturnRuledOut, RETURN_MONEY_TO_CARD, returnDestination } from "../installments/return-destination"

describe("where an installment return sends the money", () => {
  it("a refund with the cash reason only shortens the purchase; any other reason, or none, pays the card", () => {
    expect(RETURN_MONEY_TO_CARD[returnDestination(CASH_RETURN_REASON.code)]).toBe(false)
    for (const code of [undefined, null, "", "return", "monobank_returned_in_cash_typo"]) {
      expect(RETURN_MONEY_TO_CARD[returnDestination(code)]).toBe(true)
    }
  })

  it("only the bank's explicit false rules a card return out; an unread or silent answer does not", () => {
    expect(cardReturnRuledOut({ bank_can_return_money_to_card: false })).toBe(true)
    expect(cardReturnRuledOut({ bank_can_return_money_to_card: true })).toBe(false)
    expect(cardReturnRuledOut({})).toBe(false)
    expect(cardReturnRuledOut(undefined)).toBe(false)
  })
})
