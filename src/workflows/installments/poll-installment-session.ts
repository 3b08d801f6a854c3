/**
 * What `GET /store/monobank/installments/:session_id` runs. Anybody holding a session id can poll
 * it at any rate, so one poll per session and POLL_READ_INTERVAL_MS does the work (reads the bank,
 * records a change, completes the cart), whichever server it reaches: it claims the interval with
 * one conditional statement in the database (module monobank-bank-reads). Every other poll answers
 * from the stored session and changes nothing.
 *
 * Polls of one session also take turns at the claim through Medusa's locking module, and the poll
 * that claims keeps its turn until its work is done: a poll that arrives meanwhile answers what
 * that work found, not the state before it (across servers when Medusa's locks are shared).
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { MONOBANK_BANK_READS_MODULE, type MonobankBankReadsModuleService } from "../../modules/monobank-bank-reads"
import { INSTALLMENTS_PROVIDER_PREFIX, POLL_READ_INTERVAL_MS } from "./utils/constants"
import type { InstallmentSessionSummary } from "./steps/summarize-installment-session"
import { syncInstallmentSessionWorkflow, type InstallmentPoll } from "./sync-installment-session"

/** How long a poll waits for the poll holding the turn (seconds); then it answers from what is stored. */
const TURN_TIMEOUT_S = 10

export async function pollInstallmentSession(container: MedusaContainer, sessionId: string): Promise<InstallmentSessionSummary> {
  const run = async (poll: InstallmentPoll) => {
    const { result } = await syncInstallmentSessionWorkflow(container).run({
      input: { session_id: sessionId, complete_cart: true, poll },
    })
    return result
  }
  // No claim for ids that are not installment sessions: the stored answer is the 404.
  if (!(await isInstallmentSession(container, sessionId))) return run("stored")

  const reads = container.resolve<MonobankBankReadsModuleService>(MONOBANK_BANK_READS_MODULE)
  const locking = container.resolve(Modules.LOCKING)
  let turnTaken = false
  let worked: InstallmentSessionSummary | undefined
  try {
    worked = await locking.execute(
      `monobank-installments:poll:${sessionId}`,
      async () => {
        turnTaken = true
        return (await reads.claimBankRead(`installments:${sessionId}`, POLL_READ_INTERVAL_MS)) ? run("read") : undefined
      },
      { timeout: TURN_TIMEOUT_S }
    )
  } catch (error) {
    if (turnTaken) throw error
  }
  return worked ?? run("stored")
}

async function isInstallmentSession(container: MedusaContainer, sessionId: string): Promise<boolean> {
  const paymentModule = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const [session] = await paymentModule.listPaymentSessions({ id: sessionId }, { select: ["id", "provider_id"] })
  return Boolean(session?.provider_id?.startsWith(INSTALLMENTS_PROVIDER_PREFIX))
}
