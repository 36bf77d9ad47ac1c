import { useRef } from "react";

interface FilePickerProps {
  label: string;
  testId: string;
  onFile(file: File): Promise<unknown> | void;
  accept?: string;
  title?: string;
}

/** A button that opens the file chooser; the picked file is handed on once, and the same file may be picked again. */
export function FilePicker({ label, testId, onFile, accept, title }: FilePickerProps) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <button type="button" title={title} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) await onFile(file);
        }}
      />
    </>
  );
}
