export * from "./handle-monobank-notification"
export * from "./notification-plan"
export * from "./apply-notification"
