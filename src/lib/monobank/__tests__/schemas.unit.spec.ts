import { invoiceStatusRecordSchema, paymentResultSchema, walletResponseSchema } from "../acquiring/schemas"
import { checkoutGetOrderResponseSchema } from "../checkout/schemas"
import { orderDataResponseSchema, orderStateInfoSchema } from "../installments/schemas"

const record = {
  invoiceId: "p2_x",
  status: "success",
  amount: 4200,
  ccy: 980,
  finalAmount: 4200,
  createdDate: "2025-01-01T10:00:00Z",
  modifiedDate: "2025-01-01T10:00:05Z",
  reference: "order_1",
  paymentInfo: { maskedPan: "424242******4242", terminal: "MI0001", paymentSystem: "visa", paymentMethod: "pan", fee: 55 },
  cancelList: [{ status: "success", amount: 100, ccy: 980, createdDate: "d", modifiedDate: "d", extRef: "r1" }],
  walletData: { cardToken: "tok", walletId: "w1", status: "created" },
  tipsInfo: { employeeId: "e1", amount: 10 },
}

describe("acquiring response schemas", () => {
  it("reads a full status record and drops fields it does not know", () => {
    const parsed = invoiceStatusRecordSchema.parse({ ...record, somethingNew: 1, paymentInfo: { ...record.paymentInfo, extra: true } })
    expect(parsed).toEqual(record)
  })

  it("reads statuses outside the documented enums without rejecting the record", () => {
    expect(invoiceStatusRecordSchema.parse({ ...record, status: "refunded" })).toMatchObject({ status: "unknown", rawStatus: "refunded" })
    expect(
      invoiceStatusRecordSchema.parse({ ...record, cancelList: [{ ...record.cancelList[0], status: "done" }] }).cancelList?.[0].status
    ).toBe("processing")
    expect(invoiceStatusRecordSchema.parse({ ...record, walletData: { ...record.walletData, status: "ok" } }).walletData?.status).toBe("new")
  })

  it("reads null reasons as absent and numeric error codes as text", () => {
    const parsed = invoiceStatusRecordSchema.parse({ ...record, status: "failure", failureReason: null, errCode: 59 })
    expect(parsed.failureReason).toBeUndefined()
    expect(parsed.errCode).toBe("59")
    const payment = paymentResultSchema.parse({
      invoiceId: "i",
      status: "processing",
      amount: 1,
      ccy: 980,
      createdDate: "d",
      modifiedDate: "d",
      tdsUrl: null,
      failureReason: null,
    })
    expect(payment.tdsUrl).toBeUndefined()
  })

  it("reads wallet items", () => {
    expect(walletResponseSchema.parse({ wallet: [{ cardToken: "t", maskedPan: "4242******4242", country: "804" }] }).wallet).toHaveLength(1)
  })
})

describe("installments response schemas", () => {
  it("knows every documented sub-state and keeps others as the bank's text", () => {
    expect(orderStateInfoSchema.parse({ order_id: "o", state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" })).toEqual({
      order_id: "o",
      state: "IN_PROCESS",
      order_sub_state: "WAITING_FOR_STORE_CONFIRM",
    })
    expect(orderStateInfoSchema.parse({ order_id: "o", state: "FAIL", order_sub_state: "SOMETHING" })).toEqual({
      order_id: "o",
      state: "FAIL",
      order_sub_state: "SOMETHING",
    })
  })

  it("reads order data with returns", () => {
    const data = orderDataResponseSchema.parse({ total_sum: 2499.99, reverse_list: [{ sum: 500, timestamp: "t" }], extra: 1 })
    expect(data).toEqual({ total_sum: 2499.99, reverse_list: [{ sum: 500, timestamp: "t" }] })
  })
})

describe("checkout order record", () => {
  const first = {
    orderId: "co1",
    dateCreate: "01.01.2025 10:00",
    basket_id: "cart_1",
    deliveryRecipientInfo: { first_name: "Тарас", last_name: "Шевченко", phoneNumber: "+380501234567" },
    mainClientInfo: { first_name: "Тарас", last_name: "Шевченко", phoneNumber: "+380501234567", email: "t@example.com" },
    delivery_method: "np_brnm",
    delivery_method_desc: "branch",
    delivery_branch_id: "1",
    delivery_branch_address: "Київ",
    amount: 1234.56,
    ccy: 980,
    quantity: 1,
    order_state: 2,
    products: [{ name: "Кава", cnt: 1, price: 1234.56, code_product: 1, code_checkbox: "c" }],
  }

  it("accepts the first shape", () => {
    expect(checkoutGetOrderResponseSchema.parse({ result: first }).result).toEqual(first)
  })

  it("accepts the extended shape", () => {
    const extended = {
      ...first,
      payment_method: "card",
      payment_method_desc: "card",
      payment_status: "success",
      paymentDateCreate: "01.01.2025 10:01",
      payments_number: 3,
      delivery_city_id: 42,
      generalStatus: "success",
      clientCallback: true,
      deliveryAddressInfo: { cityName: "Київ", cityRef: "r", cityType: "м.", areaName: "Київська", areaRef: "a" },
    }
    const parsed = checkoutGetOrderResponseSchema.parse({ result: extended }).result
    expect(parsed.generalStatus).toBe("success")
    expect(parsed.delivery_city_id).toBe("42")
    expect(parsed.deliveryAddressInfo?.cityName).toBe("Київ")
  })

  it("accepts an order nobody has completed yet (nulls and missing fields)", () => {
    const parsed = checkoutGetOrderResponseSchema.parse({ result: { orderId: "co1", mainClientInfo: null, amount: 10 } }).result
    expect(parsed).toEqual({ orderId: "co1", amount: 10 })
  })
})
