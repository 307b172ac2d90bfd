import {
  changeCreationRequest,
  findCreation,
  findCreationByKey,
  insertCreation,
  rememberPricingRule,
  takeOverCreation,
  updateCreation,
} from "../data/product-creation.server";
import { deleteMappings, saveMapping } from "../data/mapping.server";
import { getPrintSettingsForDisplay } from "../data/print-settings.server";
import { createPublication } from "./publications.server";
import type { CreationPorts, MappingsToSave } from "../services/product-creation/ports";
import { deleteProduct } from "../services/product-creation/steps/set-product";
import { adminGraphql, type AdminApi } from "../services/shopify-admin";
import { listOfferings } from "./catalogue.server";
import { getLogger } from "./logger.server";
import { getOfferingSpine } from "./offering-spine.server";
import { preflightAgainstForApp, preflightForApp } from "./preflight.server";
import { productImageFromPdf } from "./product-image.server";
import { keepSaleCost, quoteSaleCosts } from "./sale-costs.server";
import { getShopInfo } from "./shop-info.server";

/**
 * The composition root of product creation (services/product-creation): its ports wired to
 * the database (data/), the Shopify Admin client, the print client and the PDF image maker,
 * for one shop and its admin session.
 */

/** The two ports a test may replace: the step a half-way failure is about, and its undo. */
export interface CreationDeps {
  /** Stores the new variants' mappings. */
  saveMappings(args: MappingsToSave): Promise<void>;
  /** Removes the product again after a half-way failure. */
  deleteProduct(args: { admin: AdminApi; productId: string }): Promise<void>;
}

async function saveCreationMappings({
  shop,
  productId,
  title,
  variants,
}: MappingsToSave): Promise<void> {
  for (const { variant, variantId, preflight } of variants) {
    await saveMapping({
      shop,
      mapping: {
        ...variant.mapping,
        spineText: null,
        preflight,
        variantId,
        productId,
        title: `${title} – ${variant.label}`,
      },
    });
  }
}

const DEFAULT_DEPS: CreationDeps = {
  saveMappings: saveCreationMappings,
  deleteProduct: ({ admin, productId }) => deleteProduct(adminGraphql(admin), productId),
};

const log = () => getLogger().child({ component: "product-creation" });

export function creationPorts({
  shop,
  admin,
  deps,
}: {
  shop: string;
  admin: AdminApi;
  deps?: Partial<CreationDeps>;
}): CreationPorts {
  const { saveMappings, deleteProduct: removeProduct } = { ...DEFAULT_DEPS, ...deps };
  return {
    shop,
    store: {
      findByRequestKey: (requestKey) => findCreationByKey({ shop, requestKey }),
      find: (id) => findCreation({ shop, id }),
      insert: (row) => insertCreation({ shop, ...row }),
      takeOver: (row, data) => takeOverCreation({ shop, row, data }),
      update: (id, change) => updateCreation({ shop, id, change }),
      changeRequest: async (id, edit, change) => {
        await changeCreationRequest({ shop, id, edit, change });
      },
      saveMappings,
      deleteMappings: async (variantIds) => {
        await deleteMappings({ shop, variantIds });
      },
      keepSaleCost: (args) => keepSaleCost({ shop, ...args }),
      settingsCurrency: async () => (await getPrintSettingsForDisplay({ shop }))?.currency ?? null,
      rememberPricingRule: (rule) => rememberPricingRule({ shop, rule }),
    },
    shopify: {
      graphql: adminGraphql(admin),
      shopInfo: () => getShopInfo({ shop, admin }),
      deleteProduct: (productId) => removeProduct({ admin, productId }),
    },
    print: {
      offerings: () => listOfferings({ shop, filters: {} }),
      coverSize: async (offeringId, numberOfPages) => {
        const spine = await getOfferingSpine({ shop, offeringId, numberOfPages });
        return spine.status === "ok" ? spine.spine : null;
      },
      saleCosts: (items) => quoteSaleCosts({ shop, admin, items }),
      createPublication: (input) => createPublication({ shop, input }),
    },
    files: { checkAgainst: preflightAgainstForApp, check: preflightForApp },
    pdfImage: ({ pdfUrl, title }) => productImageFromPdf({ admin, pdfUrl, title }),
    log: {
      warn: (obj, msg) => log().warn(obj, msg),
      error: (obj, msg) => log().error(obj, msg),
    },
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}
