/**
 * An installments callback the bank never sent: signed with a secret the store keeps (an attacker
 * who learned it: the sandbox's secret is published), for the cart's installment order, claiming
 * more than the bank says. Only the bank's own state may decide (#40 defect 7): the claim moves no
 * money, and the store confirms nothing at the bank on its word (the invariant `unaskedCaptures`).
 * The moment: "waiting", while the shopper has not answered in the app; "placed", once the cart's
 * order rests on an installment the shopper approved and the bank holds for the store's confirmation.
 */
import { signBody } from "../../emulator/installments/signature"
import { ModelCommand, cartOf, describeCompletion, label, note, type Model, type Run } from "./command-base"
import { start } from "./shopper-commands"
import { answered, brief, completeCart, currentSession, INSTALLMENTS_HOOK_PATH, INSTALLMENTS_PROVIDER, orderOfCart, untilShopperAnswered, type ModelCart } from "./store-world"

export const CLAIMS = {
  approved: { state: "IN_PROCESS", order_sub_state: "WAITING_FOR_STORE_CONFIRM" },
  active: { state: "SUCCESS", order_sub_state: "ACTIVE" },
} as const
export type Claim = keyof typeof CLAIMS
export const MOMENTS = ["waiting", "placed"] as const
export type Moment = (typeof MOMENTS)[number]

export class ForgedCallback extends ModelCommand {
  constructor(readonly c: number, readonly claim: Claim, readonly moment: Moment) {
    super()
  }
  async run(_m: Model, run: Run) {
    const { world } = run
    const cart = await cartOf(run, this.c)
    const orderId = await this.installmentOrderOf(run, cart)
    if (!orderId) return note(run, `${cart.label}: no installment order to forge a callback for`)
    const body = JSON.stringify({ order_id: orderId, ...CLAIMS[this.claim] })
    const headers = { "content-type": "application/json", signature: signBody(body, world.installmentsSecret) }
    // The exact bytes signed (axios sends a string body as it is).
    const answer = await answered(world.api.post(INSTALLMENTS_HOOK_PATH, body as unknown as object, { headers }))
    await world.webhooks.quiet()
    const bank = await world.control.getInstallmentOrder(orderId)
    note(run, `${cart.label}: a forged callback claims ${this.claim} for ${orderId} (the bank says ${bank.state}/${bank.order_sub_state}) -> ${brief(answer)}`)
  }

  /** The cart's installment order at the bank, started now for this moment if the cart has none. */
  private async installmentOrderOf(run: Run, cart: ModelCart): Promise<string | undefined> {
    const current = await currentSession(run.world, cart)
    const own = current?.provider_id === INSTALLMENTS_PROVIDER ? (current.data?.order_id as string | undefined) : undefined
    if (own) return own
    if (this.moment === "waiting") return (await start(run, cart, "installments-wait")).data?.payment_collection?.payment_sessions?.[0]?.data?.order_id
    if (await orderOfCart(run.world, cart)) return undefined
    const orderId = (await start(run, cart, "installments-store-confirm")).data?.payment_collection?.payment_sessions?.[0]?.data?.order_id
    if (!orderId) return undefined
    await untilShopperAnswered(run.world, orderId)
    note(run, `${cart.label}: completed on the approved installment -> ${describeCompletion(await completeCart(run.world, cart))}`)
    return orderId
  }

  toString() {
    return `${label(this.c)}.forgedCallback(${this.claim}, ${this.moment})`
  }
}
