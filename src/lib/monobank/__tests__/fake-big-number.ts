/** Shaped like Medusa's BigNumber: `raw` getter on the prototype, `toJSON()` giving a number. */
export class FakeBigNumber {
  constructor(private readonly raw_: { value: string; precision: number }) {}
  get raw() {
    return this.raw_
  }
  toJSON() {
    return Number(this.raw_.value)
  }
}
