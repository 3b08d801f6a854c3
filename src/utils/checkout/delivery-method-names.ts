/**
 * The names of each mono checkout delivery method, in one table so a new method gets all of them
 * at once: `en` for the store owner (the fulfillment options, errors about delivery data), `uk` for
 * the packer and the shopper (the order's address and shipping method, when the bank's record has
 * no `delivery_method_desc` of its own).
 */
import type { DeliveryMethod } from "../../lib/monobank"

export const DELIVERY_METHOD_NAMES = {
  pickup: { en: "Pickup", uk: "Самовивіз" },
  courier: { en: "Courier", uk: "Кур'єрська доставка" },
  np_brnm: { en: "Nova Poshta branch", uk: "Нова пошта, відділення" },
  np_box: { en: "Nova Poshta parcel locker", uk: "Нова пошта, поштомат" },
  np_cargo: { en: "Nova Poshta cargo branch", uk: "Нова пошта, вантажне відділення" },
} as const satisfies Record<DeliveryMethod, { en: string; uk: string }>
