import type { EventKind, EventOf } from "../../../schemas/event.ts";

/** Every event kind has exactly one view; the timeline looks it up, never switches on the kind. */
export type EventView<K extends EventKind> = {
  label: string;
  /** A symbol beside the label (decorative: the label says the same), so kinds differ by more than colour. */
  icon: string;
  Body: (props: { event: EventOf<K> }) => React.ReactNode;
};
export type EventViews = { [K in EventKind]: EventView<K> };
