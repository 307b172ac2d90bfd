import { describe, expect, it } from "vitest";
import { known, unknown, type SetupFacts } from "./facts";
import { GRACE_MS, judgeSetup, templateHasAppBlock, themeEditorUrl } from "./judge";
import { probe } from "./probe";

const NOW = new Date("2026-11-20T12:00:00Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const CARRIER_URL = "https://app.example/carrier/rates/token";

function facts(overrides: Partial<SetupFacts> = {}): SetupFacts {
  return {
    now: NOW,
    installedAt: minutesAgo(60 * 24 * 7),
    mappings: 4,
    keys: known({ status: "ok" }),
    billing: known({ savedId: 7, found: true, name: "Acme Prints" }),
    callbacks: {
      lastAt: minutesAgo(30),
      firstPaidAtService: minutesAgo(40),
      paidAtService: 3,
      url: "https://app.example/webhooks/print/cb",
    },
    webhooks: {
      lastPaidAt: minutesAgo(41),
      latestPaidOrder: known({ name: "#1003", paidAt: minutesAgo(41) }),
    },
    carrier: {
      enabled: true,
      expectedUrl: CARRIER_URL,
      services: known([
        { id: "c1", name: "Print Connect", callbackUrl: CARRIER_URL, active: true },
      ]),
    },
    cartRule: {
      needed: 2,
      state: known({ functionFound: true, validation: { id: "v1", enabled: true } }),
    },
    productBlock: known({ themeName: "Dawn", templateRead: true, hasBlock: true }),
    themeEditorUrl: "https://shop.example/admin/themes/current/editor",
    files: { failing: 0 },
    prices: { belowTarget: 0, atLoss: 0 },
    ...overrides,
  };
}

const judge = (f: SetupFacts) => judgeSetup(f, { checkEveryMinutes: 15 });
const itemOf = (f: SetupFacts, id: string) => {
  const found = judge(f).items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
};

describe("the setup check's judgement", () => {
  it("calls everything fine when Shopify, the print service and the products are set up", () => {
    const check = judge(facts());
    expect(check.items.map((i) => [i.id, i.state])).toEqual([
      ["keys", "ok"],
      ["billing", "ok"],
      ["callbacks", "ok"],
      ["webhooks", "ok"],
      ["carrier", "ok"],
      ["cart-rule", "ok"],
      ["product-block", "ok"],
      ["mapping", "ok"],
      ["files", "ok"],
      ["prices", "ok"],
    ]);
    expect(check.fine).toBe(10);
    expect(itemOf(facts(), "callbacks").when).toEqual({
      label: "Last status update:",
      at: minutesAgo(30).toISOString(),
    });
  });

  it("sends refused or missing keys to Settings, and says a check it could not make in plain words", () => {
    const refused = itemOf(
      facts({ keys: known({ status: "refused", detail: "unknown key" }) }),
      "keys",
    );
    expect(refused.state).toBe("action");
    expect(refused.message).toContain(
      "refused the merchant API key saved in Settings (unknown key)",
    );
    expect(refused.action).toEqual({
      kind: "link",
      label: "Open Settings",
      url: "/app/settings",
      external: false,
    });
    expect(itemOf(facts({ keys: known({ status: "not_set" }) }), "keys").state).toBe("action");
    const slow = itemOf(facts({ keys: unknown("the print service did not answer.") }), "keys");
    expect(slow.state).toBe("unchecked");
    expect(slow.message).toBe("Couldn't check: the print service did not answer.");
    expect(itemOf(facts({ billing: null }), "billing").state).toBe("unchecked");
  });

  it("asks for another billing entity when the saved one is gone, and is fine with none", () => {
    const gone = itemOf(
      facts({ billing: known({ savedId: 7, found: false, name: null }) }),
      "billing",
    );
    expect(gone.state).toBe("action");
    expect(gone.action).toMatchObject({ url: "/app/settings" });
    const none = itemOf(
      facts({ billing: known({ savedId: null, found: true, name: null }) }),
      "billing",
    );
    expect(none.state).toBe("ok");
    expect(none.message).toContain("None chosen");
  });

  it("waits for the first status update until an order paid at the print service is overdue", () => {
    const none = {
      lastAt: null,
      firstPaidAtService: null,
      paidAtService: 0,
      url: "https://app.example/cb",
    };
    const waiting = itemOf(facts({ callbacks: none }), "callbacks");
    expect(waiting.state).toBe("waiting");
    expect(waiting.message).toMatch(/^None yet\. The print service sends one each time/);
    expect(waiting.copy).toEqual({ label: "Status update URL", value: "https://app.example/cb" });
    const justPaid = { ...none, firstPaidAtService: minutesAgo(2), paidAtService: 1 };
    expect(itemOf(facts({ callbacks: justPaid }), "callbacks").state).toBe("waiting");
    const overdue = {
      ...none,
      firstPaidAtService: new Date(NOW.getTime() - GRACE_MS - 1),
      paidAtService: 2,
    };
    const missing = itemOf(facts({ callbacks: overdue }), "callbacks");
    expect(missing.state).toBe("action");
    expect(missing.message).toContain("though 2 orders were paid at the print service");
  });

  it("compares the last orders/paid notification with Shopify's latest paid order", () => {
    const missed = itemOf(
      facts({
        webhooks: {
          lastPaidAt: minutesAgo(300),
          latestPaidOrder: known({ name: "#1009", paidAt: minutesAgo(60) }),
        },
      }),
      "webhooks",
    );
    expect(missed.state).toBe("action");
    expect(missed.message).toContain("#1009, has not reached Print Connect");
    expect(missed.message).toContain("every 15 minutes");
    expect(missed.action).toMatchObject({ url: "/app/delivery" });
    const fresh = facts({
      webhooks: {
        lastPaidAt: null,
        latestPaidOrder: known({ name: "#1010", paidAt: minutesAgo(1) }),
      },
    });
    expect(itemOf(fresh, "webhooks").state).toBe("waiting");
    const beforeInstall = facts({
      installedAt: minutesAgo(30),
      webhooks: {
        lastPaidAt: null,
        latestPaidOrder: known({ name: "#1", paidAt: minutesAgo(90) }),
      },
    });
    expect(itemOf(beforeInstall, "webhooks").state).toBe("waiting");
    const noOrders = facts({ webhooks: { lastPaidAt: null, latestPaidOrder: known(null) } });
    expect(itemOf(noOrders, "webhooks").message).toContain("No paid order in your store yet");
    const cannot = facts({
      webhooks: { lastPaidAt: minutesAgo(5), latestPaidOrder: unknown("Shopify did not answer.") },
    });
    expect(itemOf(cannot, "webhooks")).toMatchObject({
      state: "unchecked",
      message: "Couldn't check: Shopify did not answer.",
      when: { at: minutesAgo(5).toISOString() },
    });
  });

  it("offers to register the carrier service when it is missing, off or calls elsewhere", () => {
    const withServices = (services: { active: boolean; callbackUrl: string }[]) =>
      facts({
        carrier: {
          enabled: true,
          expectedUrl: CARRIER_URL,
          services: known(services.map((s, i) => ({ id: `c${i}`, name: "Print Connect", ...s }))),
        },
      });
    expect(itemOf(withServices([]), "carrier")).toMatchObject({
      state: "action",
      action: { kind: "run", intent: "register-carrier", label: "Register it again" },
    });
    expect(
      itemOf(withServices([{ active: false, callbackUrl: CARRIER_URL }]), "carrier"),
    ).toMatchObject({
      state: "action",
      action: { kind: "run", intent: "register-carrier", label: "Turn the carrier service on" },
    });
    expect(
      itemOf(
        withServices([{ active: true, callbackUrl: "https://old.example/carrier" }]),
        "carrier",
      ).message,
    ).toContain("calls an address that is not this app's");
    const off = facts({ carrier: { enabled: false, expectedUrl: null, services: null } });
    expect(itemOf(off, "carrier")).toMatchObject({ state: "ok", action: null });
  });

  it("offers to turn the cart rule on only when a mapping sells in sets", () => {
    const rule = (state: SetupFacts["cartRule"]["state"], needed = 2) =>
      itemOf(facts({ cartRule: { needed, state } }), "cart-rule");
    expect(rule(known({ functionFound: true, validation: null }))).toMatchObject({
      state: "action",
      action: { kind: "run", intent: "enable-cart-rule" },
    });
    expect(
      rule(known({ functionFound: true, validation: { id: "v", enabled: false } })).message,
    ).toMatch(/^Off:/);
    expect(rule(known({ functionFound: false, validation: null }))).toMatchObject({
      state: "action",
      action: null,
    });
    expect(rule(null, 0)).toMatchObject({
      state: "ok",
      message: expect.stringContaining("not needed"),
    });
    expect(rule(unknown("no access."))).toMatchObject({ state: "unchecked" });
  });

  it("links to the theme editor when the product block is missing or cannot be checked", () => {
    const missing = itemOf(
      facts({ productBlock: known({ themeName: "Dawn", templateRead: true, hasBlock: false }) }),
      "product-block",
    );
    expect(missing).toMatchObject({
      state: "action",
      action: { kind: "link", external: true, label: "Add the block in the theme editor" },
    });
    const unread = itemOf(
      facts({ productBlock: known({ themeName: "Dawn", templateRead: false, hasBlock: false }) }),
      "product-block",
    );
    expect(unread.state).toBe("unchecked");
    expect(unread.message).toMatch(/^Couldn't check:/);
  });

  it("points failing print files and prices below target to the pages that fix them", () => {
    const f = facts({ mappings: 0, files: { failing: 2 }, prices: { belowTarget: 3, atLoss: 1 } });
    expect(itemOf(f, "mapping").action).toMatchObject({ url: "/app/products" });
    expect(itemOf(f, "files").message).toContain("The print file of 2 variants failed");
    expect(itemOf(f, "prices")).toMatchObject({
      state: "action",
      message: "3 variants sell below your target margin, 1 of them at a loss.",
      action: { url: "/app/products/prices" },
    });
  });
});

describe("the product template and the theme editor link", () => {
  const block = (type: string, disabled = false) =>
    `/* auto-generated */\n${JSON.stringify({
      sections: { main: { type: "main-product", blocks: { a: { type, disabled } } } },
      order: ["main"],
    })}`;

  it("finds the app block by its handle, past Shopify's comment, and not when disabled", () => {
    expect(
      templateHasAppBlock(
        block("shopify://apps/print-connect/blocks/print-specs/abc-123"),
        "print-specs",
      ),
    ).toBe(true);
    expect(
      templateHasAppBlock(
        block("shopify://apps/print-connect/blocks/print-specs/abc", true),
        "print-specs",
      ),
    ).toBe(false);
    expect(
      templateHasAppBlock(
        block("shopify://apps/print-connect/blocks/printed-copy/abc"),
        "print-specs",
      ),
    ).toBe(false);
    expect(templateHasAppBlock("{% section 'main-product' %}", "print-specs")).toBeNull();
    const nested = JSON.stringify({
      sections: {
        main: {
          type: "product-information",
          blocks: {
            details: {
              type: "group",
              blocks: { p: { type: "shopify://apps/print-connect/blocks/print-specs/abc" } },
            },
          },
        },
      },
    });
    expect(templateHasAppBlock(nested, "print-specs")).toBe(true);
  });

  it("builds Shopify's deep link that adds the block to the product page's main section", () => {
    expect(themeEditorUrl("shop.myshopify.com", "abc123", "print-specs")).toBe(
      "https://shop.myshopify.com/admin/themes/current/editor?template=product&addAppBlockId=abc123/print-specs&target=mainSection",
    );
  });
});

describe("a bounded live question", () => {
  it("answers, gives the failure's reason, or gives up after its time", async () => {
    const why = (e: unknown) => `failed: ${(e as Error).message}`;
    expect(await probe(50, async () => 1, why, "late")).toEqual({ known: true, value: 1 });
    expect(await probe(50, async () => Promise.reject(new Error("no")), why, "late")).toEqual({
      known: false,
      reason: "failed: no",
    });
    expect(
      await probe(20, () => new Promise<number>((r) => setTimeout(() => r(1), 200)), why, "late"),
    ).toEqual({ known: false, reason: "late" });
  });
});
