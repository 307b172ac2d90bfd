/**
 * The demo as merchant: "Order a proof copy" of the demo book, through the app's own page
 * (/app/proofs/new: its loader quotes, its action places), placed twice with the same request
 * key as a double click would, which must give the one proof.
 */
import { adminResponse, admin } from "./http";
import { printOrdersOf, type Placed } from "./print-orders";
import { demoBookHardcover, PROOF_SCENARIO } from "./scenarios";

const ROUTE = "routes/app.proofs.new";

interface ProofPageData {
  ok: boolean;
  problem?: string;
  printProblem?: { title: string; detail: string | null };
  requestKey: string;
  sourceFields?: Record<string, string>;
  address?: Record<string, string>;
  addressErrors?: Record<string, string> | null;
  quote?: { ok: boolean; quote?: { total: { amountMinor: number; currency: string } } } | null;
  quotedTotal?: string | null;
}

/** Posts "Place proof order"; the print order's id from the redirect to its page. */
async function place(form: Record<string, string>): Promise<string> {
  const response = await adminResponse("/app/proofs/new", ROUTE, form);
  const to = response.headers.get("X-Remix-Redirect") ?? "";
  const id = /^\/app\/orders\/([^/?#]+)$/.exec(to)?.[1];
  if (!id) {
    const body = (await response.text()).slice(0, 300);
    throw new Error(`the proof was not placed (${response.status}): ${body}`);
  }
  return id;
}

export async function placeDemoProof(): Promise<Placed> {
  const variant = await demoBookHardcover();
  const legacy = /(\d+)$/.exec(variant.id)?.[1] ?? "";
  const page = await admin<ProofPageData>(`/app/proofs/new?variantId=${legacy}`, ROUTE);
  const data = page.body;
  if (page.status !== 200 || !data.ok || !data.sourceFields || !data.address) {
    throw new Error(
      `the proof page did not open (${page.status}): ${data.problem ?? data.printProblem?.title ?? "no reason given"}`,
    );
  }
  if (data.addressErrors || !data.quotedTotal) {
    throw new Error(
      `the proof page gave no quote to the shop's address: ${JSON.stringify(data.addressErrors ?? data.quote)}`,
    );
  }
  const form = {
    ...data.sourceFields,
    ...data.address,
    requestKey: data.requestKey,
    quotedTotal: data.quotedTotal,
    intent: "place",
  };
  const placedAt = Date.now();
  const first = await place(form);
  // A double click: the same key again must land on the same proof.
  const again = await place(form);
  if (again !== first) throw new Error(`placing twice with one key made two proofs`);
  const placed: Placed = {
    scenario: PROOF_SCENARIO,
    id: first,
    legacyId: null,
    key: `proof-${data.requestKey}`,
    name: "Proof copy",
    retailMinor: 0,
    placedAt,
    paidAt: placedAt,
  };
  // Its own name in the app ("Proof P1001"), for the report.
  const [stored] = await printOrdersOf([placed]);
  return { ...placed, name: stored?.shopifyOrderName ?? placed.name };
}
