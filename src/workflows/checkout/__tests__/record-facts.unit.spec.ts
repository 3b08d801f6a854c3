import { checkoutOrderRecordSchema } from "../../../lib/monobank/checkout/schemas"
import { recordFacts } from "../steps/record-checkout-state"

describe("what the checkout record keeps of the bank's record", () => {
  const bankRecord = checkoutOrderRecordSchema.parse({
    orderId: "ord_1",
    basket_id: "cart_1",
    generalStatus: "success",
    amount: 1304.56,
    ccy: 980,
    payment_method: "card",
    payment_status: "success",
    delivery_method: "np_brnm",
    delivery_branch_id: "17",
    mainClientInfo: { first_name: "Тарас", last_name: "Шевченко", phoneNumber: "+380501234567", email: "taras@example.com" },
    deliveryRecipientInfo: { first_name: "Леся", last_name: "Українка", phoneNumber: "+380671234567" },
    comment: "ring twice, flat 12",
    deliveryAddressInfo: { cityName: "Київ", cityRef: "ref-1" },
  })

  it("keeps the order's facts for diagnosis and no personal data (the Medusa order holds what delivery needs)", () => {
    const kept = recordFacts(bankRecord).last_record
    expect(kept).toMatchObject({ orderId: "ord_1", basket_id: "cart_1", generalStatus: "success", amount: 1304.56, delivery_method: "np_brnm" })
    const text = JSON.stringify(kept)
    for (const personal of ["Тарас", "Шевченко", "+380501234567", "taras@example.com", "Леся", "+380671234567", "flat 12"]) {
      expect(text).not.toContain(personal)
    }
  })
})
