import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import type { RoomAbilities, RoomLink } from "#server/modules/rooms";
import { ROOM_LIMITS } from "#shared/rooms";
import type { RoomActionResult } from "./action-result";
import { resultFor } from "./room-result";
import { useRoomRefresh } from "./use-room-refresh";

/** The room's links (title and address, opened in a new tab without our address), with the form that adds one. */
export function LinksSection({
  links,
  abilities,
  result,
}: {
  links: RoomLink[];
  abilities: RoomAbilities;
  result: RoomActionResult | undefined;
}) {
  const { t } = useTranslation("rooms");
  useRoomRefresh(["link.changed"]);
  const add = resultFor(result, ["link-add"]);
  const remove = resultFor(result, ["link-remove"]);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (add.success) form.current?.reset();
  }, [add.success]);
  return (
    <section id="links" aria-labelledby="links-title" className="space-y-4 scroll-mt-24">
      <h2 id="links-title" className="text-2xl font-bold">
        {t("sections.links")}
      </h2>
      <FormAlert message={remove.failure?.formError} values={remove.failure?.formErrorValues} />
      <FormAlert message={remove.success?.message} variant="success" />
      {links.length === 0 ? (
        <p className="text-muted-foreground">{t("links.empty")}</p>
      ) : (
        <ul className="row-list" aria-label={t("links.list")}>
          {links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <a
                  href={l.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  className="font-semibold text-primary break-words underline-offset-4 hover:underline"
                >
                  {l.title}
                </a>
                <p className="text-sm text-muted-foreground break-all">{l.url}</p>
                <p className="text-xs text-muted-foreground">{t("links.addedBy", { name: l.addedByName })}</p>
              </div>
              {abilities.removeLink ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="link-remove" />
                  <input type="hidden" name="linkId" value={l.id} />
                  <button type="submit" className="btn btn-outline btn-sm" aria-label={t("links.removeLabel", { title: l.title })}>
                    {t("links.remove")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {abilities.addLink ? (
        <Form method="post" ref={form} className="space-y-4" preventScrollReset aria-labelledby="link-add-title">
          <h3 id="link-add-title" className="font-semibold">
            {t("links.addTitle")}
          </h3>
          <input type="hidden" name="intent" value="link-add" />
          <FormAlert
            message={add.failure?.formError && add.failure.formError !== "errors:input.invalid" ? add.failure.formError : null}
            values={add.failure?.formErrorValues}
          />
          <FormAlert message={add.success?.message} variant="success" />
          <Field
            label={t("links.title")}
            name="title"
            required
            maxLength={ROOM_LIMITS.linkTitleMax}
            hint={t("links.titleHint", { max: ROOM_LIMITS.linkTitleMax })}
            error={add.failure?.fieldErrors.title}
            errorValues={{ max: ROOM_LIMITS.linkTitleMax }}
            defaultValue={add.failure?.values.title ?? ""}
          />
          <Field
            label={t("links.url")}
            name="url"
            type="url"
            inputMode="url"
            required
            maxLength={ROOM_LIMITS.urlMax}
            hint={t("links.urlHint")}
            error={add.failure?.fieldErrors.url}
            defaultValue={add.failure?.values.url ?? ""}
          />
          <SubmitButton className="btn btn-outline" name="intent" value="link-add">
            {t("links.add")}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
