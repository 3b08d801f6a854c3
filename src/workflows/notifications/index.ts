export * from "./notification-plan"
export * from "./apply-notification"
