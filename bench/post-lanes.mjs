// The load generators' sending (load.mjs, callback-load.mjs): each planned POST once,
// `plan.concurrency` at a time over keep-alive connections to `plan.origin`, none started after
// `plan.maxMs`. A request's latency runs until its whole answer is read; `answered` sees each
// one with its status and body text, status 0 for a request that got no answer. Resolves with
// the time it all took.
//
// Why plain sockets and not an HTTP client: the latency measured is the server's plus this
// process's own queueing. With undici this process spent more CPU per request than a bare
// Node server answering it (0.2 against 0.14 ms here), so at 64 in flight its own event loop
// lagged 27-29 ms at p99 and a server that answers at once measured 44-60 ms at p99. Each
// request here is bytes written once, and the answer's status line, headers and body
// (Content-Length or chunked) are read off the socket.
import net from "node:net";

const CRLF = "\r\n";

/** The request as bytes, once per request. */
function requestBytes(host, r, headers) {
  const body = Buffer.from(r.body ?? "", "utf8");
  let head = `POST ${r.path} HTTP/1.1${CRLF}Host: ${host}${CRLF}Content-Length: ${body.length}${CRLF}`;
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (/^(host|content-length|connection|transfer-encoding)$/i.test(name)) continue;
    head += `${name}: ${value}${CRLF}`;
  }
  return Buffer.concat([Buffer.from(head + CRLF, "latin1"), body]);
}

/**
 * One keep-alive connection answering one request at a time. `send` resolves with the answer's
 * status and body text; a connection the server closes is opened again for the next request.
 */
function connection(port, hostname) {
  let socket = null;
  let buffered = Buffer.alloc(0);
  let pending = null; // { resolve, reject }
  let head = null; // { status, length, chunked, close, headerEnd }

  const fail = (error) => {
    const p = pending;
    pending = null;
    head = null;
    buffered = Buffer.alloc(0);
    socket = null;
    p?.reject(error);
  };

  /** Parses what has arrived; resolves the pending request once its answer is whole. */
  const parse = () => {
    if (!pending) return;
    if (!head) {
      const end = buffered.indexOf("\r\n\r\n");
      if (end < 0) return;
      const lines = buffered.subarray(0, end).toString("latin1").split(CRLF);
      const status = Number(lines[0].split(" ")[1]);
      let length = null;
      let chunked = false;
      let close = false;
      for (let i = 1; i < lines.length; i++) {
        const colon = lines[i].indexOf(":");
        const name = lines[i].slice(0, colon).trim().toLowerCase();
        const value = lines[i].slice(colon + 1).trim();
        if (name === "content-length") length = Number(value);
        else if (name === "transfer-encoding") chunked = /chunked/i.test(value);
        else if (name === "connection") close = /close/i.test(value);
      }
      head = { status, length, chunked, close };
      buffered = buffered.subarray(end + 4);
    }
    let body;
    if (head.chunked) {
      const parts = [];
      let at = 0;
      for (;;) {
        const lineEnd = buffered.indexOf(CRLF, at);
        if (lineEnd < 0) return;
        const size = parseInt(buffered.subarray(at, lineEnd).toString("latin1"), 16);
        if (size === 0) {
          // The last chunk and the empty line after it (this server sends no trailers).
          if (buffered.length < lineEnd + 4) return;
          buffered = buffered.subarray(lineEnd + 4);
          break;
        }
        if (buffered.length < lineEnd + 2 + size + 2) return;
        parts.push(buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts).toString("utf8");
    } else {
      const length = head.length ?? 0;
      if (buffered.length < length) return;
      body = buffered.subarray(0, length).toString("utf8");
      buffered = buffered.subarray(length);
    }
    const { status, close } = head;
    const p = pending;
    pending = null;
    head = null;
    if (close) {
      socket?.destroy();
      socket = null;
      buffered = Buffer.alloc(0);
    }
    p.resolve({ status, body });
  };

  const open = () => {
    const s = net.connect({ port, host: hostname, noDelay: true });
    s.on("data", (chunk) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      parse();
    });
    s.on("error", (error) => {
      if (socket === s) fail(error);
    });
    s.on("close", () => {
      if (socket === s) fail(new Error("connection closed before the answer"));
    });
    return s;
  };

  return {
    send(bytes) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        socket ??= open();
        socket.write(bytes);
      });
    },
    close() {
      const s = socket;
      socket = null;
      s?.end();
    },
  };
}

export async function postEachOnce(plan, { headers }, answered) {
  const origin = new URL(plan.origin);
  const port = Number(origin.port || 80);
  const host = origin.host;
  let next = 0;
  const started = performance.now();
  const deadline = started + plan.maxMs;

  async function lane() {
    const conn = connection(port, origin.hostname);
    while (next < plan.requests.length && performance.now() < deadline) {
      const r = plan.requests[next++];
      const bytes = requestBytes(host, r, headers(r));
      const t = performance.now();
      let status = 0;
      let body;
      try {
        ({ status, body } = await conn.send(bytes));
      } catch {
        status = 0;
      }
      answered(status, performance.now() - t, body);
    }
    conn.close();
  }
  await Promise.all(Array.from({ length: plan.concurrency }, lane));
  return performance.now() - started;
}
