/**
 * Starts app processes of our own (test/scale/app-process.ts) on the test
 * file's database, as separate operating-system processes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { testDatabaseUrl } from "../support/app-env";

const root = path.resolve(import.meta.dirname, "../..");

export interface Child {
  process: ChildProcess;
  url: string;
  claims: Promise<Record<string, number>>;
  /** Every other line it printed (its log, when LOG_LEVEL lets it log), newest last. */
  output: string[];
}

/** An app process of our own (test/scale/app-process.ts) on the same database. */
export async function startChild(
  name: string,
  shopifyUrl: string,
  env: Record<string, string> = {},
): Promise<Child> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "test", "scale", "app-process.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: testDatabaseUrl,
        SCALE_PROCESS: name,
        SCALE_WORKERS: "1",
        SCALE_SHOPIFY_URL: shopifyUrl,
        ...env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  let claimed: (value: Record<string, number>) => void = () => {};
  const claims = new Promise<Record<string, number>>((resolve) => (claimed = resolve));
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    // An upper bound only (READY ends the wait): a loaded 2-core machine took over 30 s.
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 90 s`)), 90_000);
    child.once("exit", (code) => reject(new Error(`${name} exited with ${code}`)));
    lines.on("line", (line) => {
      if (line.startsWith("READY ")) {
        clearTimeout(timer);
        resolve(line.slice("READY ".length));
      } else if (line.startsWith("CLAIMS ")) {
        claimed(JSON.parse(line.slice("CLAIMS ".length)));
      } else if (output.length < 10_000) {
        output.push(line);
      }
    });
  });
  return { process: child, url, claims, output };
}
