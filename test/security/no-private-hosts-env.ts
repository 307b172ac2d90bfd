/**
 * Import before "../support/app-env": the production default, no private
 * host allowed for a shop's print-service URL (app-env lists 127.0.0.1 for
 * the loopback sandbox). The operator's own sandbox URL (PRINT_SANDBOX_URL)
 * points at a port reserved here, where the test starts a sandbox.
 */
import { createServer } from "node:net";

export const operatorSandboxPort = await new Promise<number>((resolve, reject) => {
  const server = createServer();
  server.once("error", reject);
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    server.close(() => resolve(port));
  });
});

process.env.PRINT_ALLOWED_PRIVATE_HOSTS = "";
process.env.PRINT_SANDBOX_URL = `http://127.0.0.1:${operatorSandboxPort}`;
