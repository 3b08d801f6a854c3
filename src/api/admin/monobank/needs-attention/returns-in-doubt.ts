/**
 * Needs-attention rows of kind `return_in_doubt`: an installment return the plugin sent whose
 * answer never came (lost, or the bank still sits on the request), unconfirmed for minutes. The
 * plugin never gives such a return up by time (a held request can still complete), so nothing more
 * is returned for that order until the bank lists it; only a person can tell, in the business
 * cabinet, whether the bank made it. A row leaves the list once the return is booked.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { LEDGER_KEY, readLedger, type LedgerEntry } from "../../../../utils/installments/return-ledger"
import { INSTALLMENTS_PROVIDER_PREFIX } from "../../../../utils/provider-ids"
import type { AttentionRow } from "./attention-list"

/** Longer than the store's wait for the bank, the owner's own retry and the late-returns job's first minute. */
export const RETURN_IN_DOUBT_NOTICE_MS = 5 * 60_000
/** The installment payments looked at, most recently changed first (a return in doubt changes its payment). */
const PAYMENTS_LOOKED_AT = 500

export const RETURN_IN_DOUBT_WORDS = {
  plugin_did:
    "Sent nothing more for this order: no other return goes to the bank while this one is unconfirmed. The return is booked here as soon as the bank lists it.",
  action: {
    label:
      "Check the installment order in the business cabinet. If the bank made the return, nothing is needed: it is booked here within minutes. If it did not, make the return in the cabinet: it is then booked here, not sent twice",
  },
} satisfies Pick<AttentionRow, "plugin_did" | "action">

type InstallmentPayment = { id: string; provider_id: string; data: Record<string, unknown> | null; metadata: Record<string, unknown> | null }

const unconfirmedSince = (now: Date) => (entry: LedgerEntry) => entry.status === "sent" && now.getTime() - Date.parse(entry.sent_at) >= RETURN_IN_DOUBT_NOTICE_MS

export async function returnInDoubtRows(container: MedusaContainer, now = new Date()): Promise<AttentionRow[]> {
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const providers = (await paymentModule.listPaymentProviders({})).map((p) => p.id).filter((id) => id.startsWith(INSTALLMENTS_PROVIDER_PREFIX))
  if (!providers.length) return []
  const payments = (await paymentModule.listPayments({ provider_id: providers } as never, {
    select: ["id", "provider_id", "data", "metadata"],
    take: PAYMENTS_LOOKED_AT,
    order: { updated_at: "DESC" },
  })) as unknown as InstallmentPayment[]
  const inDoubt = payments.flatMap((payment) => readLedger(payment.metadata?.[LEDGER_KEY]).filter(unconfirmedSince(now)).map((entry) => ({ payment, entry })))
  if (!inDoubt.length) return []
  const orderOf = await ordersOfPayments(container, [...new Set(inDoubt.map(({ payment }) => payment.id))])
  return inDoubt.map(({ payment, entry }) => {
    const bankOrderId = typeof payment.data?.order_id === "string" ? payment.data.order_id : payment.id
    return {
      kind: "return_in_doubt",
      id: `${payment.id}:${entry.store_return_id}`,
      medusa_order_id: orderOf.get(payment.id) ?? null,
      subject: `Installment order ${bankOrderId}`,
      happened: `A return of ${entry.sum.toFixed(2)} UAH was sent to the bank at ${entry.sent_at}, and the bank has not confirmed it.`,
      ...RETURN_IN_DOUBT_WORDS,
      at: entry.sent_at,
    }
  })
}

async function ordersOfPayments(container: MedusaContainer, paymentIds: string[]): Promise<Map<string, string>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "payment_collection.order.id"], filters: { id: paymentIds } })
  const found = new Map<string, string>()
  for (const payment of data as Array<{ id: string; payment_collection?: { order?: { id: string } | null } | null }>) {
    const orderId = payment.payment_collection?.order?.id
    if (orderId) found.set(payment.id, orderId)
  }
  return found
}
