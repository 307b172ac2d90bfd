import { describe, expect, it } from "vitest";
import { assertLosslessJsonSupported, parseJsonLossless } from "~/services/lossless-json";

describe("parseJsonLossless", () => {
  it("keeps integers beyond 2^53 as their exact text, wherever they are", () => {
    const text =
      '{"id":820982911946154508,"ids":[820982911946154510,-9007199254740993],"n":{"id":9007199254740992}}';
    expect(parseJsonLossless(text)).toEqual({
      id: "820982911946154508",
      ids: ["820982911946154510", "-9007199254740993"],
      n: { id: "9007199254740992" },
    });
    expect(JSON.parse(text)).not.toEqual(parseJsonLossless(text));
  });

  it("gives every other value as JSON.parse does", () => {
    const text =
      '{"safe":9007199254740991,"price":"24.95","f":1.5,"e":1e21,"big_float":8209829119461545.08,"t":true,"z":null,"s":"820982911946154508"}';
    expect(parseJsonLossless(text)).toEqual(JSON.parse(text));
  });

  it("runs on this runtime (JSON.parse gives numbers' source text)", () => {
    expect(() => assertLosslessJsonSupported()).not.toThrow();
  });
});
