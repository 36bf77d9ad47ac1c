import { useId, useState } from "react";
import type { AnnotationMark } from "../../schemas/annotation.ts";
import { appStore, useStore } from "../../app/app-store.ts";
import "./annotations.css";

/** A verdict row's control: mark the verdict disputed or confirmed, with a reason and an author. */
export function VerdictAnnotate({ check }: { check: string }) {
  const lastAuthor = useStore((s) => s.annotations.author);
  const [open, setOpen] = useState(false);
  const [mark, setMark] = useState<AnnotationMark>("disputed");
  const [reason, setReason] = useState("");
  const [author, setAuthor] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  if (!open) {
    return (
      <button type="button" className="annotate-open" aria-label={`Annotate ${check}`} onClick={() => setOpen(true)}>
        Annotate
      </button>
    );
  }
  const save = async (): Promise<void> => {
    const result = await appStore.getState().annotateVerdict({ check, mark, reason, author: author ?? lastAuthor });
    if (!result.ok) return setProblem(result.message);
    setOpen(false);
    setReason("");
    setProblem(null);
  };
  return (
    <form className="annotate-form" aria-label={`Annotate ${check}`} onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <fieldset>
        <legend className="sr-only">Mark</legend>
        {(["disputed", "confirmed"] as const).map((m) => (
          <label key={m}>
            <input type="radio" name={`${id}-mark`} value={m} checked={mark === m} onChange={() => setMark(m)} /> {m}
          </label>
        ))}
      </fieldset>
      <label>
        Reason <input type="text" value={reason} onChange={(e) => setReason(e.target.value)} required />
      </label>
      <label>
        Author <input type="text" value={author ?? lastAuthor} onChange={(e) => setAuthor(e.target.value)} required />
      </label>
      <button type="submit" className="primary">Save annotation</button>{" "}
      <button type="button" onClick={() => setOpen(false)}>Cancel</button>
      {problem && <p role="alert" className="annotate-problem">{problem}</p>}
    </form>
  );
}
