// Public workflows of the plugin (`medusa-payment-monobank/workflows`).
export * from "./acquiring"
export * from "./installments"
export * from "./checkout"
export * from "./notifications"
