import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Invoker Commands (`commandfor`/`command`): the browser opens and closes the dialog, no script needed. */
const invoke = (target: string, command: "show-modal" | "close") => ({ commandfor: target, command }) as Record<string, string>;

/**
 * A modal dialog (an edit form, a confirmation that needs room): the native <dialog>, opened by its trigger
 * button and closed by its close button, Escape or the form inside it (`method="dialog"` or a post). Focus
 * moves into it and back to the trigger; the page behind is inert. It opens with the browser's Invoker
 * Commands (no JavaScript); where a browser lacks them, a small effect does the same once hydrated. For a
 * yes/no that must work before any script on every browser, use a <details> disclosure instead
 * (`ConfirmAction` in the admin).
 */
export function Dialog({
  title,
  trigger,
  triggerClassName = "btn btn-outline",
  defaultOpen = false,
  children,
}: {
  title: string;
  /** The trigger button's text. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** Open on arrival (for example to show a failed submit's errors). */
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `dialog-${useId().replace(/:/g, "")}`;
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (defaultOpen && !dialog.open) dialog.showModal();
    if ("commandForElement" in HTMLButtonElement.prototype) return;
    const onClick = (e: MouseEvent) => {
      const button = (e.target as Element).closest?.(`button[commandfor="${id}"]`);
      if (!button) return;
      if (button.getAttribute("command") === "show-modal") dialog.showModal();
      else dialog.close();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [id, defaultOpen]);

  return (
    <>
      <button type="button" className={triggerClassName} {...invoke(id, "show-modal")}>
        {trigger}
      </button>
      <dialog ref={ref} id={id} className="dialog" aria-labelledby={`${id}-title`}>
        <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {title}
          </h2>
          <button type="button" className="btn btn-ghost btn-sm -mr-2 px-2" aria-label={t("ui.dialog.close")} {...invoke(id, "close")}>
            <span aria-hidden="true" className="text-xl leading-none">
              ×
            </span>
          </button>
        </div>
        <div className="px-5 py-4">{children}</div>
      </dialog>
    </>
  );
}
