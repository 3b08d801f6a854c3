export {
  syncInstallmentSessionWorkflow,
  syncInstallmentSessionWorkflowId,
  type SyncInstallmentSessionInput,
} from "./sync-installment-session"
export { pollInstallmentSession } from "./poll-installment-session"
export type { InstallmentSessionSummary } from "./steps/summarize-installment-session"
