import { findProofByRequestKey } from "../data/proofs.server";
import { getMapping } from "../data/mapping.server";
import { getPrintSettingsForDisplay } from "../data/print-settings.server";
import { PROOF_CANNOT_MAKE } from "../services/merchant-text/proof-order";
import { shopCurrency } from "../services/pricing/currency";
import type { ProofPorts, ShopAddressInfo } from "../services/proofs/ports";
import { adminGraphql, pageFailure, type AdminApi } from "../services/shopify-admin";
import {
  SHOP_ADDRESS_QUERY,
  type ShopAddressData,
} from "../services/shopify-admin/documents/shop-address";
import { getOffering } from "./catalogue.server";
import { recordProofOrder } from "./fulfilment-commands.server";
import { getLogger } from "./logger.server";
import { quoteLines } from "./print-quotes.server";
import { getShopInfo } from "./shop-info.server";

/**
 * The composition root of ordering a proof copy (services/proofs): its ports wired to the
 * database (data/), the Shopify Admin client, and the print service's cached catalogue and
 * quotes, for one shop and its admin session.
 */

const log = () => getLogger().child({ component: "proofs" });

/** What Shopify has for the shop; null when it cannot say (the merchant then types it). */
async function readShopAddress(shop: string, admin: AdminApi): Promise<ShopAddressInfo | null> {
  try {
    const { shop: s } = await adminGraphql(admin)<ShopAddressData>(SHOP_ADDRESS_QUERY);
    const a = s.shopAddress;
    return {
      name: s.name,
      ownerName: s.shopOwnerName,
      email: s.email,
      address: a
        ? {
            company: a.company,
            address1: a.address1,
            address2: a.address2,
            zip: a.zip,
            city: a.city,
            provinceCode: a.provinceCode,
            countryCode: a.countryCodeV2,
            phone: a.phone,
          }
        : null,
    };
  } catch (error) {
    if (!pageFailure(error)) throw error;
    log().warn({ err: error, shop }, "shop address not read from Shopify");
    return null;
  }
}

export function proofPorts({ shop, admin }: { shop: string; admin: AdminApi }): ProofPorts {
  return {
    shop,
    mapping: async (variantId) => {
      const row = await getMapping({ shop, variantId });
      return row
        ? {
            variantId: row.variantId,
            title: row.title,
            offeringId: row.offeringId,
            contentUrl: row.contentUrl,
            contentWidth: row.contentWidth,
            contentHeight: row.contentHeight,
            numberOfPages: row.numberOfPages,
            coverUrl: row.coverUrl,
            spineCustomUrl: row.spineCustomUrl,
            spineText: row.spineText,
            fileProperty: row.fileProperty,
          }
        : null;
    },
    offering: async (offeringId) => {
      const found = await getOffering({ shop, offeringId });
      if (found.status !== "ok") return found;
      return { status: "ok", offering: found.data };
    },
    shopAddress: () => readShopAddress(shop, admin),
    // The currency a sale's print order is quoted and paid in: the print settings', else the shop's.
    currency: async () => {
      const [settings, info] = await Promise.all([
        getPrintSettingsForDisplay({ shop }),
        getShopInfo({ shop, admin }),
      ]);
      return shopCurrency(settings?.currency, info?.currencyCode);
    },
    quote: async ({ countryCode, state, currency, item }) => {
      const result = await quoteLines({ shop, countryCode, state, currency, lines: [item] });
      if (result.status !== "ok") return result;
      // One item is quoted together or not at all: never a total of nothing.
      if (result.data.groups.length !== 1 || result.data.unproducible.length > 0) {
        return { status: "error", problem: PROOF_CANNOT_MAKE };
      }
      const { total } = result.data;
      return {
        status: "ok",
        quote: {
          currency: result.data.currency,
          product: total.product,
          discount: total.discount,
          shipping: total.shipping,
          vat: total.vat,
          total: total.total,
        },
      };
    },
    store: {
      findByRequestKey: (requestKey) => findProofByRequestKey({ shop, requestKey }),
      record: (proof) => recordProofOrder({ shop, proof }),
    },
  };
}
