/**
 * Bank-changing operations on an installment order, each safe to repeat: read the state first,
 * act only when the order is where the action applies, and when the answer is lost (timeout,
 * 5xx) read again to learn whether the bank acted before reporting a failure.
 */
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { isMonobankApiError, type InstallmentsClient, type OrderData, type OrderStateInfo } from "../../lib/monobank"
import { formatUah, toHryvnia, toKopecks } from "./amounts"
import { isOutcomeUnknown } from "./bank-errors"
import type { InstallmentReturn } from "./session-data"

const MIN_RETURN_KOPECKS = 100n

export type ReturnMoneyInput = {
  orderId: string
  kopecks: bigint
  storeReturnId: string
  /** How many returns this payment has recorded so far (to recognise ours in the bank's list). */
  recorded: number
}

export class InstallmentOrders {
  constructor(private readonly client: InstallmentsClient) {}

  /** Right after create the order waits for the client; a failed read must not lose the new order. */
  async stateOrAssumeNew(orderId: string): Promise<OrderStateInfo> {
    try {
      return await this.client.getOrderState(orderId)
    } catch {
      return { order_id: orderId, state: "IN_PROCESS", order_sub_state: "WAITING_FOR_CLIENT" }
    }
  }

  /** The order's data; undefined when the bank answers 404 (other errors are thrown, to be retried). */
  async dataOrUnknown(orderId: string): Promise<OrderData | undefined> {
    try {
      return await this.client.getOrderData(orderId)
    } catch (error) {
      if (isMonobankApiError(error) && error.status === 404) return undefined
      throw error
    }
  }

  /** Goods handed over. Already SUCCESS: nothing to do. Other states: returned as they are. */
  async confirm(orderId: string): Promise<OrderStateInfo> {
    const info = await this.client.getOrderState(orderId)
    if (info.order_sub_state !== "WAITING_FOR_STORE_CONFIRM") return info
    return this.act(orderId, () => this.client.confirmOrder(orderId), (after) => after.state === "SUCCESS")
  }

  /** The store will not hand over the goods. Already FAIL: nothing to do. SUCCESS: returned as is. */
  async reject(orderId: string): Promise<OrderStateInfo> {
    return this.rejectFrom(await this.client.getOrderState(orderId))
  }

  /**
   * The payment session is being discarded (cart changed, other method chosen). A client who
   * already confirmed has paid the first part: the order must be rejected. A client who has not
   * answered yet: try to reject so their app stops asking; otherwise it times out in 15 minutes.
   */
  async withdraw(orderId: string, logger: Pick<Logger, "warn">): Promise<OrderStateInfo> {
    const info = await this.client.getOrderState(orderId)
    if (info.order_sub_state === "WAITING_FOR_STORE_CONFIRM") return this.rejectFrom(info)
    if (info.order_sub_state !== "WAITING_FOR_CLIENT") return info
    try {
      return await this.rejectFrom(info)
    } catch (error) {
      logger.warn(
        `monobank installments: could not withdraw order ${orderId} that waits for the client (${(error as Error).message}); it expires in 15 minutes`
      )
      return info
    }
  }

  /** Money back to the client's card. A fully returned order (RETURNED) needs nothing more. */
  async returnMoney(input: ReturnMoneyInput): Promise<{ info: OrderStateInfo; returned?: InstallmentReturn }> {
    const { orderId, kopecks, storeReturnId } = input
    if (kopecks < MIN_RETURN_KOPECKS) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `monobank accepts installment returns of at least 1 UAH; this refund is ${formatUah(kopecks)}`
      )
    }
    const before = await this.client.getOrderState(orderId)
    if (before.order_sub_state === "RETURNED") return { info: before }
    if (before.state !== "SUCCESS") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `monobank installment order ${orderId} is ${before.state}/${before.order_sub_state}: money can be returned only after the order was captured (confirmed)`
      )
    }
    const sum = toHryvnia(kopecks)
    try {
      await this.client.returnOrder({ order_id: orderId, sum, store_return_id: storeReturnId, return_money_to_card: true })
    } catch (error) {
      if (!isOutcomeUnknown(error) || !(await this.returnWasMade(orderId, kopecks, input.recorded))) throw error
    }
    const after = await this.client.getOrderState(orderId).catch(() => before)
    return { info: after, returned: { store_return_id: storeReturnId, sum } }
  }

  /** After a lost answer: does the bank list one more return than we recorded, of our sum? */
  private async returnWasMade(orderId: string, kopecks: bigint, recorded: number): Promise<boolean> {
    const data = await this.client.getOrderData(orderId)
    const list = data.reverse_list ?? []
    const latest = list[list.length - 1]
    return list.length > recorded && latest !== undefined && toKopecks(latest.sum) === kopecks
  }

  private rejectFrom(info: OrderStateInfo): Promise<OrderStateInfo> {
    if (info.state !== "IN_PROCESS") return Promise.resolve(info)
    const orderId = info.order_id
    return this.act(orderId, () => this.client.rejectOrder(orderId), (after) => after.state === "FAIL")
  }

  private async act(
    orderId: string,
    call: () => Promise<OrderStateInfo>,
    reached: (info: OrderStateInfo) => boolean
  ): Promise<OrderStateInfo> {
    try {
      return await call()
    } catch (error) {
      // The bank may have acted (lost answer) or another request may have got there first.
      const after = await this.client.getOrderState(orderId).catch(() => undefined)
      if (after && reached(after)) return after
      throw error
    }
  }
}
