import { InstallmentInputError } from "../input-errors"
import { resolveInstallmentsOptions } from "../../../utils/installments/options"
import { planCreateOrder, type OrderRequestInput } from "../order-request"

const options = resolveInstallmentsOptions({
  storeId: "store",
  secret: "secret",
  baseUrl: "http://127.0.0.1:1",
  allowedParts: [3, 4, 6],
  defaultParts: 4,
  pointId: "P-1",
})

const input = (overrides: Partial<OrderRequestInput> = {}): OrderRequestInput => ({
  amount: 1304.56,
  currency_code: "uah",
  data: { client_phone: "+380501234564" },
  sessionId: "payses_01ABC",
  callbackUrl: "https://shop.example.com/hooks/payment/monobank-installments_monobank-installments",
  date: "2025-01-15",
  ...overrides,
})

function problemOf(run: () => unknown): InstallmentInputError {
  try {
    run()
  } catch (error) {
    if (error instanceof InstallmentInputError) return error
    throw error
  }
  throw new Error("expected an InstallmentInputError")
}

describe("planCreateOrder", () => {
  it("builds the bank request in hryvnia with the session id as store_order_id", () => {
    const { request, parts } = planCreateOrder(
      input({
        data: {
          client_phone: "0501234564",
          parts_count: "6",
          cart_lines: [
            { name: "Вишиванка — M", quantity: 1, total: 1234.56 },
            { name: "Доставка: Courier", quantity: 1, total: 70 },
          ],
        },
      }),
      options
    )
    expect(parts).toBe(6)
    expect(request).toEqual({
      store_order_id: "payses_01ABC",
      client_phone: "+380501234564",
      total_sum: 1304.56,
      invoice: { date: "2025-01-15", number: "payses_01ABC", source: "INTERNET", point_id: "P-1" },
      available_programs: [{ available_parts_count: [6], type: "payment_installments" }],
      products: [
        { name: "Вишиванка — M", count: 1, sum: 1234.56 },
        { name: "Доставка: Courier", count: 1, sum: 70 },
      ],
      result_callback: "https://shop.example.com/hooks/payment/monobank-installments_monobank-installments",
    })
  })

  it("uses the default number of payments and one product line when the cart lines are unknown", () => {
    const { request } = planCreateOrder(input(), options)
    expect(request.available_programs).toEqual([{ available_parts_count: [4], type: "payment_installments" }])
    expect(request.products).toEqual([{ name: "Замовлення payses_01ABC", count: 1, sum: 1304.56 }])
  })

  it("rounds a Medusa total with extra decimals to kopecks, never multiplying by 100", () => {
    expect(planCreateOrder(input({ amount: { value: "2499.985", precision: 20 } as any }), options).request.total_sum).toBe(2499.99)
  })

  it("falls back to the cart's billing phone, then the customer's", () => {
    expect(planCreateOrder(input({ data: { cart_billing_phone: "+380 67 000 00 01" } }), options)).toMatchObject({
      request: { client_phone: "+380670000001" },
      phoneSource: "cart_billing_address",
    })
    const customer = { phone: "+380930000002", billing_address: { phone: null } } as any
    expect(planCreateOrder(input({ data: {}, customer }), options)).toMatchObject({
      request: { client_phone: "+380930000002" },
      phoneSource: "customer",
    })
  })

  it("does not replace a wrong phone typed by the shopper with another one", () => {
    const problem = problemOf(() => planCreateOrder(input({ data: { client_phone: "+79161234567", cart_billing_phone: "+380501234567" } }), options))
    expect(problem.code).toBe("phone_not_ukrainian")
    expect(problem.message).toMatch(/Ukrainian number in the format \+380XXXXXXXXX/)
    expect(problem.message).not.toContain("79161234567")
  })

  it.each([
    [{ currency_code: "eur" }, "currency_not_supported", /only available in hryvnia \(UAH\); this cart is in EUR/],
    [{ amount: 0.5 }, "amount_below_minimum", /at least 2 UAH; this order is 0\.50 UAH/],
    [{ amount: 1.99 }, "amount_below_minimum", /at least 2 UAH; this order is 1\.99 UAH/],
    [{ amount: "NaN" }, "amount_invalid", /not a valid amount/],
    [{ data: { client_phone: "+380501234564", parts_count: 2 } }, "parts_not_allowed", /2 payments is not available; choose 3, 4 or 6 payments/],
    [{ data: { client_phone: "+380501234564", parts_count: 5 } }, "parts_not_allowed", /5 payments is not available/],
    [{ data: { client_phone: "+380501234564", parts_count: "many" } }, "parts_not_allowed", /many payments is not available/],
    [{ data: {} }, "phone_missing", /Enter the phone number of your monobank app/],
    [{ sessionId: undefined }, "session_missing", /session id is missing/],
  ] as const)("refuses %j (%s) with a message naming the problem", (overrides, code, message) => {
    const problem = problemOf(() => planCreateOrder(input(overrides as Partial<OrderRequestInput>), options))
    expect(problem.code).toBe(code)
    expect(problem.message).toMatch(message)
    expect(problem.texts.uk).toMatch(/[а-яієїґ]/i)
  })

  it("accepts exactly 2 UAH (the stricter of the bank's published minimums)", () => {
    expect(planCreateOrder(input({ amount: "2.00" }), options).request.total_sum).toBe(2)
  })
})
