import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FormAlert, SelectField, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { MediaSlot } from "#app/components/ui/media-slot";
import { useHydrated } from "#app/features/forum/fetcher-kit";
import type { FormFailure } from "#app/lib/form";
import {
  FEATURE_TYPES,
  GAME_IMAGE_MAX_BYTES,
  GAME_NAME_MAX,
  RELEASE_STATUSES,
  SHORT_DESCRIPTION_MAX,
  CONTACT_NAME_MAX,
  STUDIO_NAME_MAX,
  youtubeVideoId,
} from "#shared/promotions";
import type { AutofillResult, PromoResult } from "./types";
import { compressImage, setInputFile } from "./compress-image";
import { kb } from "./kb";
import { ScreenshotsField } from "./screenshots-field";
import { formatMoney } from "./money";
import { NS } from "./ns";
import type { OfferView } from "./offer";

/** What the form starts from: a company game's details (`?game=`), else empty. */
export type StartValues = {
  companyGameId: string;
  gameName: string;
  shortDescription: string;
  storeUrl: string;
  youtubeUrl: string;
  releaseStatus: string;
  studioName: string;
  contactName: string;
  contactEmail: string;
  coverUrl: string | null;
};

export type SubmitFailure = FormFailure & {
  imageToken?: string | null;
  /** Screenshots already taken by a refused send, kept for the next one. */
  screenshotTokens?: string[];
  /** What the refused screenshot's message names (its file) and quotes (the limits). */
  screenshotErrorValues?: Record<string, string | number>;
};

/**
 * The promotion request (SPEC §3): a real multipart form that works without JavaScript. Once hydrated, the
 * image is compressed in the browser before upload, a YouTube link fills the game's name and shows its
 * thumbnail, and the promo code is checked live (both through fetchers on this page's action).
 */
export function SubmissionForm({ offer, start, failure }: { offer: OfferView; start: StartValues; failure?: SubmitFailure }) {
  const { t, i18n } = useTranslation([NS, "promotions", "errors"]);
  const locale = i18n.language;
  const hydrated = useHydrated();
  const typed = failure?.values;
  const value = (name: keyof StartValues) => typed?.[name] ?? (start[name] as string) ?? "";
  const errors = failure?.fieldErrors ?? {};

  const [gameName, setGameName] = useState(value("gameName"));
  const [shortLength, setShortLength] = useState(value("shortDescription").length);
  const [featureType, setFeatureType] = useState(typed?.featureType ?? FEATURE_TYPES[0]);
  const [promoCode, setPromoCode] = useState(typed?.promoCode ?? "");
  const [imageState, setImageState] = useState<{ kind: "idle" | "compressing" | "ready" | "failed"; size?: number; preview?: string }>({
    kind: "idle",
  });
  const [youtubeUrl, setYoutubeUrl] = useState(value("youtubeUrl"));
  const yt = useFetcher<AutofillResult>();
  const promo = useFetcher<PromoResult>();
  const lastLookup = useRef<string>("");

  const feature = offer.features.find((f) => f.type === featureType) ?? offer.features[0]!;
  const money = (minor: number) => formatMoney(minor, offer.currency, locale);
  const promoOk = promo.data?.ok ? promo.data : null;

  // The auto-filled title becomes the game's name, unless the studio typed a name of its own (a name left empty
  // or still the previous auto-fill is replaced; the button replaces it always).
  const autoName = useRef<string>("");
  const forceFill = useRef(false);
  useEffect(() => {
    if (!yt.data?.ok) return;
    const title = yt.data.gameName;
    setGameName((current) => (forceFill.current || !current.trim() || current === autoName.current ? title : current));
    autoName.current = title;
    forceFill.current = false;
  }, [yt.data]);

  // The total follows the feature type: check the code again when it changes.
  useEffect(() => {
    if (promo.data && promoCode.trim()) checkPromo();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the feature type changes
  }, [featureType]);

  useEffect(() => () => void (imageState.preview && URL.revokeObjectURL(imageState.preview)), [imageState.preview]);

  function lookup(url: string) {
    if (!youtubeVideoId(url) || lastLookup.current === url) return;
    lastLookup.current = url;
    void yt.submit({ intent: "youtube", youtubeUrl: url }, { method: "post" });
  }
  function checkPromo() {
    if (!promoCode.trim()) return;
    void promo.submit({ intent: "promo", promoCode, featureType }, { method: "post" });
  }

  async function onImage(e: React.ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return setImageState({ kind: "idle" });
    setImageState({ kind: "compressing" });
    try {
      const small = await compressImage(file);
      if (small !== file && !setInputFile(input, small)) throw new Error("cannot replace the file");
      setImageState({ kind: "ready", size: small.size, preview: URL.createObjectURL(small) });
    } catch {
      input.value = "";
      setImageState({ kind: "failed" });
    }
  }

  const ytError = yt.data && !yt.data.ok ? yt.data.error : undefined;
  const imageError = imageState.kind === "failed" ? "errors:promotions.image_compress_failed" : errors.image;
  const imageStatus =
    imageState.kind === "compressing"
      ? t("form.imageCompressing")
      : imageState.kind === "ready"
        ? t("form.imageReady", { size: kb(imageState.size ?? 0, locale) })
        : failure?.imageToken
          ? t("form.imageKept")
          : failure
            ? t("form.imageLost")
            : start.coverUrl
              ? t("form.imageFromGame")
              : null;
  const preview = imageState.preview ?? (failure?.imageToken ? `/media/featured/${failure.imageToken}.webp` : start.coverUrl);

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" aria-labelledby="form-title">
      <h2 id="form-title" className="text-2xl font-bold">
        {t("form.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("form.required")}</p>
      <input type="hidden" name="intent" value="submit" />
      {value("companyGameId") ? <input type="hidden" name="companyGameId" value={value("companyGameId")} /> : null}
      {failure?.imageToken && imageState.kind !== "ready" ? <input type="hidden" name="imageToken" value={failure.imageToken} /> : null}
      <div aria-live="polite">{failure ? <FormAlert message={failure.formError} values={failure.formErrorValues} /> : null}</div>

      <fieldset className="space-y-4">
        <legend className="text-lg font-bold">{t("form.contact")}</legend>
        <Field
          label={t("form.contactName")}
          name="contactName"
          required
          maxLength={CONTACT_NAME_MAX}
          autoComplete="name"
          defaultValue={value("contactName")}
          error={errors.contactName}
        />
        <Field
          label={t("form.contactEmail")}
          name="contactEmail"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          hint={t("form.contactEmailHint")}
          defaultValue={value("contactEmail")}
          error={errors.contactEmail}
        />
        <Field
          label={t("form.studioName")}
          name="studioName"
          required
          maxLength={STUDIO_NAME_MAX}
          autoComplete="organization"
          defaultValue={value("studioName")}
          error={errors.studioName}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-bold">{t("form.game")}</legend>
        <div className="space-y-2">
          <Field
            label={t("form.youtubeUrl")}
            name="youtubeUrl"
            type="url"
            required
            maxLength={300}
            placeholder="https://www.youtube.com/watch?v="
            hint={t("form.youtubeUrlHint")}
            value={youtubeUrl}
            onChange={(e) => setYoutubeUrl(e.currentTarget.value)}
            error={ytError ?? errors.youtubeUrl}
            onBlur={(e) => lookup(e.currentTarget.value.trim())}
            onPaste={(e) => {
              const pasted = e.clipboardData.getData("text").trim();
              if (pasted) lookup(pasted);
            }}
          />
          {hydrated ? (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="btn btn-outline"
                disabled={yt.state !== "idle"}
                onClick={() => {
                  lastLookup.current = "";
                  forceFill.current = true;
                  const url = youtubeUrl.trim();
                  if (youtubeVideoId(url)) lookup(url);
                  else void yt.submit({ intent: "youtube", youtubeUrl: url }, { method: "post" });
                }}
              >
                {yt.state !== "idle" ? t("form.autofilling") : t("form.autofill")}
              </button>
              <p aria-live="polite" className="text-sm text-muted-foreground">
                {yt.data?.ok ? t("form.autofilled", { title: yt.data.gameName }) : null}
              </p>
            </div>
          ) : null}
          {yt.data?.ok && yt.data.thumbnailUrl ? (
            <img
              src={yt.data.thumbnailUrl}
              alt={t("form.thumbnailAlt")}
              width={320}
              height={180}
              className="aspect-video w-48 rounded-control object-cover"
              referrerPolicy="no-referrer"
              data-testid="youtube-thumbnail"
            />
          ) : null}
        </div>
        <Field
          label={t("form.gameName")}
          name="gameName"
          required
          maxLength={GAME_NAME_MAX}
          value={gameName}
          onChange={(e) => setGameName(e.currentTarget.value)}
          error={errors.gameName}
        />
        <TextAreaField
          label={t("form.shortDescription")}
          name="shortDescription"
          required
          rows={3}
          maxLength={SHORT_DESCRIPTION_MAX}
          hint={
            <>
              {t("form.shortDescriptionHint")}{" "}
              <span aria-live="polite">{t("form.counter", { count: shortLength, max: SHORT_DESCRIPTION_MAX })}</span>
            </>
          }
          defaultValue={value("shortDescription")}
          onChange={(e) => setShortLength(e.currentTarget.value.length)}
          error={errors.shortDescription}
        />
        <Field
          label={t("form.storeUrl")}
          name="storeUrl"
          type="url"
          required
          maxLength={500}
          placeholder="https://"
          hint={t("form.storeUrlHint")}
          defaultValue={value("storeUrl")}
          error={errors.storeUrl}
        />
        <div className="flex flex-wrap items-end gap-4">
          {preview ? <MediaSlot src={preview} alt={t("form.imagePreviewAlt")} width={320} className="w-48 rounded-control" /> : null}
          <div className="min-w-0 flex-1">
            <FileInput
              label={t("form.image")}
              name="image"
              accept="image/png,image/jpeg,image/webp"
              required={!failure?.imageToken && !start.coverUrl}
              hint={
                <>
                  {t("form.imageHint", { megabytes: GAME_IMAGE_MAX_BYTES / 1024 / 1024 })}{" "}
                  {imageStatus ? <span aria-live="polite">{imageStatus}</span> : null}
                </>
              }
              error={imageError}
              errorValues={failure?.formErrorValues}
              onChange={(e) => void onImage(e)}
            />
          </div>
        </div>
        <ScreenshotsField failure={failure} error={errors.screenshots} />
        <SelectField
          label={t("form.releaseStatus")}
          name="releaseStatus"
          defaultValue={value("releaseStatus") || "released"}
          error={errors.releaseStatus}
        >
          {RELEASE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`promotions:labels.releaseStatus.${s}`)}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <fieldset className={`space-y-3 ${errors.featureType ? "field-error" : ""}`}>
        <legend className="text-lg font-bold">{t("form.featureType")}</legend>
        {errors.featureType ? <p className="text-sm font-semibold text-danger">{t(errors.featureType)}</p> : null}
        <div className="grid gap-3 sm:grid-cols-3">
          {offer.features.map((f) => (
            <label
              key={f.type}
              className="card flex cursor-pointer gap-3 p-4 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name="featureType"
                value={f.type}
                checked={featureType === f.type}
                onChange={() => setFeatureType(f.type)}
                className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]"
              />
              <span className="min-w-0 space-y-1">
                <span className="block font-semibold">{t(`promotions:labels.featureType.${f.type}`)}</span>
                <span className="block text-sm">
                  {t("form.featurePrice", { price: money(f.priceMinor), days: t("promotions:days", { count: f.durationDays }) })}
                </span>
                <span className="block text-sm text-muted-foreground">{t(`promotions:labels.featureTypeHint.${f.type}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-2">
        <Field
          label={t("form.promoCode")}
          name="promoCode"
          maxLength={32}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint={t("form.promoCodeHint")}
          value={promoCode}
          onChange={(e) => setPromoCode(e.currentTarget.value)}
          onBlur={() => checkPromo()}
          error={errors.promoCode}
        />
        {hydrated ? (
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-outline" disabled={!promoCode.trim() || promo.state !== "idle"} onClick={checkPromo}>
              {promo.state !== "idle" ? t("form.promoChecking") : t("form.promoCheck")}
            </button>
            <p aria-live="polite" className="text-sm font-semibold" data-testid="promo-outcome">
              {promo.data && promo.state === "idle" ? (
                promo.data.ok ? (
                  <span className="text-positive">
                    {t("promotions:promo.outcomes.success", { discount: money(promo.data.discountMinor) })}{" "}
                    {t("form.promoNewTotal", { total: money(promo.data.amountMinor), price: money(promo.data.priceMinor) })}
                  </span>
                ) : (
                  <span className="text-danger">{t(promo.data.error)}</span>
                )
              ) : null}
            </p>
          </div>
        ) : null}
      </div>

      <p className="text-lg font-bold" data-testid="total">
        {t("form.total", { total: money(promoOk ? promoOk.amountMinor : feature.priceMinor) })}
      </p>
      <p className="text-sm text-muted-foreground">{t("form.consent")}</p>
      <SubmitButton className="btn btn-primary btn-lg" pendingLabel={t("form.submitting")}>
        {t("form.submit")}
      </SubmitButton>
    </Form>
  );
}
