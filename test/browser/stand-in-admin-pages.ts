import type { Page } from "playwright-core";

/**
 * /dev/shopify-admin exists only in sandbox mode (test/sandbox-mode/admin-pages.test.ts): here
 * it is stood in for, passing the Shopify stand-in's own pages on. A redirect the stand-in
 * answers (after "Add block and save") is followed here: the browser does not route a redirect
 * a route answered.
 */
export async function standInAdminPages(page: Page): Promise<void> {
  await page.route("**/dev/shopify-admin?**", async (route) => {
    const to = new URL(new URL(route.request().url()).searchParams.get("to") ?? "");
    let answer = await fetch(to, {
      method: route.request().method(),
      body: route.request().postData() ?? undefined,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const location = answer.headers.get("Location");
    if (location) answer = await fetch(new URL(location, to));
    return route.fulfill({
      status: answer.status,
      contentType: "text/html",
      body: await answer.text(),
    });
  });
}
