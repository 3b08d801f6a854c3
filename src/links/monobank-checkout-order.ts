/** The Medusa order a placed mono checkout order became. */
import OrderModule from "@medusajs/medusa/order"
import { defineLink } from "@medusajs/framework/utils"
import MonobankCheckoutModule from "../modules/monobank-checkout"

export default defineLink(MonobankCheckoutModule.linkable.monobankCheckoutOrder, OrderModule.linkable.order)
