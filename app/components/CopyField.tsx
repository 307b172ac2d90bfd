import { useEffect, useState } from "react";
import { Button, TextField } from "@shopify/polaris";

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
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (copied === "idle") return;
    const t = setTimeout(() => setCopied("idle"), 2500);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
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
        <Button onClick={copy} accessibilityLabel={`Copy ${label}`}>
          {copied === "copied" ? "Copied" : "Copy"}
        </Button>
      }
    />
  );
}
