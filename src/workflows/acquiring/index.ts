export {
  syncMonobankInvoiceWorkflow,
  syncMonobankInvoiceWorkflowId,
  type SyncMonobankInvoiceInput,
} from "./sync-monobank-invoice"
