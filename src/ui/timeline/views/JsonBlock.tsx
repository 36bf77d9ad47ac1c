import { formatJson } from "../../shared/format.ts";
import { visible } from "../../shared/inert.ts";

/** JSON shown as inert text; long values scroll inside their block instead of stretching the page. */
export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return <pre aria-label={label}>{visible(formatJson(value))}</pre>;
}
