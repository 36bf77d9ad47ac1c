import { readJsonText, validateJson, type FileProblem } from "../../files/read-json-file.ts";
import { ANNOTATIONS_FORMAT, AnnotationsFile, type Annotation } from "../../schemas/annotation.ts";

/** What a load found: the analyst's annotations, the last author named, and why a stored file was refused. */
export interface AnnotationsLoad {
  annotations: Annotation[];
  author: string;
  problem: string | null;
}

/** Where annotations are kept across reloads. Failures are rejected promises with readable messages. */
export interface AnnotationsStore {
  load(): Promise<AnnotationsLoad>;
  save(annotations: readonly Annotation[], author: string): Promise<void>;
}

/** The part of the Web Storage API the store uses (localStorage in the browser, a Map in tests). */
export interface TextStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const ANNOTATIONS_KEY = "finbound.annotations";
export const AUTHOR_KEY = "finbound.annotation-author";

export const annotationsFileOf = (annotations: readonly Annotation[], exportedAt: string): AnnotationsFile => ({
  format: ANNOTATIONS_FORMAT,
  exported_at: exportedAt,
  annotations: [...annotations],
});

/** An annotations file's text through the one file reader and the schema: the annotations, or a refusal. */
export function readAnnotationsText(text: string): { ok: true; value: AnnotationsFile } | FileProblem {
  const read = readJsonText(text);
  return read.ok ? validateJson(read.value, AnnotationsFile) : read;
}

/** Annotations kept as one `finbound.annotations/v1` text, read back like an imported file. */
export function createTextAnnotationsStore(storage: () => TextStorage, nowIso: () => string): AnnotationsStore {
  return {
    async load() {
      const text = storage().getItem(ANNOTATIONS_KEY);
      const author = storage().getItem(AUTHOR_KEY) ?? "";
      if (text === null) return { annotations: [], author, problem: null };
      const read = readAnnotationsText(text);
      return read.ok
        ? { annotations: read.value.annotations, author, problem: null }
        : { annotations: [], author, problem: `The saved annotations are unreadable and were not loaded: ${read.message}.` };
    },
    async save(annotations, author) {
      storage().setItem(ANNOTATIONS_KEY, JSON.stringify(annotationsFileOf(annotations, nowIso())));
      storage().setItem(AUTHOR_KEY, author);
    },
  };
}

/** A TextStorage in memory (tests, and a browser without localStorage). */
export function memoryTextStorage(): TextStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}
