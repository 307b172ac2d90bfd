/**
 * The shop's own address, owner and email, as Shopify keeps them: where a proof copy goes
 * unless the merchant enters another address. (`Shop.billingAddress` is the deprecated name of
 * the same address; `ShopAddress` has no person's name, so the owner's name is read apart.)
 */
export interface ShopAddressData {
  shop: {
    name: string;
    email: string;
    shopOwnerName: string;
    shopAddress: {
      address1: string | null;
      address2: string | null;
      city: string | null;
      company: string | null;
      countryCodeV2: string | null;
      provinceCode: string | null;
      zip: string | null;
      phone: string | null;
    } | null;
  };
}

export const SHOP_ADDRESS_QUERY = `#graphql
  query PrintConnectShopAddress {
    shop {
      name
      email
      shopOwnerName
      shopAddress { address1 address2 city company countryCodeV2 provinceCode zip phone }
    }
  }`;
