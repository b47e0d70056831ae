import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileInput } from "#app/components/ui/file-input";
import { MediaSlot } from "#app/components/ui/media-slot";
import { GAME_IMAGE_MAX_BYTES, SUBMISSION_SCREENSHOTS_MAX } from "#shared/promotions";
import { compressImage, setInputFiles } from "./compress-image";
import { kb } from "./kb";
import { NS } from "./ns";
import type { SubmitFailure } from "./submission-form";

/**
 * The request's screenshots (optional, up to `SUBMISSION_SCREENSHOTS_MAX`): one multiple file field, compressed in the
 * browser as the image is; after a refused send, the screenshots the server kept are shown with a box each to
 * keep or drop them, and the refused ones are named in the field's error.
 */
export function ScreenshotsField({ failure, error }: { failure?: SubmitFailure; error?: string }) {
  const { t, i18n } = useTranslation([NS, "promotions", "errors"]);
  const locale = i18n.language;
  const [shotsState, setShotsState] = useState<{ kind: "idle" | "compressing" | "ready" | "failed"; count?: number; size?: number }>({
    kind: "idle",
  });
  // After a refused send, every screenshot the server took is kept by token (shown above the field) and the
  // refused ones are named: the files still chosen are let go, or the next send would add them twice.
  const shotsInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    const input = shotsInput.current;
    if (!failure || !input?.files?.length) return;
    input.value = "";
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, [failure]);

  // The screenshots, compressed as the image is; the files the server refuses are named in its answer.
  async function onScreenshots(e: React.ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    shotsInput.current = input;
    const files = [...(input.files ?? [])];
    if (!files.length) return setShotsState({ kind: "idle" });
    setShotsState({ kind: "compressing" });
    try {
      const small: File[] = [];
      for (const file of files) small.push(await compressImage(file));
      if (small.some((f, i) => f !== files[i]) && !setInputFiles(input, small)) throw new Error("cannot replace the files");
      setShotsState({ kind: "ready", count: small.length, size: small.reduce((sum, f) => sum + f.size, 0) });
    } catch {
      input.value = "";
      setShotsState({ kind: "failed" });
    }
  }

  const keptShots = failure?.screenshotTokens ?? [];
  const shotsError = shotsState.kind === "failed" ? "collaborate:form.screenshotsCompressFailed" : error;
  const shotsStatus =
    shotsState.kind === "compressing"
      ? t("form.screenshotsCompressing")
      : shotsState.kind === "ready"
        ? t("form.screenshotsReady", { count: shotsState.count ?? 0, size: kb(shotsState.size ?? 0, locale) })
        : null;

  return (
    <div className="space-y-3">
      {keptShots.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t("form.screenshotsKept", { count: keptShots.length })}</legend>
          <ul className="flex flex-wrap gap-3">
            {keptShots.map((token, i) => (
              <li key={token}>
                <label className="flex w-32 cursor-pointer flex-col gap-1 text-sm">
                  <MediaSlot src={`/media/featured/${token}.webp`} width={256} className="w-32 rounded-control" />
                  <span className="flex min-h-6 items-center gap-2">
                    <input
                      type="checkbox"
                      name="screenshotTokens"
                      value={token}
                      defaultChecked
                      className="size-4 shrink-0 accent-[var(--color-primary)]"
                    />
                    {t("form.screenshotKeep", { n: i + 1 })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <FileInput
        label={t("form.screenshots")}
        name="screenshots"
        multiple
        accept="image/png,image/jpeg,image/webp"
        hint={
          <>
            {t("form.screenshotsHint", { max: SUBMISSION_SCREENSHOTS_MAX, megabytes: GAME_IMAGE_MAX_BYTES / 1024 / 1024 })}{" "}
            {shotsStatus ? <span aria-live="polite">{shotsStatus}</span> : null}
          </>
        }
        error={shotsError}
        errorValues={failure?.screenshotErrorValues}
        onChange={(e) => void onScreenshots(e)}
      />
    </div>
  );
}
