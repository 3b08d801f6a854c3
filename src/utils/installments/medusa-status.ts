/**
 * Our reading of an installment order in Medusa's vocabularies: session status and webhook action.
 * An order's state reads straight into a payment outcome (./states), so both are the shared
 * outcome table's (../payment-outcome): a fully returned order reads as a canceled session, and
 * Medusa's own webhook subscriber acts on authorized / captured, ours on failed / canceled.
 */
import { inMedusa } from "../payment-outcome"

export const SESSION_STATUS = inMedusa("session")

export const WEBHOOK_ACTION = inMedusa("action")
