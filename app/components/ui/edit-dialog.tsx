import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

/**
 * A dialog opened by the address (`?edit=<id>`), so it works before JavaScript loads: the server renders it
 * open over a dimmed page, its × a link back to the list. Once the page runs JavaScript it becomes a modal
 * <dialog> (focus kept inside, Escape closes), and closing it goes back to the list's address.
 */
export function EditDialog({ title, closeHref, children }: { title: string; closeHref: string; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const [modal, setModal] = useState(false);
  // Before the first paint: a dialog opened by a link in the running page is modal (Escape, focus kept inside)
  // from the moment it shows, not a frame or more later.
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (!d.matches(":modal")) {
      if (d.open) d.close();
      d.showModal();
      setModal(true);
    }
    // The close() above queues a close event of its own: only a dialog that stays closed leads back.
    const onClose = () => {
      if (!d.open) navigate(closeHref, { preventScrollReset: true });
    };
    d.addEventListener("close", onClose);
    return () => d.removeEventListener("close", onClose);
  }, [closeHref, navigate]);
  return (
    <>
      {modal ? null : <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/60" />}
      <dialog
        ref={ref}
        open
        aria-labelledby="edit-dialog-title"
        className="fixed inset-0 z-50 m-auto max-h-[calc(100dvh-1rem)] w-[min(46rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border border-border bg-card p-0 text-card-foreground shadow-2xl backdrop:bg-black/60"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-border bg-card px-4 py-2">
          <h2 id="edit-dialog-title" className="min-w-0 break-words text-lg font-bold">
            {title}
          </h2>
          <Link
            to={closeHref}
            preventScrollReset
            className="btn btn-ghost size-11 shrink-0 p-0 text-2xl"
            aria-label={t("ui.dialog.close")}
            onClick={(e) => {
              // With JavaScript, closing the dialog leads back (its close event); without, the link does.
              if (ref.current?.matches(":modal")) {
                e.preventDefault();
                ref.current.close();
              }
            }}
          >
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        <div className="p-4">{children}</div>
      </dialog>
    </>
  );
}
