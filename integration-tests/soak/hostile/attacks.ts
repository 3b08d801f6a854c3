/**
 * The hostile requests: every route the plugin adds (and Medusa's webhook route for each monobank
 * provider, and the payment-session route the plugin's middleware runs on), each with the attacks
 * that apply to it. Every request here must be refused or answered without changing anything:
 * none is a valid request a shopper or the bank could make.
 */
import { createHmac, generateKeyPairSync, sign } from "node:crypto"

export type HostileRequest = {
  route: string
  kind: AttackKind
  method: "GET" | "POST"
  path: string
  headers: Record<string, string>
  body?: Buffer | string
}

export type AttackKind =
  | "random"
  | "replay, wrong signature"
  | "signature of another body"
  | "5 MB body"
  | "non-UTF-8 bytes"
  | "JSON nested 10,000 deep"
  | "unknown ids"
  | "other shopper's ids"

export type SignedDelivery = { body: string; signature: string }

export type Targets = {
  store: Record<string, string>
  /** Shopper B's headers (publishable key + B's login). */
  shopperB: Record<string, string>
  /** B's own payment collection without a session. */
  bCollectionId: string
  /** B's pending card session, whose invoice a forged webhook would like to mark paid. */
  bCardSession: { id: string; invoiceId: string; amount: number }
  a: {
    cartIds: string[]
    collectionIds: string[]
    /** The collection of A's installments session still waiting for the shopper. */
    pendingInstallmentsCollectionId: string
    sessionIds: string[]
    installmentsSessionIds: string[]
    checkoutCartId: string
    savedCardId: string
    invoiceIds: string[]
  }
  deliveries: { acquiring: SignedDelivery[]; installments: SignedDelivery[]; checkout: SignedDelivery[] }
  installments: { storeId: string; secret: string }
  providers: { hold: string; debit: string; installments: string; onDelivery: string }
}

export const ROUTES = {
  sessions: "POST /store/payment-collections/:id/payment-sessions",
  installmentsPoll: "GET /store/monobank/installments/:session_id",
  checkoutStart: "POST /store/monobank/checkout",
  checkoutPoll: "GET /store/monobank/checkout/:cart_id",
  health: "GET /admin/monobank/health",
  checkoutCallback: "POST /hooks/monobank/checkout",
  acquiringHook: "POST /hooks/[monobank/]payment/monobank_monobank[-debit]",
  installmentsHook: "POST /hooks/payment/monobank-installments_monobank-installments",
  onDeliveryHook: "POST /hooks/payment/monobank-on-delivery_monobank-on-delivery",
} as const

type Route = keyof typeof ROUTES

/** How many requests of each kind each route gets: 1,000 in all. */
export const PLAN: Record<Route, Partial<Record<AttackKind, number>>> = {
  sessions: { random: 40, "5 MB body": 4, "non-UTF-8 bytes": 15, "JSON nested 10,000 deep": 4, "unknown ids": 30, "other shopper's ids": 40 },
  installmentsPoll: { random: 40, "non-UTF-8 bytes": 10, "unknown ids": 40, "other shopper's ids": 40 },
  checkoutStart: { random: 40, "5 MB body": 4, "non-UTF-8 bytes": 15, "JSON nested 10,000 deep": 4, "unknown ids": 30, "other shopper's ids": 30 },
  checkoutPoll: { random: 40, "non-UTF-8 bytes": 10, "unknown ids": 40, "other shopper's ids": 30 },
  health: { random: 40, "other shopper's ids": 20 },
  checkoutCallback: {
    random: 30,
    "replay, wrong signature": 20,
    "signature of another body": 20,
    "5 MB body": 4,
    "non-UTF-8 bytes": 15,
    "JSON nested 10,000 deep": 4,
    "unknown ids": 20,
    "other shopper's ids": 20,
  },
  acquiringHook: {
    random: 30,
    "replay, wrong signature": 30,
    "signature of another body": 30,
    "5 MB body": 4,
    "non-UTF-8 bytes": 15,
    "JSON nested 10,000 deep": 4,
    "unknown ids": 20,
  },
  installmentsHook: {
    random: 30,
    "replay, wrong signature": 25,
    "signature of another body": 25,
    "5 MB body": 4,
    "non-UTF-8 bytes": 15,
    "JSON nested 10,000 deep": 4,
    "unknown ids": 25,
  },
  onDeliveryHook: { random: 20, "replay, wrong signature": 10, "5 MB body": 2, "non-UTF-8 bytes": 6, "JSON nested 10,000 deep": 2 },
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing barrage can be replayed by seed. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(values: readonly T[]): T => values[int(values.length)]
  const text = (length: number) => Array.from({ length }, () => String.fromCharCode(32 + int(95))).join("")
  return { next, int, pick, text }
}

type Rng = ReturnType<typeof seededRandom>

const JSON_HEADERS = { "content-type": "application/json" }
const NASTY_STRINGS = [
  "' OR 1=1 --",
  "1; DROP TABLE payment; --",
  "../../../../etc/passwd",
  "%00",
  "<script>alert(1)</script>",
  "${7*7}",
  "{{constructor.constructor('return process')()}}",
  "__proto__",
  "😀".repeat(50),
  "x".repeat(2000),
  " ",
  "null",
  "undefined",
  "-1",
  "1e309",
]
const NON_UTF8 = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0xed, 0xa0, 0x80])
const FIVE_MB = 5 * 1024 * 1024

function randomValue(rng: Rng, depth = 0): unknown {
  switch (rng.int(depth > 2 ? 5 : 7)) {
    case 0:
      return rng.pick(NASTY_STRINGS)
    case 1:
      return rng.int(2) ? rng.next() * 1e12 - 5e11 : -rng.int(1e6)
    case 2:
      return rng.pick([true, false, null])
    case 3:
      return rng.text(rng.int(40))
    case 4:
      return rng.pick([{}, [], "", 0, "__proto__"])
    case 5:
      return Array.from({ length: rng.int(4) }, () => randomValue(rng, depth + 1))
    default:
      return randomObject(rng, depth + 1)
  }
}

const LIKELY_KEYS = ["provider_id", "data", "cart_id", "invoiceId", "status", "amount", "reference", "orderId", "basket_id", "order_id", "state", "order_sub_state", "__proto__", "constructor", "payment_method_id", "save_card", "walletId", "cardToken"]

function randomObject(rng: Rng, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (let i = rng.int(6); i >= 0; i--) out[rng.int(3) ? rng.pick(LIKELY_KEYS) : rng.text(8)] = randomValue(rng, depth)
  return out
}

function randomBody(rng: Rng): string | Buffer {
  switch (rng.int(5)) {
    case 0:
      return Buffer.from(Array.from({ length: 1 + rng.int(512) }, () => rng.int(256)))
    case 1:
      return JSON.stringify(randomValue(rng))
    case 2:
      return rng.text(rng.int(300))
    default:
      return JSON.stringify(randomObject(rng))
  }
}

function deepJson(depth: number, leaf = "1"): string {
  return `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`
}

/** A body of `size` bytes that starts as valid JSON for the route and never ends. */
function hugeJson(prefix: string, size = FIVE_MB): Buffer {
  const head = Buffer.from(`${prefix}"`)
  const tail = Buffer.from('"}')
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, "A"), tail])
}

function withNonUtf8(prefix: string, suffix: string): Buffer {
  return Buffer.concat([Buffer.from(prefix), NON_UTF8, Buffer.from(suffix)])
}

function unknownId(rng: Rng, prefix: string): string {
  return `${prefix}_01${Array.from({ length: 24 }, () => rng.pick([..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"])).join("")}`
}

function flipSignature(signature: string, rng: Rng): string {
  const bytes = Buffer.from(signature, "base64")
  if (bytes.length === 0) return Buffer.from(rng.text(64)).toString("base64")
  bytes[rng.int(bytes.length)] ^= 1 + rng.int(255)
  return bytes.toString("base64")
}

/** An ECDSA P-256 signature by a key that is not the bank's, as an attacker can make. */
const foreignKey = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey
function foreignEcdsa(body: string | Buffer): string {
  return sign("sha256", Buffer.isBuffer(body) ? body : Buffer.from(body), foreignKey).toString("base64")
}

function hmac(body: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(body).digest("base64")
}

type Builder = (rng: Rng, t: Targets, i: number) => Omit<HostileRequest, "route" | "kind">

const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}): Omit<HostileRequest, "route" | "kind"> => ({
  method: "POST",
  path,
  headers: { ...JSON_HEADERS, ...headers },
  body,
})
const get = (path: string, headers: Record<string, string> = {}): Omit<HostileRequest, "route" | "kind"> => ({ method: "GET", path, headers })

/** Unregistered provider ids that the plugin's middlewares still recognise by prefix. */
const LOOKALIKE_PROVIDERS = ["pp_monobank-installments_other", "pp_monobank_other", "pp_monobank-installments_", "pp_monobank_"]

function sessionsPath(id: string) {
  return `/store/payment-collections/${encodeURIComponent(id)}/payment-sessions`
}

/** Card webhooks to both addresses: the plugin's own route (new invoices) and Medusa's (invoices made before it). */
const hookPath = (t: Targets, i: number) =>
  `${Math.floor(i / 2) % 2 ? "/hooks/monobank/payment" : "/hooks/payment"}/${i % 2 ? "monobank_monobank" : "monobank_monobank-debit"}`
const INSTALLMENTS_HOOK = "/hooks/payment/monobank-installments_monobank-installments"
const ON_DELIVERY_HOOK = "/hooks/payment/monobank-on-delivery_monobank-on-delivery"
const CHECKOUT_HOOK = "/hooks/monobank/checkout"

/** A's genuine acquiring webhook rewritten to say B's invoice was paid. */
function forgedSuccessForB(t: Targets, template: SignedDelivery): string {
  const record = JSON.parse(template.body)
  return JSON.stringify({
    ...record,
    invoiceId: t.bCardSession.invoiceId,
    reference: t.bCardSession.id,
    status: "success",
    amount: t.bCardSession.amount,
    finalAmount: t.bCardSession.amount,
    modifiedDate: new Date(Date.now() + 60_000).toISOString(),
  })
}

const BUILDERS: Record<Route, Partial<Record<AttackKind, Builder>>> = {
  sessions: {
    random: (rng, t) => {
      const body = rng.int(3) ? { ...randomObject(rng), provider_id: rng.pick(LOOKALIKE_PROVIDERS) } : randomObject(rng)
      return post(sessionsPath(rng.pick([t.a.pendingInstallmentsCollectionId, t.bCollectionId])), JSON.stringify(body), t.shopperB)
    },
    "5 MB body": (rng, t) => post(sessionsPath(t.bCollectionId), hugeJson(`{"provider_id":"${rng.pick(Object.values(t.providers))}","data":{"x":`), t.shopperB),
    "non-UTF-8 bytes": (rng, t) =>
      post(sessionsPath(t.a.pendingInstallmentsCollectionId), withNonUtf8(`{"provider_id":"${rng.pick(LOOKALIKE_PROVIDERS)}","data":{"client_phone":"`, `"}}`), t.shopperB),
    "JSON nested 10,000 deep": (rng, t) =>
      post(sessionsPath(rng.pick(t.a.collectionIds)), `{"provider_id":"${rng.pick(LOOKALIKE_PROVIDERS)}","data":${deepJson(10_000)}}`, t.shopperB),
    "unknown ids": (rng, t) =>
      post(sessionsPath(rng.int(4) ? unknownId(rng, "pay_col") : rng.pick(NASTY_STRINGS)), JSON.stringify({ provider_id: rng.pick(Object.values(t.providers)), data: {} }), t.shopperB),
    "other shopper's ids": (rng, t, i) =>
      i % 2
        ? // A's waiting installments order, with a provider id the region does not offer or a body Medusa refuses.
          post(
            sessionsPath(t.a.pendingInstallmentsCollectionId),
            JSON.stringify(
              rng.int(2)
                ? { provider_id: rng.pick(LOOKALIKE_PROVIDERS.slice(0, 1)), data: { client_phone: "+380501234562" } }
                : { provider_id: t.providers.installments, data: "not an object", extra_field: true }
            ),
            t.shopperB
          )
        : // B's own collection, paid with A's saved card.
          post(sessionsPath(t.bCollectionId), JSON.stringify({ provider_id: t.providers.debit, data: { payment_method_id: t.a.savedCardId } }), t.shopperB),
  },
  installmentsPoll: {
    random: (rng, t) => get(`/store/monobank/installments/${encodeURIComponent(rng.pick(NASTY_STRINGS) + rng.text(rng.int(10)))}`, t.shopperB),
    "non-UTF-8 bytes": (rng, t) => get(`/store/monobank/installments/${[...NON_UTF8].map((b) => `%${b.toString(16).toUpperCase()}`).join("")}`, t.shopperB),
    "unknown ids": (rng, t) => get(`/store/monobank/installments/${unknownId(rng, "payses")}`, t.shopperB),
    "other shopper's ids": (rng, t) => get(`/store/monobank/installments/${rng.pick([...t.a.installmentsSessionIds, ...t.a.sessionIds])}`, t.shopperB),
  },
  checkoutStart: {
    random: (rng, t) => post("/store/monobank/checkout", randomBody(rng), t.shopperB),
    "5 MB body": (rng, t) => post("/store/monobank/checkout", hugeJson('{"cart_id":'), t.shopperB),
    "non-UTF-8 bytes": (rng, t) => post("/store/monobank/checkout", withNonUtf8('{"cart_id":"', '"}'), t.shopperB),
    "JSON nested 10,000 deep": (rng, t) => post("/store/monobank/checkout", `{"cart_id":${deepJson(10_000, `"${t.a.checkoutCartId}"`)}}`, t.shopperB),
    "unknown ids": (rng, t) => post("/store/monobank/checkout", JSON.stringify({ cart_id: rng.int(3) ? unknownId(rng, "cart") : rng.pick(NASTY_STRINGS) }), t.shopperB),
    // A's carts are all completed (by a card payment, installments or mono checkout itself).
    "other shopper's ids": (rng, t) => post("/store/monobank/checkout", JSON.stringify({ cart_id: rng.pick(t.a.cartIds) }), t.shopperB),
  },
  checkoutPoll: {
    random: (rng, t) => get(`/store/monobank/checkout/${encodeURIComponent(rng.pick(NASTY_STRINGS) + rng.text(rng.int(10)))}`, t.shopperB),
    "non-UTF-8 bytes": (rng, t) => get(`/store/monobank/checkout/${[...NON_UTF8].map((b) => `%${b.toString(16).toUpperCase()}`).join("")}`, t.shopperB),
    "unknown ids": (rng, t) => get(`/store/monobank/checkout/${unknownId(rng, "cart")}`, t.shopperB),
    "other shopper's ids": (rng, t) => get(`/store/monobank/checkout/${rng.pick(t.a.cartIds)}`, t.shopperB),
  },
  health: {
    random: (rng) =>
      get(
        `/admin/monobank/health?${encodeURIComponent(rng.text(8))}=${encodeURIComponent(rng.pick(NASTY_STRINGS))}`,
        rng.pick<Record<string, string>>([
          {},
          { authorization: `Bearer ${rng.text(40).replace(/\s/g, "x")}` },
          // An unsigned JWT (alg none) claiming to be an admin user.
          { authorization: `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${Buffer.from('{"actor_id":"user_1","actor_type":"user"}').toString("base64url")}.` },
          { authorization: `Basic ${Buffer.from(`${rng.text(10)}:${rng.text(10)}`).toString("base64")}` },
          { cookie: `connect.sid=${rng.text(30).replace(/[\s;]/g, "x")}` },
        ])
      ),
    // The shopper's own login token is not an admin's.
    "other shopper's ids": (_rng, t) => get("/admin/monobank/health", t.shopperB),
  },
  checkoutCallback: {
    random: (rng) => post(CHECKOUT_HOOK, randomBody(rng), rng.int(2) ? { "x-sign": Buffer.from(rng.text(70)).toString("base64") } : {}),
    "replay, wrong signature": (rng, t) => {
      const d = rng.pick(t.deliveries.checkout)
      return post(CHECKOUT_HOOK, d.body, { "x-sign": rng.int(2) ? flipSignature(d.signature, rng) : foreignEcdsa(d.body) })
    },
    "signature of another body": (rng, t) => {
      const d = rng.pick(t.deliveries.checkout)
      const other = rng.pick([...t.deliveries.acquiring, ...t.deliveries.checkout.filter((x) => x !== d)])
      return post(CHECKOUT_HOOK, d.body.replace(/}\s*$/, ',"generalStatus":"success"}'), { "x-sign": other?.signature ?? d.signature })
    },
    "5 MB body": () => post(CHECKOUT_HOOK, hugeJson('{"basket_id":'), { "x-sign": "AAAA" }),
    "non-UTF-8 bytes": (rng, t) => post(CHECKOUT_HOOK, withNonUtf8(`{"basket_id":"${t.a.checkoutCartId}","x":"`, '"}'), { "x-sign": rng.pick(t.deliveries.checkout).signature }),
    "JSON nested 10,000 deep": (rng, t) => post(CHECKOUT_HOOK, `{"basket_id":"${t.a.checkoutCartId}","orderId":${deepJson(10_000)}}`, { "x-sign": rng.pick(t.deliveries.checkout).signature }),
    // Unsigned hints naming nothing this store knows: answered from our records without a bank read.
    "unknown ids": (rng) => post(CHECKOUT_HOOK, JSON.stringify(rng.int(2) ? { basket_id: unknownId(rng, "cart") } : { orderId: rng.text(20) })),
    // Unsigned hints naming A's carts: at most a (rate-limited) re-read of what the bank already said.
    "other shopper's ids": (rng, t) => post(CHECKOUT_HOOK, JSON.stringify({ basket_id: rng.pick(t.a.cartIds), generalStatus: "success" })),
  },
  acquiringHook: {
    random: (rng, t, i) => post(hookPath(t, i), randomBody(rng), rng.int(2) ? { "x-sign": foreignEcdsa(rng.text(5)) } : {}),
    "replay, wrong signature": (rng, t, i) => {
      const d = rng.pick(t.deliveries.acquiring)
      return post(hookPath(t, i), d.body, { "x-sign": rng.int(2) ? flipSignature(d.signature, rng) : foreignEcdsa(d.body) })
    },
    "signature of another body": (rng, t, i) => {
      const template = rng.pick(t.deliveries.acquiring)
      const other = rng.pick(t.deliveries.acquiring.filter((x) => x !== template).concat(t.deliveries.checkout))
      return post(hookPath(t, i), forgedSuccessForB(t, template), { "x-sign": (other ?? template).signature })
    },
    "5 MB body": (rng, t, i) => post(hookPath(t, i), hugeJson(`{"invoiceId":"${t.bCardSession.invoiceId}","status":"success","x":`), { "x-sign": rng.pick(t.deliveries.acquiring).signature }),
    "non-UTF-8 bytes": (rng, t, i) => {
      const template = forgedSuccessForB(t, rng.pick(t.deliveries.acquiring))
      return post(hookPath(t, i), withNonUtf8(template.replace(/}$/, ',"x":"'), '"}'), { "x-sign": rng.pick(t.deliveries.acquiring).signature })
    },
    "JSON nested 10,000 deep": (rng, t, i) =>
      post(hookPath(t, i), `{"invoiceId":"${t.bCardSession.invoiceId}","status":"success","reference":${deepJson(10_000)}}`, { "x-sign": rng.pick(t.deliveries.acquiring).signature }),
    "unknown ids": (rng, t, i) => {
      const body = JSON.stringify({ invoiceId: unknownId(rng, "inv"), status: "success", amount: 100, ccy: 980, reference: unknownId(rng, "payses"), modifiedDate: new Date().toISOString() })
      return post(hookPath(t, i), body, { "x-sign": foreignEcdsa(body) })
    },
  },
  installmentsHook: {
    random: (rng, t) => post(INSTALLMENTS_HOOK, randomBody(rng), rng.int(2) ? { signature: hmac(rng.text(5), t.installments.secret) } : {}),
    "replay, wrong signature": (rng, t) => {
      const d = rng.pick(t.deliveries.installments)
      return post(INSTALLMENTS_HOOK, d.body, { signature: rng.int(2) ? flipSignature(d.signature, rng) : hmac(d.body, "not-the-store-secret") })
    },
    "signature of another body": (rng, t) => {
      const d = rng.pick(t.deliveries.installments)
      const forged = JSON.parse(d.body)
      forged.state = "SUCCESS"
      forged.order_sub_state = "ACTIVE"
      const other = rng.pick(t.deliveries.installments.filter((x) => x !== d))
      return post(INSTALLMENTS_HOOK, JSON.stringify(forged), { signature: (other ?? d).signature })
    },
    "5 MB body": (rng, t) => post(INSTALLMENTS_HOOK, hugeJson('{"order_id":'), { signature: rng.pick(t.deliveries.installments).signature }),
    "non-UTF-8 bytes": (rng, t) => {
      // Signed with the store's secret: only the bytes are wrong.
      const body = withNonUtf8('{"order_id":"', '","state":"SUCCESS","order_sub_state":"ACTIVE"}')
      return post(INSTALLMENTS_HOOK, body, { signature: rng.int(2) ? hmac(body, t.installments.secret) : rng.pick(t.deliveries.installments).signature })
    },
    "JSON nested 10,000 deep": (rng, t) => {
      const body = `{"order_id":${deepJson(10_000)},"state":"SUCCESS","order_sub_state":"ACTIVE"}`
      return post(INSTALLMENTS_HOOK, body, { signature: hmac(body, t.installments.secret) })
    },
    // Signed with the store's secret, as the bank would, but about orders this store never made.
    "unknown ids": (rng, t) => {
      const body = JSON.stringify({ order_id: unknownId(rng, "order"), state: "SUCCESS", order_sub_state: rng.pick(["ACTIVE", "WAITING_FOR_STORE_CONFIRM"]) })
      return post(INSTALLMENTS_HOOK, body, { signature: hmac(body, t.installments.secret) })
    },
  },
  onDeliveryHook: {
    random: (rng) => post(ON_DELIVERY_HOOK, randomBody(rng)),
    "replay, wrong signature": (rng, t) => {
      const d = rng.pick([...t.deliveries.checkout, ...t.deliveries.acquiring])
      return post(ON_DELIVERY_HOOK, d.body, { "x-sign": flipSignature(d.signature, rng) })
    },
    "5 MB body": () => post(ON_DELIVERY_HOOK, hugeJson('{"x":')),
    "non-UTF-8 bytes": () => post(ON_DELIVERY_HOOK, withNonUtf8('{"x":"', '"}')),
    "JSON nested 10,000 deep": () => post(ON_DELIVERY_HOOK, deepJson(10_000)),
  },
}

/** The whole barrage, shuffled, so no route gets its share all at once. */
export function buildBarrage(t: Targets, seed: number): HostileRequest[] {
  const rng = seededRandom(seed)
  const requests: HostileRequest[] = []
  for (const [route, kinds] of Object.entries(PLAN) as Array<[Route, Partial<Record<AttackKind, number>>]>) {
    for (const [kind, count] of Object.entries(kinds) as Array<[AttackKind, number]>) {
      const build = BUILDERS[route][kind]
      if (!build) throw new Error(`no builder for ${route} / ${kind}`)
      for (let i = 0; i < count; i++) requests.push({ route: ROUTES[route], kind, ...build(rng, t, i) })
    }
  }
  for (let i = requests.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[requests[i], requests[j]] = [requests[j], requests[i]]
  }
  return requests
}
