/**
 * `GET /store/monobank/installment-prices?region_id=...&amount=1234.56`: what a price comes to in
 * installments ("from X ₴ × N payments" under a product's price), public facts only:
 * `{ installments: { provider_id, currency_code, parts, min_total, max_total, payments: [{ parts_count, per_part }] } }`,
 * or `{ installments: null, reason }` where the region does not offer installments (no enabled
 * installments provider, or not hryvnia) or the price is outside the store's order-total limits.
 * The numbers of payments and limits are the provider's, with the admin's saved settings over them.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { installmentsOptionsUnder, installmentsOrderLimits, installmentsSettingsNow } from "../../../../utils/effective-settings"
import { outsideLimits, partPayments, type PartPayment } from "../../../../utils/installments/price-offer"
import { monobankProviderOptions } from "../../../../utils/monobank-configuration"
import { providerKindOf } from "../../../../utils/provider-ids"

const querySchema = z.strictObject({
  region_id: z.string({ error: "region_id is required: the shopper's region" }).trim().min(1, { error: "region_id must not be empty" }),
  amount: z
    .string({ error: "amount is required: the price in hryvnia, e.g. 1234.56" })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,6})?$/, { error: "amount must be a positive price in hryvnia, e.g. 1234.56" })
    .refine((text) => Number(text) > 0, { error: "amount must be greater than zero" }),
})

export type InstallmentPrices =
  | { installments: { provider_id: string; currency_code: "uah"; parts: number[]; min_total: string | null; max_total: string | null; payments: PartPayment[] } }
  | { installments: null; reason: string }

export async function GET(req: MedusaRequest, res: MedusaResponse<InstallmentPrices>) {
  const query = querySchema.safeParse(req.query)
  if (!query.success) {
    const words = query.error.issues.map((issue) => (issue.code === "unrecognized_keys" ? `unknown parameter(s): ${issue.keys.join(", ")}` : issue.message))
    throw new MedusaError(MedusaError.Types.INVALID_DATA, words.join("; "))
  }
  res.setHeader("Cache-Control", "no-store")
  res.json(await installmentPrices(req.scope, query.data.region_id, query.data.amount))
}

async function installmentPrices(scope: MedusaRequest["scope"], regionId: string, amount: string): Promise<InstallmentPrices> {
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "region",
    fields: ["id", "currency_code", "payment_providers.id", "payment_providers.is_enabled"],
    filters: { id: regionId },
  })
  const region = data[0] as { currency_code: string; payment_providers?: { id: string; is_enabled?: boolean }[] } | undefined
  if (!region) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Region ${regionId} was not found`)
  if (region.currency_code.toLowerCase() !== "uah") return { installments: null, reason: "Installments are paid in hryvnia only" }
  const providerId = (region.payment_providers ?? [])
    .filter((provider) => provider && provider.is_enabled !== false && providerKindOf(provider.id) === "installments")
    .map((provider) => provider.id)
    .sort()[0]
  const raw = providerId && monobankProviderOptions(scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  if (!providerId || !raw) return { installments: null, reason: "This region does not offer installments" }
  const settings = await installmentsSettingsNow(scope)
  const options = installmentsOptionsUnder(raw, settings)
  const limits = installmentsOrderLimits(settings.stored)
  const refusal = outsideLimits(amount, limits)
  if (refusal) return { installments: null, reason: refusal }
  return {
    installments: {
      provider_id: providerId,
      currency_code: "uah",
      parts: options.allowedParts,
      min_total: limits.min ?? null,
      max_total: limits.max ?? null,
      payments: partPayments(amount, options.allowedParts),
    },
  }
}
