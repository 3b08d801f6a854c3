/** The same object without its undefined fields, so a bank request or stored record carries only what is known. */
export function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
