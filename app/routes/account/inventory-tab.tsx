import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { FormAlert } from "#app/components/ui/form-field";
import { RowList } from "#app/components/ui/list";
import { toast } from "#app/components/ui/toast";
import { ItemPicture, ItemRarityLabel } from "#app/features/character/item-picture";
import { ItemRow } from "#app/features/character/item-row";
import { itemName, statChanges, statDelta } from "#app/features/character/stats";
import { formatNumber } from "#app/features/gamification/numbers";
import { useHydrated } from "#app/features/notifications/use-hydrated";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/inventory-tab";

export const handle = { i18n: ["account", "character"] };

/**
 * SPEC §2, §3 /account/inventory: the eleven slots and what is worn in them, the items one owns (equip, with
 * the effect on the stats shown before confirming), and the "available" list, where items are bought with
 * gold (there is no shop page).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "character");
  const character = context.services.character;
  const inventory = await character.listInventory(actor, { userId: actor.userId });
  return {
    seo: seo({
      title: `${t("inventory.title")} · ${pageTools(context, request, "account").t("title")}`,
      description: t("inventory.description"),
      noindex: true,
    }),
    abilities: character.abilities(actor),
    inventory,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const character = context.services.character;
  try {
    switch (intent) {
      case "buy":
        return { ok: true as const, intent, itemId: (await character.buyItem(actor, { itemId: form.get("itemId") })).itemId };
      case "equip":
        return { ok: true as const, intent, itemId: (await character.equipItem(actor, { itemId: form.get("itemId") })).itemId };
      case "unequip":
        return { ok: true as const, intent, itemId: (await character.unequipItem(actor, { slot: form.get("slot") })).itemId };
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (err) {
    return actionFailure(err, form);
  }
}

export default function InventoryTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("character");
  const { locale, to } = useLocalePath();
  const hydrated = useHydrated();
  const { inventory, abilities } = loaderData;
  const named = (id: string | null) => {
    const item = id ? inventory.owned.find((o) => o.id === id) : undefined;
    return item ? itemName(item, locale) : "";
  };
  const done =
    actionData?.ok && actionData.itemId ? t(`inventory.${doneKey(actionData.intent)}`, { name: named(actionData.itemId) }) : null;
  useEffect(() => {
    if (done) toast({ title: done, variant: "success" });
  }, [done]);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const gold = formatNumber(inventory.gold, locale);
  const worn = new Map(inventory.slots.map((s) => [s.slot, s.item]));
  const unworn = inventory.owned.filter((o) => !o.equipped);
  return (
    <div className="space-y-6">
      <p className="text-muted-foreground">{t("inventory.lead")}</p>
      <p className="text-lg font-semibold">{t("inventory.summary", { level: inventory.level, gold })}</p>
      {done && !hydrated ? <FormAlert message={done} variant="success" /> : null}
      {failure ? <FormAlert message={failure.formError} values={failure.formErrorValues} /> : null}
      {abilities.play && !inventory.characterClass ? (
        <p>
          {t("inventory.noClass")}{" "}
          <Link to={to("/account/character")} className="link font-semibold">
            {t("inventory.pickClass")}
          </Link>
        </p>
      ) : null}

      <section className="card p-6" aria-labelledby="equipped-heading">
        <h2 id="equipped-heading" className="text-xl font-bold">
          {t("inventory.equipped.heading")}
        </h2>
        {/* One form for every slot's button (each names its slot). */}
        <Form id="unequip-form" method="post">
          <input type="hidden" name="intent" value="unequip" />
        </Form>
        <ul className="row-list mt-2">
          {inventory.slots.map(({ slot, item }) => (
            <li key={slot} className="flex flex-wrap items-center gap-3 py-3">
              <span className="w-32 shrink-0 text-sm font-semibold text-muted-foreground">{t(`slots.${slot}`)}</span>
              {item ? (
                <>
                  <ItemPicture item={item} size={32} />
                  <span className="min-w-40 flex-1">
                    <span className="font-semibold break-words">{itemName(item, locale)}</span>{" "}
                    <ItemRarityLabel rarity={item.rarity} label={t(`rarity.${item.rarity}`)} />
                    <span className="block text-sm text-muted-foreground">{statChanges(t, item.bonus) || t("item.noBonus")}</span>
                  </span>
                  {abilities.play ? (
                    <button
                      type="submit"
                      form="unequip-form"
                      name="slot"
                      value={slot}
                      className="btn btn-outline min-h-9 px-3 py-1 text-sm"
                      aria-label={t("inventory.equipped.unequipLabel", { name: itemName(item, locale) })}
                    >
                      {t("inventory.equipped.unequip")}
                    </button>
                  ) : null}
                </>
              ) : (
                <span className="text-muted-foreground">{t("inventory.equipped.empty")}</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="card p-6" aria-labelledby="owned-heading">
        <h2 id="owned-heading" className="text-xl font-bold">
          {t("inventory.owned.heading")}
        </h2>
        {inventory.owned.length === 0 ? (
          <EmptyState className="mt-4">{t("inventory.owned.empty")}</EmptyState>
        ) : (
          <RowList className="mt-2">
            {[...inventory.owned.filter((o) => o.equipped), ...unworn].map((item) => {
              const current = worn.get(item.slot) ?? null;
              const effect = statChanges(t, statDelta(item, current));
              const name = itemName(item, locale);
              return (
                <ItemRow key={item.id} item={item}>
                  {item.equipped ? (
                    <Badge tone="positive">{t("inventory.owned.wearing")}</Badge>
                  ) : !item.levelMet ? (
                    <span className="text-sm font-semibold text-muted-foreground">
                      {t("item.needsLevel", { level: item.levelRequired })}
                    </span>
                  ) : abilities.play ? (
                    <ConfirmAction
                      label={t("inventory.owned.equip")}
                      question={[
                        t("inventory.owned.question", { name, slot: t(`slots.${item.slot}`) }),
                        current ? t("inventory.owned.replaces", { name: itemName(current, locale) }) : null,
                        effect ? t("inventory.owned.effect", { effect }) : t("inventory.owned.noEffect"),
                      ]
                        .filter(Boolean)
                        .join(" ")}
                      confirmLabel={t("inventory.owned.confirm")}
                      intent="equip"
                      fields={{ itemId: item.id }}
                      tone="primary"
                    />
                  ) : null}
                </ItemRow>
              );
            })}
          </RowList>
        )}
      </section>

      <section className="card p-6" aria-labelledby="available-heading">
        <h2 id="available-heading" className="text-xl font-bold">
          {t("inventory.available.heading")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("inventory.available.lead")}</p>
        {inventory.available.length === 0 ? (
          <EmptyState className="mt-4">{t("inventory.available.empty")}</EmptyState>
        ) : (
          <RowList className="mt-2">
            {inventory.available.map((item) => {
              const name = itemName(item, locale);
              const price = formatNumber(item.price, locale);
              return (
                <ItemRow key={item.id} item={item} extra={<p className="text-sm font-semibold">{t("item.price", { price })}</p>}>
                  {!item.levelMet ? (
                    <span className="text-sm font-semibold text-muted-foreground">
                      {t("item.needsLevel", { level: item.levelRequired })}
                    </span>
                  ) : !item.affordable ? (
                    <span className="text-sm font-semibold text-danger">{t("inventory.available.short")}</span>
                  ) : abilities.play ? (
                    <ConfirmAction
                      label={t("inventory.available.buy", { price })}
                      question={t("inventory.available.question", { name, price, left: formatNumber(inventory.gold - item.price, locale) })}
                      confirmLabel={t("inventory.available.confirm")}
                      intent="buy"
                      fields={{ itemId: item.id }}
                      tone="primary"
                    />
                  ) : null}
                </ItemRow>
              );
            })}
          </RowList>
        )}
      </section>
    </div>
  );
}

const doneKey = (intent: string) => (intent === "buy" ? "available.done" : intent === "equip" ? "owned.done" : "equipped.done");
