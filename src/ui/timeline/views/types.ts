import type { EventKind, EventOf } from "../../../schemas/event.ts";

/** Every event kind has exactly one view; the timeline looks it up, never switches on the kind. */
export type EventView<K extends EventKind> = {
  label: string;
  Body: (props: { event: EventOf<K> }) => React.ReactNode;
};
export type EventViews = { [K in EventKind]: EventView<K> };
