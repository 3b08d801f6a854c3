/**
 * What a mono checkout delivery needs to be shipped, kept on the cart's shipping method and on the
 * fulfillment. Built from the bank's order record by the checkout workflow; checked here for each
 * delivery method, so an order never waits for a parcel with no branch or address to send it to.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { deliveryMethodSchema, type DeliveryMethod } from "../../lib/monobank"
import { DELIVERY_METHOD_NAMES } from "./delivery-method-names"

const text = z.string().trim().min(1)

export const deliveryDataSchema = z.object({
  delivery_method: deliveryMethodSchema,
  /**
   * The bank's `delivery_method` when it is none the plugin knows (one the bank added later): the
   * order was placed with a fallback option (`delivery_method`, see fallbackDeliveryMethod).
   */
  bank_delivery_method: text.optional(),
  /** The bank's own label of the method, as the shopper saw it. */
  delivery_method_desc: text.optional(),
  /** Carrier branch / parcel locker number (`delivery_branch_id`). */
  branch_id: text.optional(),
  /** Carrier branch / parcel locker address (`delivery_branch_address`). */
  branch_address: text.optional(),
  /** Courier: the shopper's street address (the bank reports it as `delivery_branch_address`). */
  address: text.optional(),
  /** From `deliveryAddressInfo` (city ref falls back to `delivery_city_id`). */
  city: z
    .object({
      name: text.optional(),
      ref: text.optional(),
      type: text.optional(),
      area_name: text.optional(),
      area_ref: text.optional(),
    })
    .optional(),
  recipient: z
    .object({ first_name: text.optional(), last_name: text.optional(), phone: text.optional() })
    .optional(),
  /** The bank's checkout order id. */
  checkout_order_id: text.optional(),
})

export type DeliveryData = z.infer<typeof deliveryDataSchema>

type Requirement = { field: string; present: (data: DeliveryData) => boolean }

const BRANCH_ID: Requirement = { field: "branch_id (branch number)", present: (d) => !!d.branch_id }
const BRANCH_ADDRESS: Requirement = { field: "branch_address", present: (d) => !!d.branch_address }
const ADDRESS: Requirement = { field: "address (street address)", present: (d) => !!d.address }

/**
 * What a parcel cannot be sent without. The city (`deliveryAddressInfo`, city reference) is not
 * here: the bank's records do not always carry it, and a paid order without it is placed with
 * what is there; the admin completes the address.
 */
export const DELIVERY_REQUIREMENTS = {
  pickup: [],
  courier: [ADDRESS],
  np_brnm: [BRANCH_ID, BRANCH_ADDRESS],
  np_box: [BRANCH_ID, BRANCH_ADDRESS],
  np_cargo: [BRANCH_ID, BRANCH_ADDRESS],
} as const satisfies Record<DeliveryMethod, readonly Requirement[]>

/**
 * The shipping options an order with a delivery method the plugin does not know is placed with,
 * the first the store has and whose needs the bank's data meets. Pickup first: it ships nothing
 * by itself, so the parcel waits for the store owner (the order needs attention) instead of going
 * to an address the plugin guessed; then the courier and the branches, which carry the street or
 * branch the bank sent for the packer to check.
 */
export const FALLBACK_DELIVERY_METHODS = ["pickup", "courier", "np_brnm", "np_cargo", "np_box"] as const satisfies readonly DeliveryMethod[]

export function fallbackDeliveryMethod(
  available: ReadonlySet<DeliveryMethod>,
  data: Omit<DeliveryData, "delivery_method">
): DeliveryMethod | undefined {
  const withMethod = (method: DeliveryMethod): DeliveryData => ({ ...data, delivery_method: method })
  return FALLBACK_DELIVERY_METHODS.find(
    (method) => available.has(method) && DELIVERY_REQUIREMENTS[method].every((requirement) => requirement.present(withMethod(method)))
  )
}

/**
 * Parses and checks the delivery data for the method of the shipping option (`optionMethod`).
 * Throws an INVALID_DATA error naming what is missing.
 */
export function validateDeliveryData(optionMethod: unknown, data: unknown): DeliveryData {
  const method = deliveryMethodSchema.safeParse(optionMethod)
  if (!method.success) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `monobank checkout: unknown delivery option ${JSON.stringify(optionMethod)}`)
  }
  const parsed = deliveryDataSchema.safeParse(data ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${DELIVERY_METHOD_NAMES[method.data].en} (mono checkout): ${issue.path.join(".") || "data"} ${issue.message}; ` +
        "these shipping options are filled in from orders placed on the mono checkout page"
    )
  }
  if (parsed.data.delivery_method !== method.data) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `monobank checkout: delivery data for ${parsed.data.delivery_method} given to the ${method.data} shipping option`
    )
  }
  const missing = DELIVERY_REQUIREMENTS[method.data].filter((requirement) => !requirement.present(parsed.data))
  if (missing.length) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${DELIVERY_METHOD_NAMES[method.data].en} (mono checkout) needs ${missing.map((m) => m.field).join(", ")}`
    )
  }
  return parsed.data
}
