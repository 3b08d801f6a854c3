/**
 * Installment order state machine. Created orders wait for the client (IN_PROCESS/WAITING_FOR_CLIENT);
 * the sandbox phone endings script what the client does; 15 emulator minutes without an answer is
 * FAIL/CLIENT_PUSH_TIMEOUT. Callbacks go out on WAITING_FOR_STORE_CONFIRM, on every FAIL sub-state and
 * on the ending-1 approval.
 */
import type { Clock } from "../clock"
import { CLIENT_PUSH_TIMEOUT_MS, TEST_PHONE_ENDINGS } from "../constants"
import { HttpError, badRequest, notFound } from "../http-util"
import { newUuid } from "../ids"
import { hryvniaToKopecks, kopecksToHryvnia } from "../money"
import type { CreateOrderBody, ReturnBody } from "./schemas"
import { STATE_OF_SUB_STATE, type InstallmentOrder, type InstallmentSubState, type OrderStateInfo } from "./types"

export type InstallmentOrdersDeps = {
  clock: Clock
  callbackDelayMs: number
  /** Sends the signed callback with the order's current state (if it has a result_callback). */
  notify: (order: InstallmentOrder) => void
}

/** What the client does, by the last digit of the phone (undefined: waits for control). */
const SCRIPTED_ENDINGS: Record<string, InstallmentSubState> = {
  [TEST_PHONE_ENDINGS.approved]: "ACTIVE",
  [TEST_PHONE_ENDINGS.exceededSumLimit]: "EXCEEDED_SUM_LIMIT",
  [TEST_PHONE_ENDINGS.waitingForStoreConfirm]: "WAITING_FOR_STORE_CONFIRM",
}

const sendsCallback = (subState: InstallmentSubState): boolean =>
  subState === "WAITING_FOR_STORE_CONFIRM" || STATE_OF_SUB_STATE[subState] === "FAIL"

export class InstallmentOrders {
  private readonly orders = new Map<string, InstallmentOrder>()
  private readonly byStoreOrderId = new Map<string, string>()

  constructor(private readonly deps: InstallmentOrdersDeps) {}

  /** Idempotent per store_order_id: a repeat returns the existing order. */
  create(body: CreateOrderBody, storeId: string): InstallmentOrder {
    const existing = this.byStoreOrderId.get(body.store_order_id)
    if (existing) return this.orders.get(existing)!
    const now = this.deps.clock.iso()
    const order: InstallmentOrder = {
      ...body,
      order_id: newUuid(),
      store_id: storeId,
      totalKopecks: hryvniaToKopecks(body.total_sum),
      state: "IN_PROCESS",
      order_sub_state: "WAITING_FOR_CLIENT",
      create_timestamp: now,
      returns: [],
      card_return_possible: true,
      history: [{ state: "IN_PROCESS", order_sub_state: "WAITING_FOR_CLIENT", at: now }],
    }
    this.orders.set(order.order_id, order)
    this.byStoreOrderId.set(order.store_order_id, order.order_id)
    this.deps.clock.after(CLIENT_PUSH_TIMEOUT_MS, `push timeout ${order.order_id}`, () =>
      this.whileWaitingForClient(order, "CLIENT_PUSH_TIMEOUT")
    )
    const scripted = SCRIPTED_ENDINGS[order.client_phone.slice(-1)]
    if (scripted) {
      this.deps.clock.after(this.deps.callbackDelayMs, `sandbox ending for ${order.order_id}`, () =>
        this.whileWaitingForClient(order, scripted, true)
      )
    }
    return order
  }

  /** With `storeId`: as that store sees it (another store's order is not found). */
  get(orderId: string, storeId?: string): InstallmentOrder {
    const order = this.orders.get(orderId)
    if (!order || (storeId !== undefined && order.store_id !== storeId)) throw notFound(`order ${orderId} not found`)
    return order
  }

  /** The order made for a store_order_id (the one a repeated create returns), if any. */
  findByStoreOrderId(storeOrderId: string): InstallmentOrder | undefined {
    const orderId = this.byStoreOrderId.get(storeOrderId)
    return orderId === undefined ? undefined : this.orders.get(orderId)
  }

  reset(): void {
    this.orders.clear()
    this.byStoreOrderId.clear()
  }

  clientConfirm(order: InstallmentOrder): void {
    this.require(order, ["WAITING_FOR_CLIENT"], "the client can only confirm", 409)
    this.move(order, "WAITING_FOR_STORE_CONFIRM")
  }

  clientReject(order: InstallmentOrder): void {
    this.require(order, ["WAITING_FOR_CLIENT"], "the client can only reject", 409)
    this.move(order, "REJECTED_BY_CLIENT")
  }

  /** Extension: the client never answered the push (what 15 emulator minutes do), now, for this order only. */
  clientTimeout(order: InstallmentOrder): void {
    this.require(order, ["WAITING_FOR_CLIENT"], "only an order waiting for the client can time out", 409)
    this.move(order, "CLIENT_PUSH_TIMEOUT")
  }

  /** Extension: the client paid everything off (SUCCESS/DONE), for check/paid. */
  fullyPaid(order: InstallmentOrder): void {
    this.require(order, ["ACTIVE"], "only an active installment can be paid off", 409)
    this.move(order, "DONE")
  }

  confirm(order: InstallmentOrder): void {
    this.require(order, ["WAITING_FOR_STORE_CONFIRM"], "confirm is only possible")
    this.move(order, "ACTIVE")
  }

  reject(order: InstallmentOrder): void {
    this.require(order, ["WAITING_FOR_CLIENT", "WAITING_FOR_STORE_CONFIRM"], "reject is only possible")
    this.move(order, "REJECTED_BY_STORE")
  }

  /** Partial or full return; never more than what is left. A full return ends in SUCCESS/RETURNED. */
  returnGoods(order: InstallmentOrder, body: ReturnBody): void {
    this.require(order, ["ACTIVE", "DONE"], "return is only possible")
    const kopecks = hryvniaToKopecks(body.sum)
    const left = this.leftKopecks(order)
    if (kopecks > left) throw badRequest(`sum: ${body.sum} exceeds what is left to return (${kopecksToHryvnia(left)})`)
    if (body.return_money_to_card && !order.card_return_possible) throw badRequest("return_money_to_card: the bank cannot return money to the client's card for this order")
    order.returns.push({
      store_return_id: body.store_return_id,
      sum: body.sum,
      kopecks,
      return_money_to_card: body.return_money_to_card,
      timestamp: this.deps.clock.iso(),
    })
    if (kopecks === left) this.move(order, "RETURNED")
  }

  checkPaid(order: InstallmentOrder) {
    if (order.state !== "SUCCESS") throw badRequest(`order is not in state SUCCESS (state ${order.state})`)
    return { fully_paid: order.order_sub_state === "DONE", bank_can_return_money_to_card: order.card_return_possible }
  }

  /** Extension: whether the bank can pay returns to the client's card (a closed card cannot). */
  setCardReturnPossible(order: InstallmentOrder, possible: boolean): void {
    order.card_return_possible = possible
  }

  stateInfo(order: InstallmentOrder): OrderStateInfo {
    return { order_id: order.order_id, state: order.state, order_sub_state: order.order_sub_state }
  }

  /**
   * `/api/order/data` and the deprecated `/api/order/info`: the published document gives both the
   * same response schema (OrderShortInfo, reverse_list included), so both answer this record.
   */
  data(order: InstallmentOrder) {
    return {
      total_sum: order.total_sum,
      source: order.invoice.source,
      invoice_number: order.invoice.number,
      invoice_date: order.invoice.date,
      ...(order.invoice.point_id ? { point_id: order.invoice.point_id } : {}),
      store_order_id: order.store_order_id,
      create_timestamp: order.create_timestamp,
      reverse_list: order.returns.map(({ sum, timestamp }) => ({ sum, timestamp })),
      maskedCard: "4242 42** **** 4242",
      iban: "UA213996220000026007233566001",
    }
  }

  leftKopecks(order: InstallmentOrder): number {
    return order.totalKopecks - order.returns.reduce((sum, item) => sum + item.kopecks, 0)
  }

  private whileWaitingForClient(order: InstallmentOrder, to: InstallmentSubState, forceCallback = false): void {
    if (this.orders.get(order.order_id) !== order || order.order_sub_state !== "WAITING_FOR_CLIENT") return
    this.move(order, to, forceCallback)
  }

  private move(order: InstallmentOrder, to: InstallmentSubState, forceCallback = false): void {
    order.state = STATE_OF_SUB_STATE[to]
    order.order_sub_state = to
    order.history.push({ state: order.state, order_sub_state: to, at: this.deps.clock.iso() })
    if (forceCallback || sendsCallback(to)) this.deps.notify(order)
  }

  private require(order: InstallmentOrder, from: InstallmentSubState[], what: string, status = 400): void {
    if (!from.includes(order.order_sub_state)) {
      throw new HttpError(
        status,
        `${what} from ${from.join(" or ")} (order is ${order.state}/${order.order_sub_state})`
      )
    }
  }
}
