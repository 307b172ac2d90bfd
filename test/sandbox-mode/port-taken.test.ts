import "./sandbox-env";
import { createServer, type Server } from "node:net";
import { afterAll, describe, expect, it } from "vitest";

function listen(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

// Both ports are held by someone else before the app reads its environment.
const printPort = await listen();
const shopifyPort = await listen();
process.env.PRINT_SANDBOX_URL = `http://127.0.0.1:${printPort.port}`;
process.env.SANDBOX_SHOPIFY_PORT = String(shopifyPort.port);

describe("sandbox mode when a port is taken", () => {
  afterAll(async () => {
    await close(shopifyPort.server);
  });

  it("fails with a clear message naming the print sandbox's port and variable", async () => {
    const { startSandboxMode } = await import("~/dev/start.server");
    await expect(startSandboxMode({ print: () => undefined })).rejects.toThrow(
      `port ${printPort.port} for the print-service sandbox (PRINT_SANDBOX_URL=http://127.0.0.1:${printPort.port}) is already in use`,
    );
  });

  it("fails with a clear message naming the Shopify stand-in's port, and leaves nothing running", async () => {
    await close(printPort.server);
    const { startSandboxMode } = await import("~/dev/start.server");
    await expect(startSandboxMode({ print: () => undefined })).rejects.toThrow(
      `port ${shopifyPort.port} for the Shopify stand-in (SANDBOX_SHOPIFY_PORT) is already in use`,
    );
    // The print sandbox it had started is closed again: its port is free.
    const again = await new Promise<Server>((resolve, reject) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(printPort.port, "127.0.0.1", () => resolve(server));
    });
    await close(again);
  });

  it("fails with a clear message naming the app's own port and how to choose another", async () => {
    const { createAppServer } = await import("../../server/app.js");
    const held = await listen();
    let built = false;
    await expect(
      createAppServer({
        build: () => {
          built = true;
          throw new Error("not reached: the port is taken");
        },
        port: held.port,
        host: "127.0.0.1",
      }),
    ).rejects.toThrow(
      `port ${held.port} on 127.0.0.1 for the app (PORT) is already in use by another program. ` +
        `Stop that program, or start on another port: PORT=${held.port + 1} npm run up`,
    );
    expect(built).toBe(false);
    await close(held.server);
  });
});
