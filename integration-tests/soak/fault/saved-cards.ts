/**
 * Customers with a saved card, made before the barrage (no faults): each registers, pays a first
 * order on the hosted page with `save_card`, and gets the card's id the storefront passes later as
 * `payment_method_id`.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { EmulatorControl } from "../../../emulator"
import { createReadyCart, startPaymentSession, type StoreFixtures } from "../../helpers/store-fixtures"
import { DEBIT_PROVIDER, type SavedCard } from "./shoppers"
import { sleep } from "./tally"

type Api = {
  get: (url: string, config?: object) => Promise<{ data: any; status: number }>
  post: (url: string, body?: object, config?: object) => Promise<{ data: any; status: number }>
  delete: (url: string, config?: object) => Promise<{ data: any; status: number }>
}

async function customerWithSavedCard(api: Api, fx: StoreFixtures, container: MedusaContainer, control: EmulatorControl, n: number): Promise<SavedCard> {
  const email = `soak-saver-${n}-${Date.now()}@example.test`
  const password = "correct horse battery staple"
  const { data: registration } = await api.post("/auth/customer/emailpass/register", { email, password })
  const { data: created } = await api.post(
    "/store/customers",
    { email, first_name: "Леся", last_name: "Українка" },
    { headers: { ...fx.store.headers, authorization: `Bearer ${registration.token}` } }
  )
  const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
  const auth = { authorization: `Bearer ${login.token}` }
  const shopper = { ...fx, store: { headers: { ...fx.store.headers, ...auth } } }

  const cart = await createReadyCart(api, shopper, { email })
  const { session } = await startPaymentSession(api, shopper, cart.id, DEBIT_PROVIDER, { save_card: true })
  await control.payInvoice(session.data.invoiceId)
  const done = await api.post(`/store/carts/${cart.id}/complete`, {}, shopper.store)
  if (done.data.type !== "order") throw new Error(`saving a card: the first order was not placed (${JSON.stringify(done.data).slice(0, 300)})`)

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  for (let attempt = 0; attempt < 40; attempt++) {
    const { data } = await query.graph({ entity: "customer", fields: ["id", "account_holders.*"], filters: { id: created.customer.id } })
    const holder = (data[0]?.account_holders ?? []).find((h: any) => h?.provider_id === DEBIT_PROVIDER)
    const cards = holder ? await paymentModule.listPaymentMethods({ provider_id: DEBIT_PROVIDER, context: { account_holder: holder } } as any) : []
    if (cards.length) return { auth, paymentMethodId: cards[0].id }
    await sleep(500)
  }
  throw new Error(`saving a card: customer ${email} has no saved card`)
}

export async function customersWithSavedCards(
  api: Api,
  fx: StoreFixtures,
  container: MedusaContainer,
  control: EmulatorControl,
  count: number
): Promise<SavedCard[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => customerWithSavedCard(api, fx, container, control, n)))
}
