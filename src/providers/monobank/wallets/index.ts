export { openApplePayToken } from "./apple-pay"
export { APPLE_PAY_VALIDATION_HOSTS, ApplePayMerchantValidationError, appleValidationUrl, requestApplePayMerchantSession } from "./apple-pay-merchant-session"
export { googlePayPublicKey, openGooglePayToken } from "./google-pay"
export { WalletTokenError, type WalletCard, type WalletField } from "./wallet-card"
