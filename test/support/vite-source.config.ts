// The app's Vite config for building the server from the sources in tests
// (./source-server-build.mjs), without Vite's WebSocket server: that server
// listens on one fixed port, so two test processes at once would collide.
// Remix's plugin starts a compiler of its own from this same file, which is
// why the setting is made by a plugin rather than in the inline config.
import { mergeConfig, type Plugin } from "vite";
import appConfig from "../../vite.config";

const noWebSocketServer: Plugin = {
  name: "print-connect-no-websocket-server",
  config: () => ({ server: { ws: false } }),
};

export default mergeConfig(appConfig, { plugins: [noWebSocketServer] });
