// The parts of Apple Pay JS and the Google Pay API these buttons use (neither ships types with the starter).

export type ApplePayPaymentRequest = {
  countryCode: string
  currencyCode: string
  supportedNetworks: string[]
  merchantCapabilities: string[]
  total: { label: string; amount: string }
}

export type ApplePaySessionInstance = {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null
  onpaymentauthorized: ((event: { payment: { token: { paymentData: unknown } } }) => void) | null
  oncancel: (() => void) | null
  completeMerchantValidation(merchantSession: unknown): void
  completePayment(result: { status: number }): void
  begin(): void
  abort(): void
}

export type ApplePaySessionClass = {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionInstance
  canMakePayments(): boolean
  supportsVersion(version: number): boolean
  readonly STATUS_SUCCESS: number
  readonly STATUS_FAILURE: number
}

export type GooglePaymentsClient = {
  isReadyToPay(request: object): Promise<{ result: boolean }>
  loadPaymentData(request: object): Promise<{ paymentMethodData: { tokenizationData: { token: string } } }>
}

export type GooglePayApi = {
  payments: { api: { PaymentsClient: new (options: { environment: "TEST" | "PRODUCTION" }) => GooglePaymentsClient } }
}

export const applePaySession = (): ApplePaySessionClass | undefined =>
  typeof window === "undefined" ? undefined : (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession

export const googlePayApi = (): GooglePayApi | undefined =>
  typeof window === "undefined" ? undefined : (window as unknown as { google?: GooglePayApi }).google

/** Loads Google's pay.js once. */
export function loadGooglePay(): Promise<GooglePayApi> {
  const loaded = googlePayApi()
  if (loaded?.payments) return Promise.resolve(loaded)
  return new Promise((resolve, reject) => {
    const script = document.createElement("script")
    script.src = "https://pay.google.com/gp/p/js/pay.js"
    script.async = true
    script.onload = () => {
      const api = googlePayApi()
      if (api?.payments) resolve(api)
      else reject(new Error("Google Pay did not load."))
    }
    script.onerror = () => reject(new Error("Google Pay did not load."))
    document.head.appendChild(script)
  })
}
