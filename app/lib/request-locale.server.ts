/** The admin's language: Shopify's `locale` parameter, else the browser's first choice. */
export function requestLocale(request: Request): string {
  const fromUrl = new URL(request.url).searchParams.get("locale");
  const fromHeader = request.headers.get("accept-language")?.split(",")[0]?.split(";")[0]?.trim();
  for (const candidate of [fromUrl, fromHeader]) {
    if (!candidate) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(candidate);
      if (canonical) return canonical;
    } catch {
      // not a locale; try the next
    }
  }
  return "en";
}
