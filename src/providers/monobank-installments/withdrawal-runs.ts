/**
 * One run of taking back remembered installment orders (./withdrawals), for every installment
 * store the application configures, with that provider's credentials and the settings saved in
 * the admin, and every store the admin moved away from (its kept credentials). Each order is handled under its session's lock and then the lock its refunds take (the
 * order every money path takes them in), so servers running the job at once, or a refund of the
 * same order, never interleave.
 */
import type { ILockingModule, IPaymentModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { MONOBANK_WITHDRAWALS_MODULE } from "../../modules/monobank-withdrawals"
import { resolveInstallmentsOptions } from "../../utils/installments/options"
import { monobankProvidersOf } from "../../utils/monobank-configuration"
import { depsFor } from "./deps"
import { depsOfEveryStore } from "./stored-settings"
import { takeBack, type WithdrawalsStore } from "./withdrawals"
import { withSessionLock } from "../../utils/session-money/session-lock"

export type WithdrawalRunSummary = { checked: number; settled: number; waiting: number; failed: number }

/** How long one order waits for its lock (a refund of it running) before the next run tries. */
const ORDER_LOCK_TIMEOUT_S = 5

export async function takeBackDiscardedOrders(container: MedusaContainer, { limit = 100, now = new Date() } = {}): Promise<WithdrawalRunSummary> {
  const summary: WithdrawalRunSummary = { checked: 0, settled: 0, waiting: 0, failed: 0 }
  const withdrawals = container.resolve<WithdrawalsStore | undefined>(MONOBANK_WITHDRAWALS_MODULE, { allowUnregistered: true })
  if (!withdrawals) return summary
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const storesDone = new Set<string>()
  const stores = []
  for (const provider of monobankProvidersOf(configModule, "installments")) {
    // Also the stores the admin moved away from: orders remembered under them are still taken back.
    stores.push(...(await depsOfEveryStore(container, depsFor(resolveInstallmentsOptions(provider.options), logger), provider.options)))
  }
  for (const deps of stores) {
    if (storesDone.has(deps.options.storeId)) continue
    storesDone.add(deps.options.storeId)
    for (const withdrawal of await withdrawals.listOpenWithdrawals(deps.options.storeId, limit)) {
      summary.checked++
      const order = `monobank installments: order ${withdrawal.order_id} (session ${withdrawal.store_order_id})`
      try {
        const result = await withSessionLock(locking, withdrawal.store_order_id, () =>
          locking.execute(`monobank-installments:order:${withdrawal.order_id}`, () => takeBack(deps, { withdrawal, paymentModule }), {
            timeout: ORDER_LOCK_TIMEOUT_S,
          })
        )
        if ("detail" in result) {
          await withdrawals.settleWithdrawal(withdrawal.id, result.kind, now)
          summary.settled++
          logger.info(`${order} taken back (${withdrawal.reason}): ${result.kind.replaceAll("_", " ")}, ${result.detail}`)
        } else {
          summary.waiting++
        }
      } catch (error) {
        summary.failed++
        await withdrawals.noteFailedAttempt(withdrawal.id, withdrawal.attempts + 1, (error as Error).message)
        logger.warn(`${order} could not be taken back yet (attempt ${withdrawal.attempts + 1}): ${(error as Error).message}`)
      }
    }
  }
  return summary
}
