import { RecentResults } from "../recent-results"

describe("RecentResults", () => {
  it("computes once per key within the time to live, then again", async () => {
    let now = 0
    const cache = new RecentResults<number>(1000, 10, () => now)
    let calls = 0
    const compute = async () => ++calls
    expect(await Promise.all([cache.get("a", compute), cache.get("a", compute)])).toEqual([1, 1])
    now = 1500
    expect(await cache.get("a", compute)).toBe(2)
  })

  it("does not keep failures", async () => {
    const cache = new RecentResults<number>()
    await expect(cache.get("a", () => Promise.reject(new Error("bank down")))).rejects.toThrow("bank down")
    expect(await cache.get("a", async () => 7)).toBe(7)
  })

  it("keeps at most the given number of entries", async () => {
    const cache = new RecentResults<number>(60_000, 2)
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => 1)
    let recomputed = false
    await cache.get("a", async () => ((recomputed = true), 1))
    expect(recomputed).toBe(true)
  })
})
