module.exports = async function globalTeardown() {
  await globalThis.__MONOBANK_TEST_DB__?.stop()
}
