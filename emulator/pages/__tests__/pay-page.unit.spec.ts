import { TEST_CARDS } from "../../constants"
import { startEmulator, type RunningEmulator } from "../../start"
import { acquiring, page } from "../../__tests__/helpers/api"

let emulator: RunningEmulator
let api: ReturnType<typeof acquiring>
let browser: ReturnType<typeof page>

beforeAll(async () => {
  emulator = await startEmulator()
  api = acquiring(emulator)
  browser = page(emulator)
})
afterAll(() => emulator.close())
beforeEach(() => emulator.control.reset())

async function invoice(body: Record<string, unknown> = {}) {
  const created = await api.post("/api/merchant/invoice/create", {
    amount: 123456,
    merchantPaymInfo: { destination: "Замовлення №42 <test>" },
    ...body,
  })
  return created.json as { invoiceId: string; pageUrl: string }
}
const card = (pan: string = TEST_CARDS.visa) => ({ pan: pan.replace(/(\d{4})/g, "$1 ").trim(), exp: "12/30", cvv: "123" })

describe("hosted payment page", () => {
  it("shows amount, currency and destination (escaped) and a plain form posting card fields back", async () => {
    const { invoiceId, pageUrl } = await invoice()
    const response = await fetch(pageUrl)
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(html).toContain("1234.56 UAH")
    expect(html).toContain("Замовлення №42 &#60;test&#62;")
    expect(html).toContain(`<form method="post" action="/pay/${invoiceId}">`)
    for (const field of ["pan", "exp", "cvv"]) expect(html).toContain(`name="${field}"`)
  })

  it("pays on a urlencoded form POST and 303-redirects the browser to redirectUrl", async () => {
    const { invoiceId } = await invoice({ redirectUrl: "https://shop.example/thanks?order=42" })
    const response = await browser.postForm(`/pay/${invoiceId}`, card())
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("https://shop.example/thanks?order=42")
    expect(await emulator.control.getInvoice(invoiceId)).toMatchObject({ status: "success", paymentInfo: { paymentMethod: "pan" } })
  })

  it("redirects to a result page when there is no redirectUrl, and says the invoice is paid", async () => {
    const { invoiceId } = await invoice()
    const response = await browser.postForm(`/pay/${invoiceId}`, card())
    expect(response.headers.get("location")).toBe(`${emulator.url}/pay/${invoiceId}`)
    const result = await browser.get(`/pay/${invoiceId}`)
    expect(result.text).toContain('data-status="success"')
    expect(result.text).not.toContain("<form")
  })

  it("re-shows the form with 400 for a number failing Luhn, leaving the invoice unpaid", async () => {
    const { invoiceId } = await invoice()
    const response = await browser.postForm(`/pay/${invoiceId}`, { ...card(), pan: "4242 4242 4242 4241" })
    expect(response.status).toBe(400)
    expect(response.text).toContain('role="alert"')
    expect(response.text).toContain("<form")
    expect((await emulator.control.getInvoice(invoiceId)).status).toBe("created")
  })

  it("shows a declined payment as failed after the redirect", async () => {
    const { invoiceId } = await invoice()
    await browser.postForm(`/pay/${invoiceId}`, card(TEST_CARDS.declined))
    const result = await browser.get(`/pay/${invoiceId}`)
    expect(result.text).toContain('data-status="failure"')
  })

  it("sends the 3-D Secure card through /3ds with confirm and fail buttons", async () => {
    const confirmed = await invoice({ redirectUrl: "https://shop.example/back" })
    const toTds = await browser.postForm(`/pay/${confirmed.invoiceId}`, card(TEST_CARDS.threeDSecure))
    expect(toTds.status).toBe(303)
    expect(toTds.headers.get("location")).toBe(`${emulator.url}/3ds/${confirmed.invoiceId}`)
    const tds = await browser.get(`/3ds/${confirmed.invoiceId}`)
    expect(tds.text).toContain('name="result" value="success"')
    expect(tds.text).toContain('name="result" value="fail"')
    expect(tds.text).toContain("400000******3220")
    const back = await browser.postForm(`/3ds/${confirmed.invoiceId}`, { result: "success" })
    expect(back.headers.get("location")).toBe("https://shop.example/back")
    expect((await emulator.control.getInvoice(confirmed.invoiceId)).status).toBe("success")

    const failed = await invoice()
    await browser.postForm(`/pay/${failed.invoiceId}`, card(TEST_CARDS.threeDSecure))
    expect((await emulator.control.getInvoice(failed.invoiceId)).status).toBe("processing")
    await browser.postForm(`/3ds/${failed.invoiceId}`, { result: "fail" })
    expect(await emulator.control.getInvoice(failed.invoiceId)).toMatchObject({ status: "failure", errCode: "1034" })
    expect((await browser.postForm(`/3ds/${failed.invoiceId}`, { result: "success" })).status).toBe(409)
  })

  it("tells the shopper an expired invoice cannot be paid and refuses a POST", async () => {
    const { invoiceId } = await invoice({ validity: 60 })
    await emulator.control.advanceClock(120_000)
    const view = await browser.get(`/pay/${invoiceId}`)
    expect(view.text).toContain("expired")
    expect(view.text).not.toContain("<form")
    expect((await browser.postForm(`/pay/${invoiceId}`, card())).status).toBe(409)
  })

  it("answers 404 with an HTML page for an unknown invoice", async () => {
    const response = await browser.get("/pay/nope")
    expect(response.status).toBe(404)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(response.headers.get("trace-id")).toBeTruthy()
  })

  it("sends a QR cashier's page to the invoice set on it", async () => {
    const cashier = (await api.get("/api/merchant/qr/list")).json.list[0]
    const empty = await browser.get(`/qr/${cashier.qrId}`)
    expect(empty.status).toBe(200)
    const { invoiceId } = await invoice({ qrId: cashier.qrId })
    const bound = await browser.get(`/qr/${cashier.qrId}`)
    expect(bound.status).toBe(303)
    expect(bound.headers.get("location")).toBe(`${emulator.url}/pay/${invoiceId}`)
  })
})
