// The load generators' sending (load.mjs, callback-load.mjs): each planned POST once,
// `plan.concurrency` at a time over keep-alive connections to `plan.origin`, none started after
// `plan.maxMs`. A request's latency runs until its answer is read (`read`); `answered` sees each
// one, with status 0 for a request that got no answer. Resolves with the time it all took.
import { Pool } from "undici";

export async function postEachOnce(plan, { headers, read }, answered) {
  const pool = new Pool(plan.origin, { connections: plan.concurrency, pipelining: 1 });
  let next = 0;
  const started = performance.now();
  const deadline = started + plan.maxMs;

  async function lane() {
    while (next < plan.requests.length && performance.now() < deadline) {
      const r = plan.requests[next++];
      const t = performance.now();
      let status = 0;
      let body;
      try {
        const res = await pool.request({
          method: "POST",
          path: r.path,
          headers: headers(r),
          body: r.body,
        });
        status = res.statusCode;
        body = await read(res);
      } catch {
        status = 0;
      }
      answered(status, performance.now() - t, body);
    }
  }
  await Promise.all(Array.from({ length: plan.concurrency }, lane));
  const elapsedMs = performance.now() - started;
  await pool.close();
  return elapsedMs;
}
