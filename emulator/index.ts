/** monobank emulator: a local stand-in for the acquiring, installments and checkout APIs. */
export { startEmulator, type RunningEmulator } from "./start"
export { createEmulatorControl, EmulatorControlError, type EmulatorControl, type CardDetails, type CheckoutOrderState } from "./control-client"
export { PARTIAL_REFUND_STATUSES, type EmulatorOptions, type PartialRefundStatus } from "./options"
export { RECORD_SHAPES, type RecordShape } from "./record-shapes"
export {
  DEFAULT_ACQUIRING_TOKEN,
  DEFAULT_INSTALLMENTS_SECRET,
  DEFAULT_INSTALLMENTS_STORE_ID,
  TEST_CARDS,
  TEST_CARD_OUTCOMES,
  TEST_PHONE_ENDINGS,
  TEST_PHONE_ENDING_OUTCOMES,
} from "./constants"
export type { DeliveryRecord, DeliveryKind, WebhookMode } from "./delivery"
export type { CallRecord, FaultSpec, FaultKind } from "./faults"
export type { InvoiceStatusRecord, PaymentResultRecord, CancelResult } from "./acquiring/types"
export type { InvoiceState, ReferenceReport } from "./acquiring/records"
export type { InstallmentOrder, OrderStateInfo } from "./installments/types"
export type { CheckoutCompletion } from "./checkout/schemas"
