/**
 * How paid orders go to print (the shop's routing mode), in the words of the
 * Settings page's choice; Home and the demo name the setting the same way.
 */
export const ROUTING_MODE_LABELS = {
  immediate: "Immediately",
  hold: "After a hold period",
  manual: "When I approve each order",
} as const satisfies Record<string, string>;

/** The label of a stored routing mode (an unknown one as it is stored). */
export function routingModeLabel(mode: string): string {
  return (ROUTING_MODE_LABELS as Record<string, string>)[mode] ?? mode;
}
