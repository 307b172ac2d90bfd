import { afterEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/index";
import { KEY, OFF, client, orderBody, start, secretFor, type Json } from "./helpers";

let sb: Sandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

const quote = {
  apiKey: KEY,
  countryCode: "NL",
  currency: "EUR",
  items: [{ offeringId: OFF.hardcoverA4, numberOfPages: 100, quantity: 1 }],
};

async function statusOrFailure(p: Promise<{ status: number }>): Promise<number | "reset"> {
  try {
    return (await p).status;
  } catch {
    return "reset";
  }
}

describe("faults", () => {
  it("answers an injected 429 in the JSON error shape with Retry-After", async () => {
    sb = await start({
      faults: { rules: [{ op: "quote", errorRate: 1, errorStatus: 429, retryAfterSeconds: 7 }] },
    });
    const api = client(sb);
    const r = await api.post("/quote", quote);
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("7");
    expect(r.body).toMatchObject({
      url: expect.any(String),
      details: expect.any(String),
      timestamp: expect.any(String),
    });
    expect((await api.get("/categories")).status).toBe(200);
    expect(sb.control.requests({ op: "quote" })[0]).toMatchObject({ status: 429, fault: "error" });
  });

  it("stops a rule after `times` injected faults", async () => {
    sb = await start();
    const api = client(sb);
    await api.control("POST", "/faults/rules", {
      op: "quote",
      errorRate: 1,
      errorStatus: 503,
      times: 2,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.post("/quote", quote)).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it("resets the connection without running the operation", async () => {
    sb = await start({ faults: { rules: [{ op: "order.create", resetRate: 1 }] } });
    const api = client(sb);
    expect(await statusOrFailure(api.post("/order/", orderBody({ order_reference: "r1" })))).toBe(
      "reset",
    );
    expect(sb.control.orders()).toHaveLength(0);
    expect(sb.control.requests()[0]).toMatchObject({
      op: "order.create",
      status: 0,
      fault: "reset",
    });
  });

  it("commits the order when the response is lost after commit, findable by reference", async () => {
    sb = await start();
    const api = client(sb);
    sb.control.setFaults({ rules: [{ op: "order.create", lostAfterCommitRate: 1, times: 1 }] });
    expect(
      await statusOrFailure(api.post("/order/", orderBody({ order_reference: "lost-1" }))),
    ).toBe("reset");
    const found = await api.get("/order/details", {
      merchantApiKey: KEY,
      orderReference: "lost-1",
    });
    expect(found.status).toBe(200);
    const retry = await api.post("/order/", orderBody({ order_reference: "lost-1" }));
    expect(retry.body.custom_code).toBe("ORD_DUPLICATE");
  });

  it("commits a payment whose response is lost", async () => {
    sb = await start();
    const api = client(sb);
    const id = (await api.post("/order/", orderBody())).body.order_id as number;
    sb.control.setFaults({ rules: [{ op: "order.payment", lostAfterCommitRate: 1, times: 1 }] });
    const r = await statusOrFailure(
      api.post("/order/payment", { order_id: id, merchant_api_key: KEY, secret: secretFor(id) }),
    );
    expect(r).toBe("reset");
    expect(sb.control.order(id)?.state).toBe("PAID");
  });

  it("adds latency from a fixed value or a range", async () => {
    sb = await start({ faults: { rules: [{ op: "categories", latencyMs: [50, 60] }] } });
    const t0 = performance.now();
    expect((await client(sb).get("/categories")).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(45);
    expect(sb.control.requests()[0]?.fault).toBe("latency");
  });

  it("takes the whole service down (503 or reset) and back up", async () => {
    sb = await start();
    const api = client(sb);
    await api.control("POST", "/down", { mode: "503" });
    const r = await api.get("/categories");
    expect([r.status, r.headers.get("retry-after")]).toEqual([503, "1"]);
    expect((await api.control("GET", "/health")).status).toBe(200);
    await api.control("POST", "/down", { mode: "reset" });
    expect(await statusOrFailure(api.get("/categories"))).toBe("reset");
    await api.control("POST", "/up");
    expect((await api.get("/categories")).status).toBe(200);
  });

  it("repeats the same outcomes for the same seed and request sequence", async () => {
    const run = async (seed: number) => {
      const s = await start({
        seed,
        faults: {
          rules: [
            { errorRate: 0.3, errorStatus: 500 },
            { op: "quote", resetRate: 0.2 },
          ],
        },
      });
      const api = client(s);
      const out: (number | "reset")[] = [];
      for (let i = 0; i < 30; i++)
        out.push(await statusOrFailure(i % 2 ? api.get("/categories") : api.post("/quote", quote)));
      await s.close();
      return out;
    };
    const a = await run(42);
    const b = await run(42);
    const c = await run(7);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(new Set(a).size).toBeGreaterThan(1);
  });

  it("applies faults configured over HTTP and clears them with DELETE", async () => {
    sb = await start();
    const api = client(sb);
    const set = await api.control("PUT", "/faults", {
      rules: [{ op: "categories", errorRate: 1, errorStatus: 502 }],
    });
    expect(set.body.rules).toHaveLength(1);
    expect((await api.get("/categories")).status).toBe(502);
    await api.control("DELETE", "/faults");
    expect((await api.get("/categories")).status).toBe(200);
    const bad = await api.control("PUT", "/faults", { rules: [{ errorRate: 2 }] });
    expect(bad.status).toBe(400);
  });

  it("logs every request with operation id, status and time", async () => {
    sb = await start();
    const api = client(sb);
    await api.get("/categories");
    await api.post("/quote", { ...quote, currency: "NOPE" });
    const log = (await api.control("GET", "/requests")).body.requests as Json[];
    expect(log.map((r) => [r.method, r.path, r.op, r.status])).toEqual([
      ["GET", "/rest/v3/categories", "categories", 200],
      ["POST", "/rest/v3/quote", "quote", 404],
    ]);
    expect(log[0].time).toBe("2025-01-15T10:00:00.000Z");
  });
});
