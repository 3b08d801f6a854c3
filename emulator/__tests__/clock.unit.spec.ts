import { Clock } from "../clock"

describe("Clock", () => {
  let real = 1_000_000
  const clock = () => new Clock({ realNow: () => real, onTaskError: () => undefined })
  beforeEach(() => (real = 1_000_000))

  it("adds the advanced offset to real time and never goes back", () => {
    const c = clock()
    c.advance(5000)
    real += 10
    expect(c.nowMs()).toBe(1_005_010)
    expect(() => c.advance(-1)).toThrow(RangeError)
  })

  it("runs due tasks in due-time order on advance, including tasks that become due while running", () => {
    const c = clock()
    const ran: string[] = []
    c.after(400, "c", () => ran.push("c"))
    c.after(100, "a", () => {
      ran.push("a")
      c.schedule(c.nowMs(), "a2", () => ran.push("a2"))
    })
    c.after(200, "b", () => ran.push("b"))
    expect(c.advance(99)).toBe(0)
    c.advance(201)
    expect(ran).toEqual(["a", "b", "a2"])
    expect(c.pending().map((task) => task.label)).toEqual(["c"])
  })

  it("runs tasks that real time made due, skips cancelled ones, and survives a failing task", () => {
    const c = clock()
    const ran: string[] = []
    const cancelled = c.after(10, "x", () => ran.push("x"))
    c.after(10, "boom", () => {
      throw new Error("boom")
    })
    c.after(20, "y", () => ran.push("y"))
    c.cancel(cancelled)
    real += 20
    expect(c.runDue()).toBe(2)
    expect(ran).toEqual(["y"])
  })

  it("forgets tasks on clearTasks", () => {
    const c = clock()
    c.after(1, "x", () => undefined)
    c.clearTasks()
    expect(c.advance(10)).toBe(0)
  })
})
