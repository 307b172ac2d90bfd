import { getEnv } from "../env.server";

/**
 * Where sandbox mode's local mail server listens: registered by the process that started the
 * stand-ins (app/dev/stand-ins.server.ts), or read from the stand-ins' state when this process
 * joined them (`npm run stand-ins`); null when neither answers.
 */
let registered: string | null = null;

export function registerSandboxSmtpUrl(url: string) {
  registered = url;
}

export async function sandboxSmtpUrl(): Promise<string | null> {
  if (registered) return registered;
  const port = getEnv().sandboxShopifyPort;
  if (port === 0) return null;
  try {
    const response = await fetch(`http://127.0.0.1:${port}/__fake/state`, {
      signal: AbortSignal.timeout(1_500),
    });
    const state = (await response.json()) as { smtpUrl?: unknown };
    return typeof state.smtpUrl === "string" ? state.smtpUrl : null;
  } catch {
    return null;
  }
}
