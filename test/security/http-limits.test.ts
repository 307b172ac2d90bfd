/**
 * The app's HTTP server (server/app.js) bounds how long a client may take to
 * send headers and the whole request: a client trickling either is answered
 * 408 and disconnected instead of holding the connection for minutes. Real
 * sockets against createAppServer serving the app's carrier-rates route (it
 * reads the body), with limits made short for the test.
 */
import "../support/app-env";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as carrierRates from "~/routes/carrier.rates.$token";
import { createAppServer, httpTimeouts, type AppServer } from "../../server/app.js";
import { routeBuild } from "../support/route-build";

let app: AppServer;

beforeAll(async () => {
  app = await createAppServer({
    build: routeBuild({ "carrier/rates/:token": carrierRates }),
    port: 0,
    host: "127.0.0.1",
    clientDir: mkdtempSync(path.join(os.tmpdir(), "print-connect-static-")),
    timeouts: { headersTimeoutMs: 300, requestTimeoutMs: 600 },
  });
});
afterAll(async () => {
  await app?.close();
});

/**
 * Opens a socket, writes `head` at once, then one piece of `trickle` every
 * 50 ms for as long as the server keeps the connection; resolves with what
 * the server sent once it has closed the connection.
 */
function trickle(head: string, piece: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(app.port, "127.0.0.1");
    let received = "";
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(piece);
      }, 50);
    });
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while a piece is under way.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      clearInterval(timer);
      resolve(received);
    });
  });
}

describe("slow clients", () => {
  it("answers 408 and closes the connection when the headers never finish", async () => {
    const answer = await trickle(
      "POST /carrier/rates/x HTTP/1.1\r\nHost: 127.0.0.1\r\n",
      "X-Slow: 1\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("answers 408 and closes the connection when the body comes too slowly", async () => {
    const answer = await trickle(
      "POST /carrier/rates/x HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
        "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n",
      "{",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("still answers a request sent at once (here: 401, it is not signed)", async () => {
    const response = await fetch(`${app.url}/carrier/rates/x`, { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
  });
});

describe("HTTP_HEADERS_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS", () => {
  it("default to 10 s and 30 s", () => {
    expect(httpTimeouts({})).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    expect(
      httpTimeouts({ HTTP_HEADERS_TIMEOUT_MS: "5000", HTTP_REQUEST_TIMEOUT_MS: "60000" }),
    ).toEqual({ headersTimeoutMs: 5_000, requestTimeoutMs: 60_000 });
  });

  it("refuse values that are not milliseconds, or a header limit above the request limit", () => {
    expect(() => httpTimeouts({ HTTP_REQUEST_TIMEOUT_MS: "30s" })).toThrow(
      /HTTP_REQUEST_TIMEOUT_MS: must be a whole number of milliseconds/,
    );
    expect(() =>
      httpTimeouts({ HTTP_HEADERS_TIMEOUT_MS: "40000", HTTP_REQUEST_TIMEOUT_MS: "30000" }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS: may not exceed HTTP_REQUEST_TIMEOUT_MS/);
  });
});
