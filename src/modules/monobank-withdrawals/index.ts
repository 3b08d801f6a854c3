/**
 * `monobank-withdrawals` module: installment orders the store still has to take back at the bank,
 * worked off by the scheduled reconcile (see ./service). Plugin modules are registered
 * automatically.
 */
import { Module } from "@medusajs/framework/utils"
import { MonobankWithdrawalsModuleService } from "./service"

export const MONOBANK_WITHDRAWALS_MODULE = "monobankWithdrawals"

export { MonobankWithdrawalsModuleService } from "./service"
export type { OpenWithdrawal, WithdrawalOutcome, WithdrawalToRemember } from "./service"

export default Module(MONOBANK_WITHDRAWALS_MODULE, {
  service: MonobankWithdrawalsModuleService,
})
