// The floor of bench:callbacks: a Node HTTP server that reads each POST's body and answers at
// once what the app's callback route answers ({"received":true}), and /healthz with a fixed
// body. Flooded by the same load child with the same requests, on the same machine, it shows
// the latency that comes from the load, the sockets and the two cores alone. It says its port
// over IPC, answers "cpu" and "memory", and exits on "stop".
import http from "node:http";
import { answerStatsQuestion } from "./process-stats.mjs";

const RECEIVED = '{"received":true}';
const HEALTHY = '{"status":"ok","database":"ok"}';

const server = http.createServer((req, res) => {
  req.on("data", () => {});
  req.on("end", () => {
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
    res.end(req.method === "POST" ? RECEIVED : HEALTHY);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: server.address().port, rss: process.memoryUsage().rss });
});
process.on("message", (message) => {
  if (answerStatsQuestion(message)) return;
  if (message === "stop") {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  }
});
