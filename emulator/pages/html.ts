/** Tiny HTML helpers for the hosted pages: escaping, one layout, amounts. Pages work without JavaScript. */

export function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const CURRENCY_LETTERS: Record<number, string> = { 980: "UAH", 840: "USD", 978: "EUR" }

/** Minor units -> "1234.56 UAH" by integer arithmetic. */
export function formatMinorAmount(amount: number, ccy: number): string {
  const whole = Math.trunc(amount / 100)
  const cents = String(amount % 100).padStart(2, "0")
  return `${whole}.${cents} ${CURRENCY_LETTERS[ccy] ?? String(ccy)}`
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · monobank emulator</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.3rem} .amount{font-size:1.6rem;font-weight:600} .muted{color:#666}
label{display:block;margin:.6rem 0 .2rem} input[type=text],input[type=tel],input[type=email]{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem} .error{color:#b00020;font-weight:600}
fieldset{margin:1rem 0;border:1px solid #ccc} .banner{background:#fff3cd;padding:.4rem .6rem;font-size:.85rem}
</style></head><body>
<p class="banner">monobank emulator: a local stand-in, no real money moves.</p>
${body}
</body></html>`
}

export function errorLine(message: string | undefined): string {
  return message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ""
}
