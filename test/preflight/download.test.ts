import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGuardedDispatcher } from "~/services/net/guarded-dispatcher";
import {
  BUSY_REASON,
  expectationFor,
  preflightFile,
  preflightFileAgainst,
  type PreflightExpectation,
  type PreflightResult,
} from "~/services/preflight";
import { PdfWorkPool } from "~/services/pdf-work/pool";
import { makePdf } from "../../sandbox/files";
import {
  answer,
  closedPort,
  redirectTo,
  sendBytes,
  startFileServer,
  type FileServer,
} from "./file-server";

/**
 * The download half of preflight against a real HTTP server on 127.0.0.1:
 * bounded in bytes and time, redirects followed a few times and each hop
 * put to the dispatcher, and the difference between "the file is not there"
 * (a verdict) and "the file could not be reached" (none).
 */

const book: PreflightExpectation = expectationFor(
  { name: "Hardcover book A4 portrait", minNumberOfPages: 24, maxNumberOfPages: 800 },
  { numberOfPages: 24, contentWidth: 210, contentHeight: 297 },
);

let server: FileServer;
let pdf: Uint8Array;

beforeAll(async () => {
  pdf = await makePdf({ pages: 24, widthMm: 216, heightMm: 303, fillBytesPerPage: 2048 });
  server = await startFileServer({
    "/good.pdf": sendBytes(pdf),
    "/chunked.pdf": sendBytes(pdf, { chunked: true }),
    "/hang.pdf": () => {
      // Never answers: the timeout ends the wait.
    },
    "/gone.pdf": answer(410),
    "/private.pdf": answer(403),
    "/broken.pdf": answer(503),
    "/moved.pdf": redirectTo("/good.pdf", 301),
    "/hop1": redirectTo("/hop2"),
    "/hop2": redirectTo("/hop3"),
    "/hop3": redirectTo("/good.pdf"),
    "/loop1": redirectTo("/loop2"),
    "/loop2": redirectTo("/loop3"),
    "/loop3": redirectTo("/loop4"),
    "/loop4": redirectTo("/good.pdf"),
  });
});
afterAll(() => server?.close());

const url = (path: string) => `${server.url}${path}`;
const codes = (result: PreflightResult) => result.problems.map((p) => p.code);

describe("downloading the file", () => {
  it("downloads with or without Content-Length", async () => {
    for (const path of ["/good.pdf", "/chunked.pdf"]) {
      const result = await preflightFile(url(path), book);
      expect(result.status, path).toBe("passed");
      expect(result.bytes, path).toBe(pdf.length);
    }
  });

  it("refuses a file over the size limit, declared or streamed", async () => {
    const declared = await preflightFile(url("/good.pdf"), book, { maxBytes: 10_000 });
    expect(declared.status).toBe("failed");
    expect(codes(declared)).toEqual(["TOO_LARGE"]);
    expect(declared.bytes).toBe(pdf.length);
    const streamed = await preflightFile(url("/chunked.pdf"), book, { maxBytes: 10_000 });
    expect(codes(streamed)).toEqual(["TOO_LARGE"]);
    expect(streamed.bytes).toBeGreaterThan(10_000);
  });

  it("gives up after the time limit: unreachable, not a verdict", async () => {
    const result = await preflightFile(url("/hang.pdf"), book, { timeoutMs: 200 });
    expect(result.status).toBe("unreachable");
    expect(result.reason).toBe("the download took longer than 0.2 s");
    expect(codes(result)).toEqual(["UNREACHABLE"]);
  });

  it("fails with NOT_FOUND when the server says the file is not there for anyone", async () => {
    const missing = await preflightFile(url("/nothing.pdf"), book);
    expect(missing.status).toBe("failed");
    expect(missing.problems).toEqual([
      {
        code: "NOT_FOUND",
        message: "The file could not be downloaded: its server answered 404 (not found).",
        fix: "Check the link: opened in a private browser window, it must download the PDF without signing in.",
      },
    ]);
    expect(codes(await preflightFile(url("/gone.pdf"), book))).toEqual(["NOT_FOUND"]);
    expect(codes(await preflightFile(url("/private.pdf"), book))).toEqual(["NOT_FOUND"]);
  });

  it("is unreachable on a server error or a refused connection", async () => {
    const broken = await preflightFile(url("/broken.pdf"), book);
    expect(broken).toMatchObject({
      status: "unreachable",
      reason: "the server answered HTTP 503",
    });
    const refused = await preflightFile(`http://127.0.0.1:${await closedPort()}/file.pdf`, book);
    expect(refused.status).toBe("unreachable");
    expect(refused.reason).toBe("the server refused the connection");
    expect(refused.problems[0]!.message).toBe(
      "The file could not be checked: the server refused the connection.",
    );
  });

  it("only downloads http and https addresses", async () => {
    const result = await preflightFile("ftp://127.0.0.1/file.pdf", book);
    expect(result).toMatchObject({
      status: "unreachable",
      reason: "only http and https addresses can be downloaded",
    });
  });
});

describe("the files checked at once", () => {
  it("are admitted before they are downloaded: past the pool's limit a check waits in line and downloads nothing until a place is free", async () => {
    const held: (() => void)[] = [];
    server.route("/held.pdf", (_req, res) => {
      held.push(() => res.writeHead(404, { "content-type": "text/plain" }).end("gone\n"));
    });
    const pool = new PdfWorkPool({ files: 2, queue: 1 });
    const requests = () => server.requests.filter((p) => p === "/held.pdf").length;
    const before = requests();
    const first = preflightFile(url("/held.pdf"), book, { pdfWork: pool });
    const second = preflightFile(url("/held.pdf"), book, { pdfWork: pool });
    await vi.waitFor(() => expect(requests()).toBe(before + 2));
    expect(pool.admittedFiles).toBe(2);

    // The third waits for a place, the fourth finds the line full: busy, nothing downloaded.
    const third = preflightFile(url("/held.pdf"), book, { pdfWork: pool });
    await vi.waitFor(() => expect(pool.waitingFiles).toBe(1));
    const fourth = await preflightFile(url("/held.pdf"), book, { pdfWork: pool });
    expect(fourth).toMatchObject({ status: "unreachable", reason: BUSY_REASON });
    expect(fourth.bytes).toBeUndefined();
    expect(requests()).toBe(before + 2);

    // The first place freed goes to the one waiting, which downloads then.
    held.shift()!();
    expect((await first).problems[0]!.code).toBe("NOT_FOUND");
    await vi.waitFor(() => expect(requests()).toBe(before + 3));
    expect(pool.waitingFiles).toBe(0);
    expect(pool.admittedFiles).toBe(2);
    for (const release of held.splice(0)) release();
    expect((await second).problems[0]!.code).toBe("NOT_FOUND");
    expect((await third).problems[0]!.code).toBe("NOT_FOUND");
    expect(pool.admittedFiles).toBe(0);
    await pool.close();
  });

  it("a check that waited its time in line for a place is busy and downloads nothing", async () => {
    const held: (() => void)[] = [];
    server.route("/held-long.pdf", (_req, res) => {
      held.push(() => res.writeHead(404, { "content-type": "text/plain" }).end("gone\n"));
    });
    const pool = new PdfWorkPool({ files: 1, queueWaitMs: 50 });
    const first = preflightFile(url("/held-long.pdf"), book, { pdfWork: pool });
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const second = await preflightFile(url("/held-long.pdf"), book, { pdfWork: pool });
    expect(second).toMatchObject({ status: "unreachable", reason: BUSY_REASON });
    expect(pool.waitingFiles).toBe(0);
    held.splice(0)[0]!();
    expect((await first).problems[0]!.code).toBe("NOT_FOUND");
    // The place is free again, not handed to the check that gave up.
    expect(pool.admittedFiles).toBe(0);
    expect(server.requests.filter((p) => p === "/held-long.pdf")).toHaveLength(1);
    await pool.close();
  });
});

describe("one file printed as several offerings", () => {
  it("downloads it once and checks it against each, in order", async () => {
    const magazine = expectationFor(
      { name: "Perfect bound magazine A4", minNumberOfPages: 8, maxNumberOfPages: 200 },
      { numberOfPages: 28, contentWidth: 210, contentHeight: 297 },
    );
    const before = server.requests.filter((p) => p === "/good.pdf").length;
    const results = await preflightFileAgainst(url("/good.pdf"), [book, magazine]);
    expect(server.requests.filter((p) => p === "/good.pdf").length - before).toBe(1);
    expect(results.map((r) => r.expectation.offeringName)).toEqual([
      "Hardcover book A4 portrait",
      "Perfect bound magazine A4",
    ]);
    expect(results[0]!.status).toBe("passed");
    expect(results[1]!.status).toBe("failed");
    expect(results.map((r) => r.bytes)).toEqual([pdf.length, pdf.length]);
  });

  it("gives each the same download problem", async () => {
    const results = await preflightFileAgainst(url("/gone.pdf"), [book, book]);
    expect(results.map(codes)).toEqual([["NOT_FOUND"], ["NOT_FOUND"]]);
  });
});

describe("redirects", () => {
  it("follows up to 3 redirects, and no more", async () => {
    expect((await preflightFile(url("/moved.pdf"), book)).status).toBe("passed");
    expect((await preflightFile(url("/hop1"), book)).status).toBe("passed");
    const tooMany = await preflightFile(url("/loop1"), book);
    expect(tooMany).toMatchObject({
      status: "unreachable",
      reason: "the address redirected more than 3 times",
    });
  });

  it("puts every hop to the dispatcher: a redirect to a private address is refused", async () => {
    // The operator lists 127.0.0.1, not localhost (which resolves to loopback).
    const guarded = createGuardedDispatcher({ allowedPrivateHosts: ["127.0.0.1"] });
    server.route("/to-private", redirectTo(`https://localhost:${server.port}/good.pdf`));
    const before = { connections: server.connections, requests: server.requests.length };
    const result = await preflightFile(url("/to-private"), book, { dispatcher: guarded });
    expect(result.status).toBe("unreachable");
    expect(result.reason).toBe(
      "the address is on a private network, which the app does not download from",
    );
    // The first hop reached the server; the redirect target was never contacted.
    expect(server.requests.slice(before.requests)).toEqual(["/to-private"]);
    expect(server.connections - before.connections).toBe(1);
    await guarded.close();
  });
});
