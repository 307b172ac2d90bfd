import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  concatLegacySecretJoin,
  legacySecret,
  paymentSecret,
  verifyCallbackSignature,
  verifyStatusCallback,
} from "~/services/print";

describe("payment secret", () => {
  it("matches the documented worked example", () => {
    expect(paymentSecret("SECRETABCD", 1234)).toBe(
      "4bf65a3ffc022f0070babee6540048dfc1a3faad270f62f8084fe66f94ebf8fd",
    );
    expect(paymentSecret("SECRETABCD", "1234")).toBe(paymentSecret("SECRETABCD", 1234));
  });
});

describe("legacy HMAC-SHA1 secret", () => {
  it("matches RFC 2202 test case 2 when the join yields its message", () => {
    // key "Jefe", data "what do ya want for nothing?" -> effcdf6ae5eb2fa2d27416d5f184df9c259a7c79
    expect(legacySecret("Jefe", "what do ya want ", "for nothing?")).toBe(
      Buffer.from("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", "hex").toString("base64"),
    );
  });

  it("joins merchantApiKey then externalOrderId by default, and the join is replaceable", () => {
    expect(concatLegacySecretJoin("M", "42")).toBe("M42");
    const pipe = legacySecret("k", "M", "42", (a, b) => `${a}|${b}`);
    expect(pipe).toBe(legacySecret("k", "M|", "42"));
    expect(pipe).not.toBe(legacySecret("k", "M", "42"));
  });
});

describe("status callbacks", () => {
  const secretKey = "SECRETABCD";
  const good = {
    signature: paymentSecret(secretKey, 1234),
    order_id: 1234,
    order_reference: "shop-1",
    old_status: "PAID",
    new_status: "SHIPPED",
    tracking_code: "TRK1",
    tracking_url: "https://track.example/TRK1",
  };

  it("accepts a correctly signed body (object or JSON text) and normalises it", () => {
    const r = verifyStatusCallback(good, secretKey);
    expect(r).toEqual({
      ok: true,
      callback: {
        signature: good.signature,
        orderId: "1234",
        orderReference: "shop-1",
        oldStatus: "PAID",
        newStatus: "SHIPPED",
        trackingCode: "TRK1",
        trackingUrl: "https://track.example/TRK1",
      },
    });
    expect(verifyStatusCallback(JSON.stringify({ ...good, order_id: "1234" }), secretKey).ok).toBe(
      true,
    );
    expect(
      verifyStatusCallback({ ...good, signature: good.signature.toUpperCase() }, secretKey).ok,
    ).toBe(true);
    expect(
      verifyStatusCallback({ ...good, tracking_code: null, tracking_url: null }, secretKey),
    ).toMatchObject({ ok: true, callback: { trackingCode: undefined } });
  });

  it("rejects wrong, truncated and missing signatures", () => {
    expect(
      verifyStatusCallback({ ...good, signature: paymentSecret("other", 1234) }, secretKey),
    ).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    expect(
      verifyStatusCallback({ ...good, signature: good.signature.slice(2) }, secretKey).ok,
    ).toBe(false);
    expect(
      verifyStatusCallback({ ...good, signature: "zz" + good.signature.slice(2) }, secretKey).ok,
    ).toBe(false);
    expect(verifyStatusCallback({ ...good, order_id: 1235 }, secretKey)).toMatchObject({
      reason: "bad_signature",
    });
    const { signature: _s, ...unsigned } = good;
    expect(verifyStatusCallback(unsigned, secretKey)).toEqual({
      ok: false,
      reason: "missing_signature",
    });
    expect(verifyStatusCallback({ ...good, signature: "" }, secretKey)).toMatchObject({
      reason: "missing_signature",
    });
    expect(verifyCallbackSignature(secretKey, 1234, undefined)).toBe(false);
  });

  it("rejects bodies that are not a callback", () => {
    expect(verifyStatusCallback("not json", secretKey)).toMatchObject({
      ok: false,
      reason: "invalid_body",
    });
    expect(verifyStatusCallback({ ...good, order_id: -1 }, secretKey)).toMatchObject({
      reason: "invalid_body",
    });
    expect(verifyStatusCallback({ ...good, order_id: "12a" }, secretKey)).toMatchObject({
      reason: "invalid_body",
    });
  });

  it("reads an order id beyond 2^53 from the JSON text exactly (never a rounded neighbour)", () => {
    const text = (signedOver: string) =>
      `{"signature":"${paymentSecret(secretKey, signedOver)}","order_id":9007199254740993,"new_status":"SHIPPED"}`;
    expect(verifyStatusCallback(text("9007199254740993"), secretKey)).toMatchObject({
      ok: true,
      callback: { orderId: "9007199254740993" },
    });
    expect(verifyStatusCallback(text("9007199254740992"), secretKey)).toMatchObject({
      reason: "bad_signature",
    });
    // Already rounded by whoever parsed it: refused, not taken for another order.
    expect(
      verifyStatusCallback({ ...good, order_id: 2 ** 53 + 2, signature: "ab" }, secretKey),
    ).toMatchObject({ reason: "invalid_body" });
  });

  it("uses the same rule as the payment secret (sha256 of secretKey + order id)", () => {
    const expected = createHash("sha256").update("SECRETABCD99").digest("hex");
    expect(verifyCallbackSignature(secretKey, 99, expected)).toBe(true);
  });
});
