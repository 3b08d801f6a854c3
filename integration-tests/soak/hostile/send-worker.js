// Sends the hostile requests from a worker thread, as an outside attacker would: building and
// writing 5 MB bodies here does not hold up the event loop the server under test shares with jest.
const { parentPort, workerData } = require("node:worker_threads")

async function send(baseUrl, request) {
  const started = performance.now()
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "manual",
    })
    const body = await response.text()
    return { status: response.status, body, ms: performance.now() - started }
  } catch (error) {
    // The server dropped the connection (e.g. after refusing a large body): status 0.
    return { status: 0, body: `${error.message} ${error.cause?.message ?? ""}`, ms: performance.now() - started }
  }
}

async function sendAll({ baseUrl, requests, concurrency }) {
  const answers = new Array(requests.length)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const i = next++
        answers[i] = await send(baseUrl, requests[i])
      }
    })
  )
  return answers
}

sendAll(workerData).then((answers) => parentPort.postMessage(answers))
