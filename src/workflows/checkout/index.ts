export {
  createMonobankCheckoutOrderWorkflow,
  createMonobankCheckoutOrderWorkflowId,
  type CreateMonobankCheckoutOrderInput,
  type CreateMonobankCheckoutOrderResult,
} from "./create-checkout-order"
export {
  syncMonobankCheckoutOrderWorkflow,
  syncMonobankCheckoutOrderWorkflowId,
  type MonobankCheckoutSummary,
  type SyncMonobankCheckoutOrderInput,
} from "./sync-checkout-order"
export {
  placeMonobankCheckoutOrderWorkflow,
  placeMonobankCheckoutOrderWorkflowId,
  type PlaceCheckoutOrderInput,
} from "./place-checkout-order"
export { syncCheckoutOrderSafely, type CheckoutSyncResult } from "./sync-safely"
export { checkoutSummary } from "./summary"
export {
  syncDueCheckoutOrders,
  isDueForSync,
  RECONCILE_WINDOW_MS,
  type ReconcileSummary,
} from "./reconcile"
