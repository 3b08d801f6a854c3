import { deliveryInWords, regionInWords, shippingMethodName } from "../delivery-words"

describe("a mono checkout delivery in words a packer reads", () => {
  it.each([
    ["np_brnm", { delivery_method_desc: "Нова пошта: відділення", delivery_branch_id: "25" }, "Нова пошта: відділення №25 (mono checkout)"],
    ["np_box", { delivery_method_desc: null, delivery_branch_id: "7" }, "Нова пошта, поштомат №7 (mono checkout)"],
    ["np_cargo", { delivery_method_desc: null, delivery_branch_id: "3" }, "Нова пошта, вантажне відділення №3 (mono checkout)"],
    ["courier", { delivery_method_desc: "Кур'єрська доставка", delivery_branch_id: "25" }, "Кур'єрська доставка (mono checkout)"],
    ["pickup", {}, "Самовивіз (mono checkout)"],
  ] as const)("%s: the shipping method is named with the carrier and, for a branch or locker, its number", (method, record, name) => {
    expect(shippingMethodName(method, record)).toBe(name)
  })

  it("a method the plugin does not know keeps the bank's words, or its code", () => {
    expect(deliveryInWords("drone", { delivery_method_desc: "Дрон" })).toBe("Дрон")
    expect(deliveryInWords("drone", {})).toBe("drone")
  })

  it("a region named by its adjective gets the word for region; other names stay as they are", () => {
    expect(regionInWords("Київська")).toBe("Київська обл.")
    expect(regionInWords("Донецька")).toBe("Донецька обл.")
    expect(regionInWords("Закарпатська")).toBe("Закарпатська обл.")
    expect(regionInWords("Київська обл.")).toBe("Київська обл.")
    expect(regionInWords("АР Крим")).toBe("АР Крим")
    expect(regionInWords("  ")).toBeUndefined()
  })
})
