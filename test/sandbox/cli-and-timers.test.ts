import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { KEY, client, createOrder, pay, start } from "./helpers";

describe("auto-advance", () => {
  it("moves paid orders forward on a timer when started with autoAdvanceMs", async () => {
    const sb = await start({ autoAdvanceMs: 5 });
    const id = await createOrder(sb);
    await pay(sb, id);
    const until = Date.now() + 3000;
    while (sb.control.order(id)?.state !== "SHIPPED" && Date.now() < until)
      await new Promise((r) => setTimeout(r, 5));
    expect(sb.control.order(id)?.state).toBe("SHIPPED");
    await sb.close();
  });
});

describe("command line", () => {
  it("starts on port 0, prints its URL and the default merchant keys, and serves health", async () => {
    const tsx = createRequire(import.meta.url).resolve("tsx/cli");
    const child = spawn(process.execPath, [tsx, "sandbox/cli.ts", "--port", "0", "--seed", "3"], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let out = "";
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 15_000);
        child.stdout.on("data", (c: Buffer) => {
          out += c.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m?.[1] && out.includes("buttonKey")) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      expect(out).toContain(`merchantApiKey=${KEY}`);
      expect(out).toContain("secretKey=sandbox-secret-key");
      const r = await fetch(`${url}/__sandbox/health`);
      expect(await r.json()).toMatchObject({ ok: true });
      const sb = { url, jsonBaseUrl: `${url}/rest/v3` } as Parameters<typeof client>[0];
      expect((await client(sb).get("/categories")).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  });
});
