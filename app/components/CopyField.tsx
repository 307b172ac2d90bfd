import { useEffect, useState } from "react";
import { Button, Text, TextField } from "@shopify/polaris";

type CopyState = "idle" | "copied" | "failed";

/** Copies a value to the clipboard and says for a moment whether it worked. */
function useCopy(value: string): [CopyState, () => Promise<void>] {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(t);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return [state, copy];
}

/** A read-only value with a copy button that says when it worked. */
export function CopyField({
  label,
  value,
  helpText,
}: {
  label: string;
  value: string;
  helpText?: string;
}) {
  const [copied, copy] = useCopy(value);
  return (
    <TextField
      label={label}
      value={value}
      readOnly
      autoComplete="off"
      helpText={
        copied === "failed" ? "Copying is blocked here: select the text and copy it." : helpText
      }
      connectedRight={
        <Button
          onClick={copy}
          accessibilityLabel={`${copied === "copied" ? "Copied" : "Copy"} ${label}`}
        >
          {copied === "copied" ? "Copied" : "Copy"}
        </Button>
      }
    />
  );
}

/**
 * Just the button, for a link shown elsewhere (in a table row). `of` names whose link it is,
 * for screen readers ("Copy link of Travel diary"); the outcome is announced, and when the
 * browser blocks copying the link is shown to copy by hand.
 */
export function CopyButton({ of, value }: { of: string; value: string }) {
  const [copied, copy] = useCopy(value);
  // The name starts with the visible words, as speech input expects.
  const shown = copied === "copied" ? "Copied link" : "Copy link";
  return (
    <span style={{ display: "inline-flex", flexDirection: "column", gap: "0.25rem" }}>
      <Button size="slim" onClick={copy} accessibilityLabel={`${shown} of ${of}`}>
        {shown}
      </Button>
      <span role="status" style={{ display: "contents" }}>
        {copied === "failed" ? (
          <Text as="span" variant="bodySm" tone="subdued" breakWord>
            Copying is blocked here; copy this: {value}
          </Text>
        ) : copied === "copied" ? (
          <Text as="span" visuallyHidden>
            Copied
          </Text>
        ) : null}
      </span>
    </span>
  );
}
