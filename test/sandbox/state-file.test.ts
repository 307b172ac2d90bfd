import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEY, client, createOrder, pay, start } from "./helpers";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("state file", () => {
  it("keeps orders, merchants and counters across a restart", async () => {
    dir = await mkdtemp(join(tmpdir(), "sandbox-state-"));
    const file = join(dir, "state.json");
    const a = await start({ stateFile: file, stateWriteDebounceMs: 10 });
    const id = await createOrder(a, { order_reference: "persist-1" });
    await pay(a, id);
    a.control.updateMerchant(KEY, { publicationResponse: "secure" });
    const credit = a.control.merchant(KEY)?.credit;
    await a.close();
    expect(JSON.parse(await readFile(file, "utf8")).version).toBe(1);

    const b = await start({ stateFile: file });
    const found = await client(b).get("/order/details", {
      merchantApiKey: KEY,
      orderReference: "persist-1",
    });
    expect(found.body).toMatchObject({ order_id: id, order_state: "PAID" });
    expect(b.control.merchant(KEY)).toMatchObject({ credit, publicationResponse: "secure" });
    const next = await createOrder(b);
    expect(next).toBe(id + 1);
    await b.close();
  });

  it("starts empty when the state file does not exist and after a reset", async () => {
    dir = await mkdtemp(join(tmpdir(), "sandbox-state-"));
    const sb = await start({ stateFile: join(dir, "missing.json") });
    await createOrder(sb);
    const r = await client(sb).control("POST", "/reset");
    expect(r.body).toEqual({ ok: true });
    expect(sb.control.orders()).toHaveLength(0);
    expect(sb.control.requests()).toHaveLength(0);
    await sb.close();
  });
});

describe("seed data", () => {
  it("adds merchants and offerings from seed data", async () => {
    const sb = await start({
      seedData: {
        merchants: [{ merchantApiKey: "poor", secretKey: "poor-secret", credit: "5.00" }],
        offerings: [
          {
            id: 777001,
            name: "Pocket book",
            categoryCode: "BO",
            subCategoryCode: "SC",
            minNumberOfPages: 40,
            maxNumberOfPages: 300,
            dimensionWidth: 110,
            dimensionHeight: 178,
            basePrice: 300,
            pricePerPage: 1,
            countryShippingPrice: 295,
            regionShippingPrice: 495,
            worldShippingPrice: 995,
            facility: "NL-AMS",
          },
        ],
      },
    });
    const api = client(sb);
    const list = await api.get("/offering/list", {
      merchantApiKey: "poor",
      subCategoryFilter: "SC",
    });
    expect(list.body.BO.SC.map((o: { id: number }) => o.id)).toContain(777001);
    expect(sb.control.merchant("poor")?.credit).toBe(500);
    await sb.close();
  });
});
