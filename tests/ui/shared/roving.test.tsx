import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useRovingList } from "../../../src/ui/shared/roving.ts";

afterEach(cleanup);

const FRUIT = ["apple", "banana", "blueberry", "cherry"] as const;
type Fruit = (typeof FRUIT)[number];

/** A list of buttons, one picked; tabs select as they move when `select` is set. */
function Picker({ select = false }: { select?: boolean }) {
  const [picked, setPicked] = useState<Fruit>("banana");
  const roving = useRovingList(FRUIT, picked, { orientation: "vertical", typeAhead: true, ...(select ? { onMove: setPicked } : {}) });
  return (
    <>
      <ul {...roving.listProps}>
        {FRUIT.map((f) => (
          <li key={f}>
            <button type="button" aria-current={f === picked} onClick={() => setPicked(f)} {...roving.item(f)}>
              {f}
            </button>
          </li>
        ))}
      </ul>
      <button type="button">after</button>
    </>
  );
}

const tabStops = (): string[] => [...document.querySelectorAll<HTMLElement>("li button[tabindex='0']")].map((b) => b.textContent ?? "");

describe("a roving list", () => {
  it("is one Tab stop, the picked item", () => {
    render(<Picker />);
    expect(tabStops()).toEqual(["banana"]);
  });

  it("moves the focus with the arrows, Home and End, stops at its ends, and the Tab stop follows the focus", () => {
    const { getByText } = render(<Picker />);
    getByText("banana").focus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("blueberry");
    expect(tabStops()).toEqual(["blueberry"]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "End" });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("cherry");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Home" });
    expect(document.activeElement?.textContent).toBe("apple");
    // Moving the focus does not pick.
    expect(getByText("banana").getAttribute("aria-current")).toBe("true");
  });

  it("jumps to the next item that starts with a typed letter, after the focused one", () => {
    const { getByText } = render(<Picker />);
    getByText("banana").focus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "b" });
    expect(document.activeElement?.textContent).toBe("blueberry");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "B" });
    expect(document.activeElement?.textContent).toBe("banana");
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "z" });
    expect(document.activeElement?.textContent).toBe("banana");
  });

  it("returns its Tab stop to the picked item once the focus has left it", () => {
    const { getByText } = render(<Picker />);
    getByText("banana").focus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowDown" });
    act(() => getByText("after").focus());
    expect(tabStops()).toEqual(["banana"]);
  });

  it("selects as it moves when given onMove (tabs)", () => {
    const { getByText } = render(<Picker select />);
    getByText("banana").focus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowUp" });
    expect(getByText("apple").getAttribute("aria-current")).toBe("true");
  });
});
