import { Link, Text } from "@shopify/polaris";
import { httpUrlOrNull } from "../../services/safe-url";

/**
 * A link to a URL that came from outside (a customer's file, the print
 * service's tracking page): only http(s) becomes a link, anything else
 * (`javascript:`) is shown as text.
 */
export function ExternalLink({ url, children }: { url: string | null; children: string }) {
  const href = httpUrlOrNull(url);
  if (!href) return <Text as="span">{children}</Text>;
  return (
    <Link url={href} target="_blank">
      {children}
    </Link>
  );
}
