// The V8 flags the web process runs with (`npm start`, `npm run up`, bench:ingest's web
// process). Under a burst of requests Node 24's young generation grows and stays grown: the web
// process's resident memory rose from about 170 MB to 330 MB under 32 webhooks at once (310 MB
// on PostgreSQL). With 8 MB semi-spaces it peaks under 280 MB on both databases at the same
// throughput (bench/results/ingest*.json). package.json's "start" repeats them (JSON cannot
// import); test/foundation/app-config.test.ts checks that they agree.
export const WEB_NODE_FLAGS = ["--max-semi-space-size=8"];
