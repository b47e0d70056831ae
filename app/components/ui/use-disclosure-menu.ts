import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * For menus built on <details> (they open and close without JavaScript): once hydrated, they also close on
 * navigation (SPEC §2), on Escape (focus returns to the toggle) and on a click outside. `active` is false while
 * the menu is not on the page yet.
 */
export function useDisclosureMenu(active = true) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const mounted = useRef(false);

  useEffect(() => {
    // Not on the first render: a menu the address opened (a form shown after a refusal, `?report=`) stays open.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && el.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (el.open && !el.contains(e.target as Node)) el.open = false;
    };
    el.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      el.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
    // `active`: a menu rendered only once the page runs (a link before) gets its listeners then.
  }, [active]);

  return ref;
}
