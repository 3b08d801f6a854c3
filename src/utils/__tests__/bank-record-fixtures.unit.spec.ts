/**
 * Every record shape in src/lib/monobank/__fixtures__ (real-world shapes: the bank's own samples
 * and what public integrations have seen) parses with the plugin's schemas and maps to the Medusa
 * outcome the fixture expects.
 */
import fs from "node:fs"
import path from "node:path"
import {
  checkoutCallbackHint,
  checkoutOrderRecordSchema,
  invoiceStatusRecordSchema,
  orderDataResponseSchema,
  orderStateInfoSchema,
} from "../../lib/monobank"
import { parseErrorBody } from "../../lib/monobank/http-util"
import { readCheckoutOutcome } from "../checkout/outcome"
import { SESSION_STATUS as INVOICE_SESSION_STATUS, webhookAction } from "../acquiring/status"
import { describeOrderState } from "../installments/states"
import { toKopecks } from "../installments/amounts"

type Fixture = { source: string; shape: string; expect: Record<string, unknown>; record: unknown }

const DIR = path.resolve(__dirname, "../../lib/monobank/__fixtures__")
const fixtures = fs
  .readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({ name, ...(JSON.parse(fs.readFileSync(path.join(DIR, name), "utf8")) as Fixture) }))


describe("bank record fixtures", () => {
  it("has a one-line source note on every fixture", () => {
    expect(fixtures.length).toBeGreaterThan(0)
    for (const fixture of fixtures) {
      expect(typeof fixture.source).toBe("string")
      expect(fixture.source.length).toBeGreaterThan(20)
      expect(fixture.source).not.toContain("\n")
    }
  })

  const byShape = (shape: string) => fixtures.filter((f) => f.shape === shape).map((f) => [f.name, f] as const)

  it.each(byShape("acquiring-invoice-status"))("%s parses and maps to its Medusa status", (_name, fixture) => {
    const parsed = invoiceStatusRecordSchema.safeParse(fixture.record)
    if (!parsed.success) throw new Error(parsed.error.message)
    const record = parsed.data
    expect(record.status).toBe(fixture.expect.status)
    expect(INVOICE_SESSION_STATUS[record.status]).toBe(fixture.expect.session_status)
    const action = webhookAction(record)
    expect(action).toBe(fixture.expect.webhook_action)
  })

  it.each(byShape("installments-order-state"))("%s parses and maps to its installment status", (_name, fixture) => {
    const parsed = orderStateInfoSchema.safeParse(fixture.record)
    if (!parsed.success) throw new Error(parsed.error.message)
    expect(parsed.data.state).toBe(fixture.expect.state)
    expect(parsed.data.order_sub_state).toBe(fixture.expect.order_sub_state)
    expect(describeOrderState(parsed.data.state, parsed.data.order_sub_state).status).toBe(fixture.expect.installment_status)
  })

  it.each(byShape("checkout-order"))("%s parses and maps to its checkout outcome", (_name, fixture) => {
    const parsed = checkoutOrderRecordSchema.safeParse(fixture.record)
    if (!parsed.success) throw new Error(parsed.error.message)
    const outcome = readCheckoutOutcome(parsed.data)
    expect(outcome.kind).toBe(fixture.expect.outcome)
    if (outcome.kind === "placed") expect(outcome.payment).toBe(fixture.expect.payment)
    expect(parsed.data).toMatchObject({ comment: fixture.expect.comment, order_state: fixture.expect.order_state })
  })

  it.each(byShape("installments-order-data"))("%s parses with the order's session, sum and returns", (_name, fixture) => {
    const parsed = orderDataResponseSchema.safeParse(fixture.record)
    if (!parsed.success) throw new Error(parsed.error.message)
    expect(parsed.data.store_order_id).toBe(fixture.expect.store_order_id)
    expect(parsed.data.total_sum).toBe(fixture.expect.total_sum)
    const returned = (parsed.data.reverse_list ?? []).reduce((sum, entry) => sum + toKopecks(entry.sum), 0n)
    expect(returned).toBe(toKopecks(fixture.expect.returned_sum as number))
  })

  it.each(byShape("checkout-callback"))("%s names its order", (_name, fixture) => {
    expect(checkoutCallbackHint(fixture.record)).toEqual(fixture.expect)
  })

  it.each(byShape("error-body"))("%s reads as the bank's error text", (_name, fixture) => {
    expect(parseErrorBody(JSON.stringify(fixture.record))).toMatchObject(fixture.expect)
  })
})
