/**
 * The books after the soak: every Medusa payment, capture, refund and order set against the bank's
 * own record (read through the emulator's control API). Each disagreement is one line naming the
 * money at stake; the soak expects none.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { EmulatorControl } from "../../../emulator"
import { DEBIT_PROVIDER, HOLD_PROVIDER, INSTALLMENTS_PROVIDER } from "./shoppers"
import { inPool } from "./tally"

const HOLD_RELEASE_PREFIX = "hold-release:"
const ORPHAN_REFUND_PREFIX = "orphan-refund:"
const FINALIZE_PATH = "/api/merchant/invoice/finalize"

export type Problem = { rule: string; detail: string }

export type LedgerReport = {
  problems: Problem[]
  counts: Record<string, number>
}

const minor = (value: unknown) => Math.round(Number(value ?? 0) * 100)
const sumMinor = (rows: Array<{ amount: unknown }> | undefined) => (rows ?? []).reduce((sum, row) => sum + minor(row.amount), 0)

/** Refunds the bank made of a card invoice: successful cancels that are not hold releases. */
function bankRefunds(invoice: any): any[] {
  return (invoice.cancelList ?? []).filter((item: any) => item.status === "success" && !item.extRef?.startsWith(HOLD_RELEASE_PREFIX))
}

/** Minor units the shopper paid on an invoice, before refunds (0 for a hold not finalized). */
function bankCaptured(invoice: any): number {
  if (invoice.status !== "success" && invoice.status !== "reversed") return 0
  return (invoice.finalAmount ?? invoice.amount) + bankRefunds(invoice).reduce((sum: number, item: any) => sum + item.amount, 0)
}

/** Minor units the bank keeps from the shopper now (a hold counts). */
function bankKept(invoice: any): number {
  if (invoice.status === "hold") return invoice.amount
  if (invoice.status === "success" || invoice.status === "reversed") return invoice.finalAmount ?? invoice.amount
  return 0
}

const INSTALLMENT_CAPTURED = ["ACTIVE", "DONE", "RETURNED"]
const CHECKOUT_PLACED = ["paid", "held", "on_delivery", "parts_approved"]

async function readAll<T>(ids: Iterable<string>, read: (id: string) => Promise<T>): Promise<Map<string, T>> {
  const found = new Map<string, T>()
  await inPool([...new Set(ids)], 8, async (id) => {
    const value = await read(id).catch(() => undefined)
    if (value) found.set(id, value)
  })
  return found
}

export async function auditLedger(container: MedusaContainer, control: EmulatorControl): Promise<LedgerReport> {
  const problems: Problem[] = []
  const problem = (rule: string, detail: string) => problems.push({ rule, detail })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)

  const sessions = await paymentModule.listPaymentSessions({}, { select: ["id", "provider_id", "status", "data", "payment_collection_id"], take: 100_000 })
  const payments = JSON.parse(
    JSON.stringify(
      await paymentModule.listPayments({}, {
        select: ["id", "provider_id", "amount", "captured_at", "canceled_at", "data", "payment_session_id", "payment_collection_id"],
        relations: ["captures", "refunds"],
        take: 100_000,
      })
    )
  ) as any[]
  const { data: orderCarts } = await query.graph({ entity: "order_cart", fields: ["order_id", "cart_id"] })
  const { data: orderCollections } = await query.graph({ entity: "order_payment_collection", fields: ["order_id", "payment_collection_id"] })
  const { data: checkoutRecords } = await query.graph({ entity: "monobank_checkout_order", fields: ["*", "order.id"] })
  const deliveries = await control.deliveries()
  const calls = await control.calls()

  const orderOfCollection = new Map(orderCollections.map((link: any) => [link.payment_collection_id, link.order_id]))
  const ordersPerCart = new Map<string, number>()
  for (const link of orderCarts as any[]) ordersPerCart.set(link.cart_id, (ordersPerCart.get(link.cart_id) ?? 0) + 1)
  for (const [cartId, count] of ordersPerCart) if (count > 1) problem("duplicate order", `cart ${cartId} has ${count} orders`)

  const subjects = (kind: string) => deliveries.filter((d) => d.kind === kind).map((d) => d.subject)

  // Card invoices (hosted page, hold, saved card).
  const cardProviders = [HOLD_PROVIDER, DEBIT_PROVIDER]
  const invoiceIds = [
    ...sessions.filter((s) => cardProviders.includes(s.provider_id)).map((s) => s.data?.invoiceId as string),
    ...payments.filter((p) => cardProviders.includes(p.provider_id)).map((p) => p.data?.invoiceId as string),
    ...subjects("acquiring"),
  ].filter(Boolean)
  const invoices = await readAll(invoiceIds, (id) => control.getInvoice(id))
  const paymentOfInvoice = new Map(payments.filter((p) => p.data?.invoiceId).map((p) => [p.data.invoiceId as string, p]))
  const chargedPerSession = new Map<string, string[]>()
  let finalizedHolds = 0
  for (const [invoiceId, invoice] of invoices as Map<string, any>) {
    const captured = bankCaptured(invoice)
    const kept = bankKept(invoice)
    const refunds = bankRefunds(invoice)
    const processing = (invoice.cancelList ?? []).filter((item: any) => item.status === "processing")
    if (processing.length) problem("bank refund unsettled", `invoice ${invoiceId}: ${processing.length} cancel(s) still processing`)
    const extRefs = refunds.map((item: any) => item.extRef).filter(Boolean)
    if (new Set(extRefs).size !== extRefs.length) problem("double refund", `invoice ${invoiceId}: one extRef refunded twice (${extRefs.join(", ")})`)
    // Money taken from the shopper on this invoice that was not given back as an orphan (a paid
    // invoice whose session was replaced is refunded in full by the plugin, not a second charge).
    const orphanReturned = refunds.some((item: any) => item.extRef?.startsWith(ORPHAN_REFUND_PREFIX))
    if (kept > 0 || (captured > 0 && !orphanReturned)) {
      const charged = chargedPerSession.get(invoice.reference) ?? []
      chargedPerSession.set(invoice.reference, [...charged, invoiceId])
    }
    const payment = paymentOfInvoice.get(invoiceId)
    if (!payment) {
      if (kept > 0) problem("paid at bank without order", `invoice ${invoiceId} (${invoice.status}) keeps ${kept} kopecks, no Medusa payment`)
      continue
    }
    if (invoice.origin !== "wallet-payment" && payment.provider_id === HOLD_PROVIDER && captured > 0) finalizedHolds++
    if (!orderOfCollection.get(payment.payment_collection_id)) problem("payment without order", `payment ${payment.id} (invoice ${invoiceId})`)
    const medusaCaptured = sumMinor(payment.captures)
    const medusaRefunded = sumMinor(payment.refunds)
    if (medusaCaptured !== captured) problem("capture differs", `payment ${payment.id}: Medusa captured ${medusaCaptured}, bank ${captured} (invoice ${invoiceId} ${invoice.status})`)
    const bankRefunded = refunds.reduce((sum: number, item: any) => sum + item.amount, 0)
    if (medusaRefunded !== bankRefunded) problem("refund differs", `payment ${payment.id}: Medusa refunded ${medusaRefunded}, bank ${bankRefunded} (invoice ${invoiceId})`)
    if ((payment.refunds ?? []).length !== refunds.length) problem("refund count differs", `payment ${payment.id}: ${(payment.refunds ?? []).length} Medusa refunds, ${refunds.length} at the bank`)
    if (invoice.status === "hold" && payment.canceled_at) problem("canceled payment on a live hold", `payment ${payment.id} (invoice ${invoiceId})`)
    if (invoice.status === "reversed" && captured === 0 && !payment.canceled_at) problem("released hold, payment alive", `payment ${payment.id} (invoice ${invoiceId})`)
  }
  for (const [sessionId, charged] of chargedPerSession) {
    if (charged.length > 1) problem("double charge", `session ${sessionId}: ${charged.length} invoices took money (${charged.join(", ")})`)
  }
  const finalizeCalls = calls.filter((c) => c.path === FINALIZE_PATH && c.status === 200).length
  if (finalizeCalls > finalizedHolds) problem("double finalize", `${finalizeCalls} successful finalize calls for ${finalizedHolds} finalized holds`)

  // Installment orders.
  const installmentIds = [
    ...sessions.filter((s) => s.provider_id === INSTALLMENTS_PROVIDER).map((s) => s.data?.order_id as string),
    ...subjects("installments"),
  ].filter(Boolean)
  const installmentOrders = await readAll(installmentIds, (id) => control.getInstallmentOrder(id))
  const paymentOfSession = new Map(payments.map((p) => [p.payment_session_id, p]))
  for (const [orderId, order] of installmentOrders as Map<string, any>) {
    const payment = paymentOfSession.get(order.store_order_id)
    const captured = INSTALLMENT_CAPTURED.includes(order.order_sub_state)
    const awaitingStore = order.order_sub_state === "WAITING_FOR_STORE_CONFIRM"
    const returned = (order.returns ?? []).reduce((sum: number, r: any) => sum + r.kopecks, 0)
    const returnIds = (order.returns ?? []).map((r: any) => r.store_return_id)
    if (new Set(returnIds).size !== returnIds.length) problem("double refund", `installment ${orderId}: a return id sent twice`)
    if (!payment) {
      // An order of a discarded session is fine once its money went back in full.
      const kept = captured ? order.totalKopecks - returned : 0
      if (kept > 0 || awaitingStore) problem("paid at bank without order", `installment ${orderId} is ${order.order_sub_state} and keeps ${kept} kopecks, no Medusa payment`)
      continue
    }
    if (!orderOfCollection.get(payment.payment_collection_id)) problem("payment without order", `payment ${payment.id} (installment ${orderId})`)
    const medusaCaptured = sumMinor(payment.captures)
    if (captured && medusaCaptured !== order.totalKopecks) problem("capture differs", `payment ${payment.id}: Medusa captured ${medusaCaptured}, bank ${order.totalKopecks} (${order.order_sub_state})`)
    if (!captured && medusaCaptured > 0) problem("capture differs", `payment ${payment.id}: Medusa captured ${medusaCaptured}, bank ${order.order_sub_state}`)
    if (awaitingStore && payment.canceled_at) problem("canceled payment, bank waits for store", `payment ${payment.id} (installment ${orderId})`)
    if (order.state === "FAIL" && !payment.canceled_at) problem("failed at bank, payment alive", `payment ${payment.id} (installment ${orderId} ${order.order_sub_state})`)
    if (sumMinor(payment.refunds) !== returned) problem("refund differs", `payment ${payment.id}: Medusa refunded ${sumMinor(payment.refunds)}, bank returned ${returned} (installment ${orderId})`)
    if ((payment.refunds ?? []).length !== returnIds.length) problem("refund count differs", `payment ${payment.id}: ${(payment.refunds ?? []).length} Medusa refunds, ${returnIds.length} bank returns`)
  }

  // mono checkout orders.
  const recordOfBankOrder = new Map((checkoutRecords as any[]).map((r) => [r.checkout_order_id, r]))
  const checkoutIds = [...(checkoutRecords as any[]).map((r) => r.checkout_order_id as string), ...subjects("checkout")].filter(Boolean)
  const checkoutOrders = await readAll(checkoutIds, (id) => control.getCheckoutOrder(id))
  let placedCheckouts = 0
  for (const [orderId, order] of checkoutOrders as Map<string, any>) {
    if (!CHECKOUT_PLACED.includes(order.status)) continue
    placedCheckouts++
    const record = recordOfBankOrder.get(orderId)
    if (!record || record.status !== "completed" || !record.order?.id) {
      problem("paid at bank without order", `checkout ${orderId} (${order.status}) record ${record?.status ?? "missing"}`)
      continue
    }
    if ((ordersPerCart.get(record.cart_id) ?? 0) !== 1) problem("checkout order count", `cart ${record.cart_id}: ${ordersPerCart.get(record.cart_id) ?? 0} orders`)
  }

  return {
    problems,
    counts: {
      invoices: invoices.size,
      "invoices charged": [...chargedPerSession.values()].length,
      "finalize ok": finalizeCalls,
      "finalized holds": finalizedHolds,
      "bank refunds (card)": [...invoices.values()].reduce((n, inv: any) => n + bankRefunds(inv).length, 0),
      "installment orders": installmentOrders.size,
      "installment returns": [...installmentOrders.values()].reduce((n, o: any) => n + (o.returns?.length ?? 0), 0),
      "checkout orders placed": placedCheckouts,
      "medusa payments": payments.length,
      "medusa refunds": payments.reduce((n, p) => n + (p.refunds?.length ?? 0), 0),
      "medusa orders": new Set((orderCarts as any[]).map((l) => l.order_id)).size,
      deliveries: deliveries.length,
    },
  }
}
