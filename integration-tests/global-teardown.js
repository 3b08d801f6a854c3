module.exports = async function globalTeardown() {
  await globalThis.__MONOBANK_TEST_REDIS__?.stop()
  await globalThis.__MONOBANK_TEST_DB__?.stop()
}
