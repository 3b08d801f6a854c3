/**
 * Bank-changing operations on an installment order (returns: see ./refunds), each safe to
 * repeat: read the state first, act only when the order is where the action applies, and when the
 * answer is lost (timeout, 5xx) read again to learn whether the bank acted before reporting a
 * failure.
 */
import type { Logger } from "@medusajs/framework/types"
import { isMonobankApiError, type InstallmentsClient, type OrderData, type OrderStateInfo } from "../../lib/monobank"
import { isRefusedByBank } from "../../utils/installments/bank-errors"

type CreateOrderRequest = Parameters<InstallmentsClient["createOrder"]>[0]

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

  /** The order's state now; undefined when the bank does not know the order (404). */
  async stateOrUnknown(orderId: string): Promise<OrderStateInfo | undefined> {
    try {
      return await this.client.getOrderState(orderId)
    } catch (error) {
      if (isMonobankApiError(error) && error.status === 404) return undefined
      throw error
    }
  }

  /**
   * Starting the session failed after the bank may have made its order (the answer was lost):
   * create is keyed by store_order_id, so asking again names the order the lost answer was about.
   * Undefined when the bank refused the create (no order) or cannot be asked now (logged: the
   * store owner must then look for it in the cabinet).
   */
  async nameLostOrder(request: CreateOrderRequest, cause: unknown, logger: Pick<Logger, "error">): Promise<string | undefined> {
    if (isRefusedByBank(cause)) return undefined
    try {
      return (await this.client.createOrder(request)).order_id
    } catch (error) {
      logger.error(
        `monobank installments: starting the payment session ${request.store_order_id} failed, and the order monobank may have made for it could not be named (${(error as Error).message}); reject it in the monobank cabinet if the shopper approved it`
      )
      return undefined
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
