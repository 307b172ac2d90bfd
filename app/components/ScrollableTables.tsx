import { useEffect } from "react";

/** Polaris' table scrollers; Polaris gives them no tabindex. */
const SCROLLERS = ".Polaris-DataTable__ScrollContainer";

/**
 * Makes the scroll box of a Polaris DataTable reachable by keyboard while it
 * scrolls sideways (a wide table on a phone), so its hidden columns can be
 * read with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable).
 * A table that fits is left out of the Tab order. Watches the page for new
 * tables and the window for size changes; the attributes are Polaris'
 * elements' own, which React never sets, so renders keep them.
 */
export function useKeyboardScrollableTables() {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        for (const scroller of document.querySelectorAll<HTMLElement>(SCROLLERS)) {
          const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
          if (scrolls && scroller.tabIndex !== 0) {
            scroller.tabIndex = 0;
            scroller.setAttribute("role", "region");
            scroller.setAttribute("aria-label", tableName(scroller));
          } else if (!scrolls && scroller.hasAttribute("tabindex")) {
            scroller.removeAttribute("tabindex");
            scroller.removeAttribute("role");
            scroller.removeAttribute("aria-label");
          }
        }
      });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener("resize", update);
    };
  }, []);
}

/** "Table, scrolls sideways", named by the card's heading when it has one. */
function tableName(scroller: HTMLElement): string {
  const card = scroller.closest(".Polaris-ShadowBevel, .Polaris-Card");
  const heading = card?.querySelector("h2, h3")?.textContent?.trim();
  return heading ? `${heading} (scrolls sideways)` : "Table (scrolls sideways)";
}
