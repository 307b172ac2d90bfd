/**
 * Preflight: download a PDF from a local server and read its page count and
 * page sizes, for a 24-page photo book and a 600-page book of about 40 MB
 * (each page carries 68 KB of incompressible image data, as photos do).
 *
 * Each preflight runs in a fresh child process, so its peak RSS (VmHWM) is
 * the preflight's own plus the runtime it needs; the child's peak before the
 * preflight is recorded too. Reference: the bare download of the same file
 * (undici request, body read whole) in a fresh child, the floor any
 * preflight has. Issue #14 bar for the large file: within 2 s and 250 MB
 * peak RSS; the script exits 1 when the median time or any run's peak
 * misses it.
 *
 *   npm run bench:preflight   BENCH_PREFLIGHT_RUNS=3
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { request } from "undici";
import { expectationFor, preflightFile } from "../app/services/preflight";
import { makePdf } from "../sandbox/files";
import { writeResult } from "./lib";

const RUNS = Number(process.env.BENCH_PREFLIGHT_RUNS ?? 3);
const BAR_MS = 2_000;
const BAR_RSS_MB = 250;
const HARDCOVER_A4 = {
  name: "Hardcover book A4 portrait",
  minNumberOfPages: 24,
  maxNumberOfPages: 800,
};
const FILES = {
  small: { pages: 24, widthMm: 216, heightMm: 303, fillBytesPerPage: 68_000 },
  large: { pages: 600, widthMm: 216, heightMm: 303, fillBytesPerPage: 68_000 },
} as const;
type FileName = keyof typeof FILES;
type Mode = "preflight" | "download";

interface ChildReport {
  ms: number;
  peakRssMb: number;
  startRssMb: number;
  bytes: number;
  status?: string;
  pages?: number;
  pageSizeMm?: string;
}

function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return Math.round(Number(match?.[1] ?? NaN) / 1024);
}

/** In the child: one preflight (or bare download) of one file, reported as JSON on stdout. */
async function child(mode: Mode, url: string, name: FileName): Promise<void> {
  const startRssMb = peakRssMb();
  const started = performance.now();
  let report: ChildReport;
  if (mode === "preflight") {
    const spec = FILES[name];
    const result = await preflightFile(
      url,
      expectationFor(HARDCOVER_A4, {
        numberOfPages: spec.pages,
        contentWidth: 210,
        contentHeight: 297,
      }),
    );
    report = {
      ms: performance.now() - started,
      peakRssMb: peakRssMb(),
      startRssMb,
      bytes: result.bytes ?? 0,
      status: result.status,
      pages: result.pages ?? 0,
      pageSizeMm: `${result.pageWidthMm} x ${result.pageHeightMm}`,
    };
  } else {
    const response = await request(url);
    const body = await response.body.arrayBuffer();
    report = {
      ms: performance.now() - started,
      peakRssMb: peakRssMb(),
      startRssMb,
      bytes: body.byteLength,
    };
  }
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

const runChild = promisify(execFile);

async function inChild(mode: Mode, url: string, name: FileName): Promise<ChildReport> {
  const { stdout } = await runChild(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--child", mode, url, name],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as ChildReport;
}

/** Peak RSS of an idle node process, bare and with the tsx loader the children use. */
async function runtimeRssMb(): Promise<{ bareNode: number; nodeWithTsx: number }> {
  const script = `const m=/VmHWM:\\s+(\\d+)/.exec(require("fs").readFileSync("/proc/self/status","utf8"));console.log(Math.round(m[1]/1024))`;
  const bare = await runChild(process.execPath, ["-e", script]);
  const withTsx = await runChild(process.execPath, ["--import", "tsx", "-e", script]);
  return { bareNode: Number(bare.stdout.trim()), nodeWithTsx: Number(withTsx.stdout.trim()) };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  console.log("making the files...");
  const bodies = {
    small: await makePdf(FILES.small),
    large: await makePdf(FILES.large),
  };
  const server = http.createServer((req, res) => {
    const name = (req.url ?? "").slice(1).replace(/\.pdf$/, "") as FileName;
    const body = bodies[name];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/pdf", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const results: Record<string, unknown> = {};
  let meets = true;
  for (const name of ["small", "large"] as const) {
    const url = `${base}/${name}.pdf`;
    const ours: ChildReport[] = [];
    const reference: ChildReport[] = [];
    for (let run = 0; run < RUNS; run++) {
      ours.push(await inChild("preflight", url, name));
      reference.push(await inChild("download", url, name));
    }
    const oursMs = median(ours.map((r) => r.ms));
    const referenceMs = median(reference.map((r) => r.ms));
    const oursPeak = Math.max(...ours.map((r) => r.peakRssMb));
    const referencePeak = Math.max(...reference.map((r) => r.peakRssMb));
    const first = ours[0]!;
    results[name] = {
      file: {
        pages: FILES[name].pages,
        sizeMm: `${FILES[name].widthMm} x ${FILES[name].heightMm}`,
        bytes: bodies[name].length,
      },
      ours: {
        path: "preflightFile: download, pdf-lib parse, page count and every page's size, check",
        status: first.status,
        pages: first.pages,
        pageSizeMm: first.pageSizeMm,
        medianMs: round(oursMs),
        runsMs: ours.map((r) => round(r.ms)),
        peakRssMb: oursPeak,
        childStartRssMb: median(ours.map((r) => r.startRssMb)),
      },
      reference: {
        path: "bare download: undici request, body read whole",
        medianMs: round(referenceMs),
        runsMs: reference.map((r) => round(r.ms)),
        peakRssMb: referencePeak,
        childStartRssMb: median(reference.map((r) => r.startRssMb)),
      },
      ratio: { time: round(oursMs / referenceMs), peakRss: round(oursPeak / referencePeak) },
    };
    console.log(
      `${name} (${FILES[name].pages} pages, ${(bodies[name].length / 1e6).toFixed(1)} MB): ` +
        `preflight ${round(oursMs)} ms, peak ${oursPeak} MB (${first.status}, ${first.pages} pages, ${first.pageSizeMm} mm); ` +
        `bare download ${round(referenceMs)} ms, peak ${referencePeak} MB`,
    );
    if (name === "large" && (oursMs > BAR_MS || oursPeak > BAR_RSS_MB || first.status !== "passed"))
      meets = false;
  }
  server.close();

  const runtime = await runtimeRssMb();
  console.log(
    `idle child: ${runtime.bareNode} MB bare node, ${runtime.nodeWithTsx} MB with the tsx loader`,
  );
  writeResult("preflight", {
    runtimeIdleRssMb: runtime,
    settings: {
      runs: RUNS,
      server: "node:http on 127.0.0.1 in the bench process, Content-Length set",
      child: "fresh node process per run (node --import tsx), timing from just before the call",
    },
    bar: { largeMedianMs: BAR_MS, largePeakRssMb: BAR_RSS_MB, meets },
    ...results,
  });
  if (!meets) {
    console.log(`the large file misses the bar (${BAR_MS} ms, ${BAR_RSS_MB} MB)`);
    process.exitCode = 1;
  }
}

if (process.argv[2] === "--child") {
  await child(process.argv[3] as Mode, process.argv[4]!, process.argv[5] as FileName);
} else {
  await main();
}
