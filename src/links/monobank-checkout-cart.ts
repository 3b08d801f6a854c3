/** Each mono checkout order belongs to the cart it was made from (its `cart_id`). */
import CartModule from "@medusajs/medusa/cart"
import { defineLink } from "@medusajs/framework/utils"
import MonobankCheckoutModule from "../modules/monobank-checkout"

export default defineLink(MonobankCheckoutModule.linkable.monobankCheckoutOrder, CartModule.linkable.cart)
