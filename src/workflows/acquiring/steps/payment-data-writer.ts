import type { IPaymentModuleService, UpdatePaymentDTO } from "@medusajs/framework/types"

/**
 * Writes a payment's provider `data`. The module's `updatePayment` stores any column it is given,
 * but its DTO type (2.21) declares only `id`.
 */
export async function writePaymentData(
  paymentModule: IPaymentModuleService,
  paymentId: string,
  data: Record<string, unknown>
): Promise<void> {
  await paymentModule.updatePayment({ id: paymentId, data } as UpdatePaymentDTO)
}
