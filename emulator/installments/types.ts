export type InstallmentState = "SUCCESS" | "FAIL" | "IN_PROCESS"

/** Each sub-state belongs to exactly one state. */
export const STATE_OF_SUB_STATE = {
  ACTIVE: "SUCCESS",
  DONE: "SUCCESS",
  RETURNED: "SUCCESS",
  WAITING_FOR_CLIENT: "IN_PROCESS",
  WAITING_FOR_STORE_CONFIRM: "IN_PROCESS",
  CLIENT_NOT_FOUND: "FAIL",
  EXCEEDED_SUM_LIMIT: "FAIL",
  EXISTS_OTHER_OPEN_ORDER: "FAIL",
  NOT_ENOUGH_MONEY_FOR_INIT_DEBIT: "FAIL",
  REJECTED_BY_CLIENT: "FAIL",
  PAY_PARTS_ARE_NOT_ACCEPTABLE: "FAIL",
  FRAUD_REJECTED: "FAIL",
  RESTRICTED_BY_RISKS: "FAIL",
  CLIENT_PUSH_TIMEOUT: "FAIL",
  REJECTED_BY_STORE: "FAIL",
  FAIL: "FAIL",
} as const satisfies Record<string, InstallmentState>

export type InstallmentSubState = keyof typeof STATE_OF_SUB_STATE

export type InstallmentReturn = {
  store_return_id: string
  sum: number
  kopecks: number
  return_money_to_card: boolean
  timestamp: string
}

export type InstallmentOrder = {
  order_id: string
  /** The store (`store-id`) that created it; only that store can read or change it. */
  store_id: string
  store_order_id: string
  client_phone: string
  total_sum: number
  totalKopecks: number
  invoice: { date: string; number: string; source: "INTERNET" | "STORE"; point_id?: string }
  available_programs: Array<{ available_parts_count: number[]; type?: string }>
  products: Array<{ name: string; count: number; sum: number }>
  result_callback?: string
  additional_params?: Record<string, unknown>
  state: InstallmentState
  order_sub_state: InstallmentSubState
  create_timestamp: string
  returns: InstallmentReturn[]
  /** Extension: whether the bank can pay a return to the client's card (check/paid); true unless set. */
  card_return_possible: boolean
  /** Every state change, oldest first (control getInstallmentOrder). */
  history: Array<{ state: InstallmentState; order_sub_state: InstallmentSubState; at: string }>
}

export type OrderStateInfo = { order_id: string; state: InstallmentState; order_sub_state: InstallmentSubState }
