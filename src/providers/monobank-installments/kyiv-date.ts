/** The invoice date the bank wants (YYYY-MM-DD), in Kyiv time like the bank's own records. */
export function kyivDate(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Kyiv", year: "numeric", month: "2-digit", day: "2-digit" }).format(now)
}
